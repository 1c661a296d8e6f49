@preconcurrency import Glibc

/// The lock's listening control socket: the one systemd passed (`slidelock-control.socket`,
/// `LISTEN_FDS`), or one bound here at `control.socket` in a root-only directory
/// (`RuntimeDirectory`), mode 0600. Non-blocking: `accept` never waits.
public final class ControlSocket {
    public let fd: Int32
    /// Where it listens (for the log).
    public let path: String
    /// True when bound here (the file is removed on close).
    let ownsPath: Bool

    /// Pending connections the kernel keeps before `accept`.
    static let backlog: Int32 = 16

    /// Adopts the socket systemd passed: made non-blocking and close-on-exec.
    public init(inherited fd: Int32, path: String) throws(SystemError) {
        var type: Int32 = 0
        var length = socklen_t(4)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_STREAM.rawValue) else {
            throw SystemError(
                operation: "LISTEN_FDS", errno: ENOTSOCK, path: path,
                detail: "the passed descriptor is not a stream socket")
        }
        let flags = try systemCall("fcntl", path: path) { fcntl(fd, F_GETFL) }
        try systemCall("fcntl", path: path) { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        try systemCall("fcntl", path: path) { fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.fd = fd
        self.path = path
        ownsPath = false
    }

    /// Binds `path` (its directory made root-only first); a stale socket left there by a
    /// lock that died is replaced, anything else is refused.
    public init(binding path: String) throws(SystemError) {
        var bytes = Array(path.utf8)
        var address = sockaddr_un()
        guard path.hasPrefix("/"), bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError(operation: "bind", errno: ENAMETOOLONG, path: path)
        }
        let slash = path.lastIndex(of: "/")!
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        try RuntimeDirectory.prepare(directory)
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == geteuid() else {
                throw SystemError(
                    operation: "bind", errno: EEXIST, path: path, detail: "exists and is not a socket of ours")
            }
            unlink(path)
        }
        let fd = try systemCall("socket AF_UNIX for \(path)") {
            socket(
                AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        bytes.append(0)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        do throws(SystemError) {
            try systemCall("bind", path: path) {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
            // Owner only, whatever the umask; the directory already keeps everyone else out.
            try systemCall("bind", path: path) { chmod(path, 0o600) }
            try systemCall("bind", path: path) { listen(fd, Self.backlog) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
        ownsPath = true
    }

    deinit {
        if ownsPath { unlink(path) }
        close(fd)
    }

    /// The next waiting connection, or nil when none is waiting (or it went away before
    /// its credentials could be read).
    public func accept() -> ControlConnection? {
        guard let client = try? systemCall("accept", { Glibc.accept(fd, nil, nil) }) else { return nil }
        return try? ControlConnection(adopting: client)
    }
}
