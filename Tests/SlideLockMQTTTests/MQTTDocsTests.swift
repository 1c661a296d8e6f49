import Foundation
import Testing

@testable import SlideLockMQTT

/// docs/site.md's table of mqtt.conf lists every key of the bridge's table, in its order,
/// and no other.
@Suite struct MQTTDocsTests {
    @Test func theKeyTableIsTheBridges() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: repo.appendingPathComponent("docs/site.md"), encoding: .utf8)
        guard let start = doc.range(of: "### /etc/slidelock/mqtt.conf"), let end = doc.range(of: "### Topics") else {
            Issue.record("docs/site.md has no mqtt.conf section")
            return
        }
        var documented: [String] = []
        for line in doc[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.split(separator: "|")[0]
            documented += cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        }
        #expect(documented == MQTTSettings.keyNames)
    }
}
