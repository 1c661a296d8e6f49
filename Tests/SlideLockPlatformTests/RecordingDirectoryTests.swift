import Foundation
import Glibc
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// The flight recorder's directory: root-only, root's all the way down, pruned by counter.
@Suite struct RecordingDirectoryTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    /// A recording as an older slidelock named it: the wall-clock time first.
    func legacy(_ ms: Int64) -> String {
        RecordingName.stamp(unixMilliseconds: ms) + "-unlock-event0.evemu"
    }

    @discardableResult
    func store(_ store: RecordingDirectory, _ text: String = "x\n") throws -> RecordingDirectory.Stored {
        try store.store(verdict: "unlock", device: "/dev/input/event0", text: text)
    }

    @Test func theDirectoryAndFilesAreOwnerOnly() throws {
        let f = TrustFixture("rec-modes")
        let dir = f.dir + "/state/recordings"
        let store = RecordingDirectory(path: dir, keep: 5)
        let first = try store.store(verdict: "unlock", device: "event0", text: "E: 0.000000 0000 0000 0000\n")
        chmod(dir, 0o755)
        try self.store(store)
        #expect(mode(dir) == 0o700)
        #expect(mode(dir + "/" + first.name) == 0o600)
        #expect(try FileIO.readText(dir + "/" + first.name) == "E: 0.000000 0000 0000 0000\n")
    }

    /// Names count up; past `keep` the lowest counters go, other files stay.
    @Test func theOldestByCounterArePrunedPastKeep() throws {
        let f = TrustFixture("rec-keep")
        let store = RecordingDirectory(path: f.dir, keep: 3)
        f.file("notes.txt")
        let names = try (1...5).map { _ in try self.store(store).name }
        #expect(names.map(RecordingName.sequence(of:)) == [1, 2, 3, 4, 5])
        #expect(try FileIO.list(f.dir) == Array(names.suffix(3)) + ["notes.txt"])
    }

    /// After recordings from a clock that ran ahead (named 2099 by an older slidelock, and
    /// counted ones stamped 2099), a recording stamped now is kept, the oldest by counter
    /// go, and what went is said.
    @Test func aClockThatRanAheadPrunesTheOldestNotTheNewest() throws {
        let f = TrustFixture("rec-clock")
        let ahead: Int64 = 4_070_908_800_000 // 2099-01-01
        for i in 0..<3 { f.file(legacy(ahead + Int64(i))) }
        f.file(RecordingName.make(sequence: 7, unixMilliseconds: ahead + 9, verdict: "unlock", device: "event0"))
        let store = RecordingDirectory(path: f.dir, keep: 3)
        let stored = try self.store(store)
        #expect(RecordingName.sequence(of: stored.name) == 8)
        #expect(stored.removed == [legacy(ahead), legacy(ahead + 1)])
        #expect(try FileIO.list(f.dir).contains(stored.name))
        #expect(try FileIO.list(f.dir).count == 3)
    }

    /// A directory reached through another user's symlink is refused, nothing written.
    @Test func anotherUsersLinkOnTheWayIsRefused() throws {
        let f = TrustFixture("rec-link")
        let target = f.directory("elsewhere")
        symlink(target, f.dir + "/recordings")
        lchown(f.dir + "/recordings", TrustFixture.other, TrustFixture.other)
        let store = RecordingDirectory(path: f.dir + "/recordings/sub", keep: 3)
        #expect(throws: SystemError.self) { try self.store(store) }
        #expect(try FileIO.list(target).isEmpty)
    }

    /// As root: a recordings directory, or one above it, owned by another user is refused
    /// (its owner could read, replace or delete the evidence), nothing written or chmodded.
    @Test(.enabled(if: geteuid() == 0, "needs root to chown"))
    func anotherUsersDirectoryIsRefused() throws {
        let f = TrustFixture("rec-owner")
        let own = f.directory("recordings", mode: 0o700)
        chown(own, TrustFixture.other, TrustFixture.other)
        let store = RecordingDirectory(path: own, keep: 3)
        #expect(store.policy == TrustPolicy(owner: 0))
        let error = try #require(throws: SystemError.self) { try self.store(store) }
        #expect("\(error)".contains("is owned by uid 65534"), "\(error)")
        #expect(try FileIO.list(own).isEmpty)
        #expect(mode(own) == 0o700)
        let above = f.directory("theirs", mode: 0o755)
        chown(above, TrustFixture.other, TrustFixture.other)
        let below = RecordingDirectory(path: above + "/recordings", keep: 3)
        #expect(throws: SystemError.self) { try self.store(below) }
        #expect(!FileIO.exists(above + "/recordings"))
    }
}
