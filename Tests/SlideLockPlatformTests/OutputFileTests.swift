import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

/// `--trace FILE` must not truncate device nodes, /proc files or files another user
/// pre-created, nor let a FIFO there block start-up for ever.
@Suite struct OutputFileTests {
    func failure(_ path: String) -> SystemError? {
        do { try OutputFile.write(Array("new".utf8), to: path) } catch { return error }
        return nil
    }

    @Test func aNewFileIsCreatedAndTheCallersOwnIsOverwritten() throws {
        let f = TrustFixture("out-new")
        let path = f.dir + "/trace.jsonl"
        #expect(failure(path) == nil)
        #expect(try FileIO.readText(path) == "new")
        f.file("old.png", "a much longer old content")
        #expect(failure(f.dir + "/old.png") == nil)
        #expect(try FileIO.readText(f.dir + "/old.png") == "new")
    }

    @Test func aFIFOIsRefusedAtOnceAndNotOpened() {
        let f = TrustFixture("out-fifo")
        let fifo = f.dir + "/fifo"
        mkfifo(fifo, 0o666)
        #expect(failure(fifo)?.description == "\(fifo): not a regular file (a FIFO), refusing to write it")
    }

    @Test func devicesAndProcFilesAreNeverTruncated() {
        #expect(failure("/dev/null")?.reason == "not a regular file (a character device), refusing to write it")
        // /proc/self/comm is a regular file of our own, and writable: still not an output.
        #expect(failure("/proc/self/comm")?.reason == "a kernel interface file (/proc, /sys), refusing to write it")
        var name = [CChar](repeating: 0, count: 64)
        let fd = open("/proc/self/comm", O_RDONLY)
        defer { close(fd) }
        #expect(read(fd, &name, 63) > 0)
    }

    @Test func anotherUsersFileIsNotOverwritten() throws {
        let f = TrustFixture("out-owner")
        let path = f.file("theirs.png", "theirs")
        chown(path, TrustFixture.other, TrustFixture.other)
        #expect(failure(path)?.reason.hasPrefix("owned by uid 65534, not by this user") == true)
        #expect(try FileIO.readText(path) == "theirs")
    }

    @Test func aHardLinkOrSymlinkIsNotWrittenThrough() throws {
        let f = TrustFixture("out-links")
        let victim = f.file("victim.conf", "victim")
        let hard = f.dir + "/hard.png"
        #expect(link(victim, hard) == 0)
        #expect(failure(hard)?.reason == "has 2 hard links, refusing to overwrite it")
        let soft = f.link("soft.png", to: victim)
        #expect(failure(soft)?.reason == "not a regular file (a symbolic link), refusing to write it")
        let dangling = f.link("dangling.png", to: f.dir + "/created-through-link")
        #expect(failure(dangling) != nil)
        #expect(access(f.dir + "/created-through-link", F_OK) != 0)
        #expect(try FileIO.readText(victim) == "victim")
    }

    /// F-1: `open(path, O_NOFOLLOW)` guarded only the last component; another user's link
    /// to a directory earlier in the path sent root's write anywhere.
    @Test func anotherUsersLinkToADirectoryOnTheWayIsNotFollowed() throws {
        let f = TrustFixture("out-dirlink")
        f.directory("etc")
        let shadow = f.file("etc/shadow", "secret", mode: 0o600)
        let home = f.directory("u")
        chown(home, TrustFixture.other, TrustFixture.other)
        let link = f.link("u/d", to: f.dir + "/etc", owner: TrustFixture.other)
        let error = failure(link + "/shadow")
        #expect(
            error?.description
                == "\(link)/shadow: \(link) (a symbolic link) is owned by uid 65534, not by root or this user"
                + " (uid \(geteuid())): refusing to write there")
        #expect(failure(link + "/new") != nil)
        #expect(throws: SystemError.self) { try OutputFile.makeDirectories(link + "/made/here") }
        #expect(try FileIO.readText(shadow) == "secret")
        #expect(access(f.dir + "/etc/new", F_OK) != 0 && access(f.dir + "/etc/made", F_OK) != 0)
    }

    @Test func theWritersOwnLinkToADirectoryIsFollowedAndDirectoriesAreMadeInTheWalk() throws {
        let f = TrustFixture("out-ownlink")
        f.directory("real")
        let link = f.link("mine", to: f.dir + "/real")
        #expect(failure(link + "/out.png") == nil)
        #expect(try FileIO.readText(f.dir + "/real/out.png") == "new")
        try OutputFile.makeDirectories(link + "/a/b")
        #expect(FileIO.isDirectory(f.dir + "/real/a/b"))
        #expect(failure(f.dir + "/real/out.png/x") != nil)
        #expect(failure(f.dir + "/real/") != nil)
    }

    @Test func asRootADirectoryOthersCanWriteWithoutTheStickyBitIsRefused() throws {
        guard geteuid() == 0 else { return }
        let f = TrustFixture("out-open-dir")
        let open = f.directory("open", mode: 0o777)
        #expect(
            failure(open + "/trace")?.reason
                == "\(open) is writable by others without the sticky bit (mode 0777): refusing to write there")
        #expect(access(open + "/trace", F_OK) != 0)
        chmod(open, 0o1777)
        #expect(failure(open + "/trace") == nil)
    }
}
