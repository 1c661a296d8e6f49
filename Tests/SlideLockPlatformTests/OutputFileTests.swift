import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

/// Issue 26: `--trace FILE` truncated device nodes, /proc files and files another user
/// pre-created, and a FIFO there blocked start-up for ever.
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
}
