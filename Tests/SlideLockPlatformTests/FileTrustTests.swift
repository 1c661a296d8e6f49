import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

@Suite struct FileTrustTests {
    /// A private directory (0700, ours) with a 0644 file in it, under /tmp (sticky: trusted).
    private func fixture() throws -> (dir: String, file: String) {
        let dir = NSTemporaryDirectory() + "slidelock-trust-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(dir, 0o700) == 0)
        let file = dir + "/slidelock.conf"
        let fd = open(file, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)
        chmod(file, 0o644)
        return (dir, file)
    }

    private func error(_ path: String) -> FileTrustError? {
        do { try FileTrust.check(path, owner: getuid()) } catch { return error }
        return nil
    }

    @Test func ownFilesInOwnDirectoriesAreTrusted() throws {
        let (dir, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(error(file) == nil)
        #expect(error(dir) == nil)
    }

    @Test func aGroupOrWorldWritableFileIsRefusedByName() throws {
        let (dir, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        chmod(file, 0o664)
        #expect(
            error(file)?.description
                == "\(file): is writable by its group (mode 0664): not trusted when running as root")
        chmod(file, 0o646)
        #expect(
            error(file)?.description == "\(file): is writable by others (mode 0646): not trusted when running as root")
    }

    @Test func aWritableDirectoryAboveIsNamed() throws {
        let (dir, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        chmod(dir, 0o777)
        #expect(
            error(file)?.description
                == "\(file): \(dir) is writable by its group and others (mode 0777): not trusted when running as root")
        // Sticky (like /tmp): others cannot replace our entries.
        chmod(dir, 0o1777)
        #expect(error(file) == nil)
        // A sticky bit does not excuse a writable file.
        chmod(file, 0o666)
        #expect(error(file)?.problem == "is writable by its group and others (mode 0666)")
    }

    @Test func aSymlinkIsJudgedByWhatItPointsAt() throws {
        let (dir, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let link = dir + "/link.conf"
        #expect(symlink(file, link) == 0)
        #expect(error(link) == nil)
        chmod(file, 0o666)
        #expect(error(link)?.culprit == file)
    }

    @Test func aMissingFileIsAnErrorNotAPass() {
        let path = "/nonexistent-slidelock/x.conf"
        #expect(
            error(path)?.description
                == "\(path): cannot be checked (No such file or directory): not trusted when running as root")
    }

    @Test func anotherOwnerIsNamed() throws {
        #expect(FileTrust.problem(mode: S_IFREG | 0o644, uid: 1000, owner: 0) == "is owned by uid 1000, not root")
        #expect(FileTrust.problem(mode: S_IFREG | 0o644, uid: 0, owner: 0) == nil)
        #expect(FileTrust.problem(mode: S_IFDIR | 0o1777, uid: 0, owner: 0) == nil)
        #expect(
            FileTrust.problem(mode: S_IFREG | 0o1777, uid: 0, owner: 0)
                == "is writable by its group and others (mode 01777)")
        guard getuid() == 0 else { return }
        // As root: a real file handed to another user.
        let (dir, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chown(file, 1234, 0) == 0)
        #expect(error(file)?.problem == "is owned by uid 1234, not root")
        #expect(throws: FileTrustError.self) { try FileTrust.checkIfRoot(file) }
    }

    @Test func parents() {
        #expect(FileTrust.parent("/etc/slidelock/x.conf") == "/etc/slidelock")
        #expect(FileTrust.parent("/etc") == "/")
    }
}
