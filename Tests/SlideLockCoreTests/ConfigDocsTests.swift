import Foundation
import Testing

@testable import SlideLockCore

/// docs/configuration.md is the reference of every key: its table lists each key of
/// `ConfigKey.all` by its full `section.key` name, and nothing in it names a key that is not
/// there (a renamed or removed key left in the prose is as wrong as one left out).
@Suite struct ConfigDocsTests {
    static let docPath = "docs/configuration.md"

    static func doc() throws -> String {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: repo.appendingPathComponent(docPath), encoding: .utf8)
    }

    /// The keys in the first column of the table (`| key | values | default |`), several to a
    /// cell when separated by commas.
    static func tableKeys(_ doc: String) -> [String] {
        var keys: [String] = []
        var inTable = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard line.hasPrefix("|"), cells.count > 2 else {
                inTable = false
                continue
            }
            if cells[1] == "key" {
                inTable = true
                continue
            }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            keys += cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return keys
    }

    /// Every `section.name` in the text whose section is a config section.
    static func namedKeys(_ doc: String) -> Set<String> {
        let wordCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789_.")
        var names = Set<String>()
        for word in doc.split(whereSeparator: { !wordCharacters.contains($0) }) {
            let parts = word.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, ConfigKey.sections.contains(String(parts[0])), !parts[1].isEmpty {
                names.insert(String(word))
            }
        }
        return names
    }

    @Test func theTableListsEveryKeyByItsFullName() throws {
        let listed = Self.tableKeys(try Self.doc())
        #expect(listed.count > 50, "no key table found in \(Self.docPath)")
        for key in ConfigKey.all {
            #expect(listed.contains(key.path), "\(key.path) is missing from the table in \(Self.docPath)")
        }
        for name in listed {
            #expect(ConfigKey.all.contains { $0.path == name }, "\(Self.docPath) lists \(name): no such key")
        }
    }

    @Test func theDocNamesNoKeyThatDoesNotExist() throws {
        let named = Self.namedKeys(try Self.doc())
        #expect(named.contains("gesture.threshold"))
        for name in named.sorted() {
            #expect(ConfigKey.all.contains { $0.path == name }, "\(Self.docPath) names \(name): no such key")
        }
    }

    /// The checks themselves: a short name in the table and a stale key are both caught.
    @Test func theParsersSeeWhatTheyMustCatch() {
        let doc = """
            | key | values | default |
            |---|---|---|
            | animation.hue, hue_period | on/off, seconds | on, 3 |

            See `gesture.no_such_key` and deploy/slidelock.conf, e.g. `theme.label`.
            """
        #expect(Self.tableKeys(doc) == ["animation.hue", "hue_period"])
        #expect(Self.namedKeys(doc) == ["animation.hue", "gesture.no_such_key", "theme.label"])
    }
}
