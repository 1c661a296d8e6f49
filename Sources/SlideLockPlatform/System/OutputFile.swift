import CLinux
@preconcurrency import Glibc

/// A file slidelock writes (`--trace`, `render --out`, `play --frames` and
/// `--contact-sheet`): a new file, or an existing regular file of the caller's own with a
/// single link, on an ordinary filesystem. Never a device, FIFO, socket or `/proc` file,
/// never through another user's symlink on the way nor a symlink at the end, never
/// blocking on open; nothing is truncated before every check passed on the opened
/// descriptor.
public final class OutputFile {
    public let path: String
    /// Write-only, close-on-exec.
    public let descriptor: Int32

    /// Filesystems whose "regular files" are kernel interfaces: writing one acts.
    static let pseudoFilesystems: Set<Int> = [
        0x9fa0, // proc
        0x6265_6572, // sysfs
        0x6462_6720, // debugfs
        0x7472_6163, // tracefs
        0x7363_6673, // securityfs
        0x0027_e0eb, // cgroup
        0x6367_7270, // cgroup2
        0x6265_6570, // configfs
        0xcafe_4a11, // bpf
        0xde5e_81e4, // efivarfs
        0x6165_676c, // pstore
    ]

    /// Opens `path` for writing from its start, creating it (mode 0644) when missing. The
    /// directory it goes in is reached by a walk (`PathWalk`, `TrustPolicy.output`) and the
    /// file is created or opened in that directory's descriptor, by name: no link another
    /// user planted anywhere on the way is followed.
    public init(_ path: String) throws(SystemError) {
        try FileIO.checkPath(path, operation: "open")
        self.path = path
        let (walk, name) = try Self.parent(of: path)
        do {
            descriptor = try systemCall("open", path: path) {
                openat(walk.top.fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o644)
            }
        } catch let error where error.errno == EEXIST {
            descriptor = try Self.openExisting(name, in: walk.top.fd, path: path)
        }
    }

    /// The directory `path` names a file in, walked and checked, and the file's name.
    static func parent(of path: String) throws(SystemError) -> (PathWalk, String) {
        do {
            let walk = try PathWalk(request: path, policy: .output())
            var components = try walk.requestComponents()
            guard !path.hasSuffix("/"), let name = components.popLast(), name != ".", name != ".." else {
                throw SystemError(operation: "open", errno: EISDIR, path: path, detail: "names a directory, not a file")
            }
            if let entry = try walk.walk(components) {
                close(entry.fd)
                throw SystemError(
                    operation: "open", errno: ENOTDIR, path: path, detail: "\(entry.shown): Not a directory")
            }
            return (walk, name)
        } catch let error as TrustError {
            throw Self.failure(error, path: path)
        } catch let error as SystemError {
            throw error
        } catch {
            throw SystemError(operation: "open", errno: EINVAL, path: path, detail: "\(error)")
        }
    }

    /// Creates the directory `path` and any missing directories above it, one at a time in
    /// the one checked before (`play --frames DIR`): like a file's directories, never
    /// through another user's link.
    public static func makeDirectories(_ path: String) throws(SystemError) {
        try FileIO.checkPath(path, operation: "mkdir")
        do throws(TrustError) {
            let walk = try PathWalk(request: path, policy: .output())
            if let entry = try walk.walk(try walk.requestComponents(), creating: true) {
                close(entry.fd)
                throw walk.failure(entry.shown, errno: ENOTDIR)
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// A refused walk as the one error line: `/x/u/d/f: /x/u/d (a symbolic link) is owned by ...`.
    static func failure(_ error: TrustError, path: String) -> SystemError {
        SystemError(operation: "open", errno: error.errno == 0 ? EACCES : error.errno, path: path, detail: error.reason)
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes` at the current position.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let n = try systemCall("write", path: path) {
                bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            }
            offset += n
        }
    }

    /// Writes `bytes` as the whole content of `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        try OutputFile(path).write(bytes)
    }

    /// An existing entry `name` in `directory`: looked at first without opening it
    /// (SLIDELOCK_O_PATH: a device or FIFO is never opened for writing), then opened and
    /// truncated only when it is the same regular file.
    private static func openExisting(_ name: String, in directory: Int32, path: String) throws(SystemError) -> Int32 {
        let probe = try systemCall("open", path: path) {
            openat(directory, name, SLIDELOCK_O_PATH | O_NOFOLLOW | O_CLOEXEC)
        }
        defer { close(probe) }
        var info = stat()
        try systemCall("fstat", path: path) { fstat(probe, &info) }
        try refuse(info, descriptor: probe, path: path)
        let fd = try systemCall("open", path: path) {
            openat(directory, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            close(fd)
            throw SystemError(operation: "open", errno: EAGAIN, path: path, detail: "replaced while being opened")
        }
        do { try systemCall("ftruncate", path: path) { ftruncate(fd, 0) } } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Throws when the existing entry `info` (on `descriptor`) must not be overwritten.
    static func refuse(_ info: stat, descriptor: Int32, path: String) throws(SystemError) {
        func no(_ why: String) -> SystemError { SystemError(operation: "open", errno: EEXIST, path: path, detail: why) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw no("not a regular file (\(FileIO.typeName(type))), refusing to write it") }
        guard info.st_uid == geteuid() else {
            throw no("owned by uid \(info.st_uid), not by this user (uid \(geteuid())), refusing to overwrite it")
        }
        // Another name for the same inode could be anything of ours (a hard link to a config).
        guard info.st_nlink == 1 else { throw no("has \(info.st_nlink) hard links, refusing to overwrite it") }
        var fs = statfs()
        try systemCall("fstatfs", path: path) { fstatfs(descriptor, &fs) }
        guard !pseudoFilesystems.contains(Int(fs.f_type)) else {
            throw no("a kernel interface file (/proc, /sys), refusing to write it")
        }
    }
}
