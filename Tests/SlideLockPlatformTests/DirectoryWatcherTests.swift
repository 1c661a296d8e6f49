import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

struct DirectoryWatcherTests {
    static func record(mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        var nameBytes = Array(name.utf8)
        nameBytes += [UInt8](repeating: 0, count: length - nameBytes.count)
        return le(1) + le(mask) + le(0) + le(UInt32(length)) + nameBytes
    }

    @Test func recordsAreReadInOrderWithTheirPaddingDropped() {
        let bytes =
            Self.record(mask: 0x100, name: "event3", padTo: 16) + Self.record(mask: 0x200, name: "js0", padTo: 8)
        let records = DirectoryWatcher.parse(bytes[...])
        #expect(records.map(\.mask) == [0x100, 0x200])
        #expect(records.map(\.name) == ["event3", "js0"])
    }

    /// A record cut short by the read is not taken (its header incomplete) or keeps what
    /// arrived of its name.
    @Test func aTruncatedRecordIsNeverReadPastTheBytes() {
        let bytes = Self.record(mask: 0x100, name: "event3", padTo: 16)
        #expect(DirectoryWatcher.parse(bytes.prefix(10)).isEmpty)
        #expect(DirectoryWatcher.parse(bytes.prefix(20)).map(\.name) == ["even"])
    }

    /// Created, changed and deleted entries come out in order, named, and a drained watcher
    /// has nothing more to say.
    @Test func aWatchedDirectoryReportsItsEntries() throws {
        let dir = NSTemporaryDirectory() + "slidelock-watch-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let watcher = try DirectoryWatcher(dir)
        #expect(watcher.failure == nil)
        #expect(watcher.changes().isEmpty)
        let fd = open(dir + "/event7", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        #expect(fd >= 0)
        close(fd)
        #expect(chmod(dir + "/event7", 0o600) == 0)
        #expect(unlink(dir + "/event7") == 0)
        let changes = watcher.changes()
        #expect(changes.map(\.name) == ["event7", "event7", "event7"])
        #expect(changes.map(\.change) == [.created, .attributes, .deleted])
        #expect(watcher.changes().isEmpty)
    }

    /// A directory that cannot be watched is a failure to report, not a throw: the lock
    /// still runs with the devices it found.
    @Test func aMissingDirectoryIsAFailureWithItsReason() throws {
        let watcher = try DirectoryWatcher("/nonexistent-slidelock-\(getpid())")
        #expect(watcher.failure?.description == "inotify: No such file or directory")
        #expect(watcher.descriptor >= 0)
        #expect(watcher.changes().isEmpty)
    }
}
