import Foundation
import Testing

@testable import SlideLockPlatform

/// Reads never block or grow without limit; writes never replace what is not a
/// regular file and never open a planted name.
@Suite struct FileSafetyTests {
    static let dir: String = {
        let d = NSTemporaryDirectory() + "slidelock-filesafety-\(getpid())"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func failure(_ body: () throws -> Void) -> SystemError? {
        do {
            try body()
            return nil
        } catch let error as SystemError {
            return error
        } catch {
            Issue.record("not a SystemError: \(error)")
            return nil
        }
    }

    @Test func aFIFOIsRefusedAtOnceNotWaitedFor() throws {
        let fifo = Self.dir + "/fifo"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = failure { _ = try FileIO.readText(fifo) }
        #expect(error?.description == "\(fifo): not a regular file (a FIFO)")
        #expect(error?.reason == "not a regular file (a FIFO)")
    }

    @Test func aDeviceIsRefused() {
        #expect(
            failure { _ = try FileIO.read("/dev/zero") }?.description
                == "/dev/zero: not a regular file (a character device)")
        #expect(
            failure { _ = try FileIO.read(Self.dir) }?.description == "\(Self.dir): not a regular file (a directory)")
    }

    @Test func aStreamIsReadWhenAskedButStillLimited() {
        #expect(
            failure { _ = try FileIO.read("/dev/zero", limit: 100_000, allowStream: true) }?.description
                == "/dev/zero: larger than 97 KiB")
        #expect(failure { _ = try FileIO.read("/dev/null", allowStream: true) } == nil)
    }

    @Test func sizesAreCapped() throws {
        let big = Self.dir + "/big.conf"
        try OutputFile.write([UInt8](repeating: 0x23, count: FileIO.configLimit + 1), to: big)
        #expect(failure { _ = try FileIO.readText(big) }?.description == "\(big): larger than 1 MiB")
        #expect(try FileIO.read(big, limit: FileIO.recordingLimit).count == FileIO.configLimit + 1)
    }

    @Test func invalidUTF8NamesTheLine() throws {
        let path = Self.dir + "/bad-utf8.conf"
        try OutputFile.write(Array("[theme]\nlabel = ok\n".utf8) + [0x6C, 0xFF, 0x0A], to: path)
        #expect(failure { _ = try FileIO.readText(path) }?.description == "\(path): line 3 is not valid UTF-8")
    }

    @Test func aNULInAPathIsAnError() {
        #expect(failure { _ = try FileIO.read("/etc/passwd\u{0}.conf") }?.reason == "the path contains a NUL character")
        #expect(
            failure { try OutputFile.write([1], to: Self.dir + "/x\u{0}y") }?.reason
                == "the path contains a NUL character")
    }

    @Test func writeRefusesToReplaceWhatIsNotARegularFile() throws {
        let link = Self.dir + "/link.png"
        let target = Self.dir + "/target"
        try OutputFile.write(Array("keep".utf8), to: target)
        unlink(link)
        #expect(symlink(target, link) == 0)
        #expect(
            failure { try OutputFile.write([1, 2, 3], to: link) }?.reason
                == "not a regular file (a symbolic link), refusing to write it")
        #expect(try FileIO.readText(target) == "keep")
        let fifo = Self.dir + "/out-fifo"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure { try OutputFile.write([1], to: fifo) } != nil)
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func theOneErrnoErrorTypeCarriesThePath() {
        let e = SystemError(operation: "open", errno: ENOENT, path: "/x")
        #expect(e.description == "/x: No such file or directory" && e.reason == "No such file or directory")
        #expect(SystemError(operation: "poll", errno: EBADF).description == "poll: Bad file descriptor")
    }
}
