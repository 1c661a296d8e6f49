@preconcurrency import Glibc

/// `slidelock ctl`'s side of the socket: connect, send one request line, read one reply
/// line within a deadline; or, for `watch`, every line until the lock closes.
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
        let fd = try connect(path)
        defer { close(fd) }
        try send(line, fd: fd, path: path)
        let waiter = PollWaiter()
        let deadline = waiter.now() + timeout
        let closed = "the lock closed the connection without a reply"
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) && reply.count < maxReply {
            guard try waiter.wait(for: [fd], until: deadline).contains(fd) else {
                throw SystemError(operation: "read", errno: ETIMEDOUT, path: path, detail: "no reply from the lock")
            }
            let count: Int
            do throws(SystemError) {
                count = try systemCall("read", path: path) { recv(fd, &buffer, buffer.count, 0) }
            } catch {
                throw SystemError(operation: "read", errno: error.errno, path: path, detail: closed)
            }
            guard count > 0 else {
                throw SystemError(operation: "read", errno: ECONNRESET, path: path, detail: closed)
            }
            reply += buffer.prefix(count)
        }
        let end = reply.firstIndex(of: UInt8(ascii: "\n")) ?? reply.count
        return String(decoding: reply[..<end], as: UTF8.self)
    }

    /// `watch`: sends `line`, then hands each line the lock sends to `each` until the lock
    /// closes the connection. No deadline: a watch lasts as long as the lock runs.
    public static func stream(_ line: String, socket path: String, each: (String) -> Void) throws(SystemError) {
        let fd = try connect(path)
        defer { close(fd) }
        try send(line, fd: fd, path: path)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try systemCall("read", path: path) { recv(fd, &buffer, buffer.count, 0) }
            guard count > 0 else { return }
            pending += buffer.prefix(count)
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                each(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
            guard pending.count < maxReply else {
                throw SystemError(
                    operation: "read", errno: EMSGSIZE, path: path, detail: "a line longer than \(maxReply) bytes")
            }
        }
    }

    /// A stream socket connected to `path` (close-on-exec; the caller closes it).
    public static func connect(_ path: String) throws(SystemError) -> Int32 {
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
        do throws(SystemError) {
            try systemCall("connect", path: path) {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// `line` and its newline, whole.
    public static func send(_ line: String, fd: Int32, path: String) throws(SystemError) {
        let request = Array((line + "\n").utf8)
        var sent = 0
        while sent < request.count {
            let count = try systemCall("send", path: path) {
                request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            sent += count
        }
    }
}
