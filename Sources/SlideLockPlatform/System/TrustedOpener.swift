import CLinux
@preconcurrency import Glibc

/// The one place that opens what root reads or runs: configuration files and drop-ins,
/// fonts, hook programs and their interpreters, the relay's settings, at start and on every
/// reload. The path is walked a component at a time (`PathWalk`): no symlink is followed
/// unless root owns it in a directory only root can write, and the file and every directory
/// above it must belong to root and be writable by nobody else (`TrustPolicy`). The checks
/// are made on the descriptors the walk opened, and the file is read, mapped or executed
/// from the descriptor that was checked: there is no path to swap between check and use.
/// Not root: the same walk and descriptors, nothing checked.
public enum TrustedOpener {
    /// Opens the regular file at `path` for reading.
    public static func open(_ path: String, policy: TrustPolicy = .current) throws(TrustError) -> TrustedFile {
        let walk = try PathWalk(request: path, policy: policy)
        guard let entry = try walk.walk(try walk.requestComponents()) else {
            throw walk.failure(walk.top.path, errno: EISDIR)
        }
        return try openFile(entry, in: walk)
    }

    /// Opens the directory at `path` (checked like a file's directories) to list and open
    /// its entries through it.
    public static func openDirectory(_ path: String, policy: TrustPolicy = .current) throws(TrustError)
        -> TrustedDirectory
    {
        let walk = try PathWalk(request: path, policy: policy)
        if let entry = try walk.walk(try walk.requestComponents()) {
            close(entry.fd)
            throw walk.failure(entry.shown, errno: ENOTDIR)
        }
        return TrustedDirectory(walk: walk, path: path)
    }

    /// Turns the walk's last entry (an O_PATH descriptor, closed here) into a read
    /// descriptor of the same file: regular, trusted, and the very inode that was checked.
    static func openFile(_ entry: PathWalk.Entry, in walk: PathWalk) throws(TrustError) -> TrustedFile {
        defer { close(entry.fd) }
        let type = entry.info.st_mode & S_IFMT
        // Devices, FIFOs and sockets are never opened for reading: opening one can block
        // (a FIFO without a writer) or act (a tape rewinds, a watchdog starts).
        guard type == S_IFREG else {
            throw TrustError(
                path: walk.request, culprit: entry.shown, problem: "not a regular file (\(FileIO.typeName(type)))",
                errno: EINVAL)
        }
        try walk.check(entry.info, shown: entry.shown)
        let fd = try walk.call(entry.shown) {
            openat(walk.top.fd, entry.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == entry.info.st_dev, info.st_ino == entry.info.st_ino else {
            close(fd)
            throw TrustError(
                path: walk.request, culprit: entry.shown, problem: "was replaced while being opened", errno: EAGAIN)
        }
        var fs = statfs()
        if fstatfs(fd, &fs) == 0, OutputFile.pseudoFilesystems.contains(Int(fs.f_type)) {
            close(fd)
            throw TrustError(
                path: walk.request, culprit: entry.shown,
                problem: "a kernel interface file (/proc, /sys), not a file to read", errno: EINVAL)
        }
        return TrustedFile(descriptor: fd, path: walk.request, info: info)
    }
}
