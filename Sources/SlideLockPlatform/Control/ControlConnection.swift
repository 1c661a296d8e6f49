@preconcurrency import Glibc

/// One accepted control connection: non-blocking, close-on-exec, with the peer's
/// credentials as the kernel gave them at connect time.
public final class ControlConnection {
    public let fd: Int32
    public let pid: Int32
    public let uid: UInt32
    public let gid: UInt32
    /// Supplementary groups (`SO_PEERGROUPS`); empty when the kernel could not say.
    public let groups: [UInt32]
    private var closed = false

    /// `struct ucred`, which Glibc hides behind _GNU_SOURCE: three 32-bit fields.
    struct Credentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// SO_PEERCRED and SO_PEERGROUPS (asm-generic/socket.h, the same on x86, arm and arm64).
    static let peerCredentials: Int32 = 17
    static let peerGroups: Int32 = 59

    /// Takes `fd` (just accepted): made non-blocking and close-on-exec, its peer read.
    /// Closes it and throws when the kernel does not say who is there.
    public init(adopting fd: Int32) throws(SystemError) {
        self.fd = fd
        var credentials = Credentials()
        var length = socklen_t(MemoryLayout<Credentials>.size)
        let operation = "control connection credentials"
        do throws(SystemError) {
            let flags = try systemCall(operation) { fcntl(fd, F_GETFL) }
            try systemCall(operation) { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
            try systemCall(operation) { fcntl(fd, F_SETFD, FD_CLOEXEC) }
            try systemCall(operation) { getsockopt(fd, SOL_SOCKET, Self.peerCredentials, &credentials, &length) }
            guard length == socklen_t(MemoryLayout<Credentials>.size) else {
                throw SystemError(operation: operation, errno: EPROTO)
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        pid = credentials.pid
        uid = credentials.uid
        gid = credentials.gid
        groups = Self.groups(of: fd)
    }

    deinit { close() }

    static func groups(of fd: Int32) -> [UInt32] {
        var buffer = [UInt32](repeating: 0, count: 256)
        var length = socklen_t(buffer.count * 4)
        guard getsockopt(fd, SOL_SOCKET, peerGroups, &buffer, &length) == 0 else { return [] }
        return Array(buffer.prefix(Int(length) / 4))
    }

    /// What arrived, up to `limit` bytes: the bytes, `[]` when nothing is waiting, nil at
    /// the end of the stream or on an error.
    public func read(limit: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        do throws(SystemError) {
            let count = try systemCall("recv") { recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) }
            return count == 0 ? nil : Array(buffer.prefix(count))
        } catch {
            return error.errno == EAGAIN || error.errno == EWOULDBLOCK ? [] : nil
        }
    }

    /// Sends `bytes` without ever blocking or raising SIGPIPE. False when not all of it went
    /// (a client that does not read fills its buffer; it is dropped, not waited for).
    public func send(_ bytes: [UInt8]) -> Bool {
        let count = Glibc.send(fd, bytes, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        return count == bytes.count
    }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}
