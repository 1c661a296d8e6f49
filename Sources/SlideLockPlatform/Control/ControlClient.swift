@preconcurrency import Glibc

/// `slidelock ctl`'s side of the socket: connect, send one request line, read one reply
/// line, within a deadline.
public enum ControlClient {
    /// Longest reply read, bytes.
    public static let maxReply = 65_536
    /// Seconds to wait for the reply: a lock answers between two frames, and a frame on a
    /// slow machine (an emulated one) can take seconds.
    public static let replyTimeout = 15.0

    /// The reply line (without its newline) to `line`.
    public static func request(_ line: String, socket path: String, timeout: Double = ControlClient.replyTimeout)
        throws(SystemError) -> String
    {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError(operation: "connect", errno: ENAMETOOLONG, path: path)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        let fd = try systemCall("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        defer { close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw SystemError(operation: "connect", errno: errno, path: path) }
        let request = Array((line + "\n").utf8)
        guard Glibc.send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
            throw SystemError(operation: "send", errno: errno, path: path)
        }
        let deadline = MonotonicClock.now() + timeout
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) && reply.count < maxReply {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = PollWaiter.timeoutMilliseconds(until: deadline, now: MonotonicClock.now())
            let ready = left > 0 ? poll(&p, 1, left) : 0
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                throw SystemError(operation: "read", errno: ETIMEDOUT, path: path, detail: "no reply from the lock")
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw SystemError(
                    operation: "read", errno: count < 0 ? errno : ECONNRESET, path: path,
                    detail: "the lock closed the connection without a reply")
            }
            reply += buffer.prefix(count)
        }
        let end = reply.firstIndex(of: UInt8(ascii: "\n")) ?? reply.count
        return String(decoding: reply[..<end], as: UTF8.self)
    }
}
