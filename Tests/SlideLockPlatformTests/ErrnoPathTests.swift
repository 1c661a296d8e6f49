import Foundation
import Testing

/// Keeps the one errno path: only `System/SystemError.swift` reads `errno` or names `EINTR`
/// (every call goes through `systemCall`, `systemPointerCall` or `negativeErrnoCall`), and
/// only `System/PollWaiter.swift` (the `EventWaiter` on the real clock) calls `poll`. Comments may name them.
struct ErrnoPathTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The code of a Swift file without its comments (a `//` inside a string cuts the line
    /// short: that can only hide text, and the files here have none before a violation).
    static func code(_ text: String) -> String {
        var withoutBlocks = text
        while let open = withoutBlocks.range(of: "/*"),
            let close = withoutBlocks.range(of: "*/", range: open.upperBound..<withoutBlocks.endIndex)
        {
            withoutBlocks.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return withoutBlocks.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }

    /// Lines that read the C `errno` or name `EINTR`. Not counted: a member named `errno`
    /// (`error.errno`) and an argument label (`errno: code`, `errno code: Int32`).
    static func errnoReads(_ text: String) -> [String] {
        let pattern = #"\bEINTR\b|(?<![.\w])errno\b(?!\s*:)(?!\s+\w+\s*:)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return code(text).split(separator: "\n").map(String.init).filter { line in
            regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
    }

    static func pollCalls(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?<![.\w])poll\("#)
        return code(text).split(separator: "\n").map(String.init).filter { line in
            regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
    }

    /// Every Swift file under Sources, as (path relative to Sources, text).
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func theDetectorSeesWhatItMustAndNothingElse() {
        #expect(Self.errnoReads("if n < 0 && errno == EINTR { continue }").count == 1)
        #expect(Self.errnoReads("throw SystemError(operation: \"x\", errno: errno)").count == 1)
        #expect(Self.errnoReads("if rc == -EINTR { continue }").count == 1)
        #expect(Self.errnoReads("let code = -errno").count == 1)
        #expect(Self.errnoReads("catch where error.errno == EACCES { }").isEmpty)
        #expect(Self.errnoReads("SystemError(operation: \"open\", errno: EISDIR, path: path)").isEmpty)
        #expect(Self.errnoReads("func failure(_ shown: String, errno code: Int32)").isEmpty)
        #expect(Self.errnoReads("// libdrm returns -errno; EINTR is retried").isEmpty)
        #expect(Self.errnoReads("/* errno\n EINTR */ let x = 1").isEmpty)
        #expect(Self.pollCalls("let count = poll(&fds, 1, 50)").count == 1)
        #expect(Self.pollCalls("waiter.poll(x); // poll(2)").isEmpty)
    }

    @Test func onlySystemErrorReadsErrno() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        var found: [String] = []
        for (path, text) in files where path != "SlideLockPlatform/System/SystemError.swift" {
            found += Self.errnoReads(text).map { "\(path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(found == [], "read errno or check EINTR through systemCall and friends in SystemError.swift")
    }

    @Test func onlyTheEventWaiterPolls() throws {
        var found: [String] = []
        for (path, text) in try Self.swiftFiles() where path != "SlideLockPlatform/System/PollWaiter.swift" {
            found += Self.pollCalls(text).map { "\(path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(found == [], "wait through an EventWaiter (PollWaiter) instead")
    }
}
