import Foundation
import Glibc
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// The flight recorder's directory: root-only, through the trusted-output walk, pruned.
@Suite struct RecordingDirectoryTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    func name(_ ms: Int64) -> String { RecordingName.make(unixMilliseconds: ms, verdict: "unlock", device: "event0") }

    @Test func theDirectoryAndFilesAreOwnerOnly() throws {
        let f = TrustFixture("rec-modes")
        let dir = f.dir + "/state/recordings"
        let store = RecordingDirectory(path: dir, keep: 5)
        try store.store(name: name(1000), text: "E: 0.000000 0000 0000 0000\n")
        chmod(dir, 0o755)
        try store.store(name: name(2000), text: "x\n")
        #expect(mode(dir) == 0o700)
        #expect(mode(dir + "/" + name(1000)) == 0o600)
        #expect(try FileIO.readText(dir + "/" + name(1000)) == "E: 0.000000 0000 0000 0000\n")
    }

    @Test func theOldestArePrunedPastKeep() throws {
        let f = TrustFixture("rec-keep")
        let store = RecordingDirectory(path: f.dir, keep: 3)
        f.file("notes.txt")
        for ms in [5000, 1000, 4000, 2000, 3000] as [Int64] { try store.store(name: name(ms), text: "x\n") }
        #expect(try FileIO.list(f.dir) == [name(3000), name(4000), name(5000), "notes.txt"])
    }

    @Test func aNameIsNeverAPath() {
        let f = TrustFixture("rec-name")
        let store = RecordingDirectory(path: f.dir, keep: 3)
        #expect(throws: SystemError.self) { try store.store(name: "../escape.evemu", text: "x") }
        #expect(throws: SystemError.self) { try store.store(name: "notes.txt", text: "x") }
    }

    /// A directory reached through another user's symlink is refused, nothing written.
    @Test func anotherUsersLinkOnTheWayIsRefused() throws {
        let f = TrustFixture("rec-link")
        let target = f.directory("elsewhere")
        symlink(target, f.dir + "/recordings")
        lchown(f.dir + "/recordings", TrustFixture.other, TrustFixture.other)
        let store = RecordingDirectory(path: f.dir + "/recordings/sub", keep: 3)
        #expect(throws: SystemError.self) { try store.store(name: name(1), text: "x") }
        #expect(try FileIO.list(target).isEmpty)
    }
}
