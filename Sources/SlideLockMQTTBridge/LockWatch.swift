@preconcurrency import Glibc
import SlideLockPlatform

/// The bridge's `slidelock ctl watch --json` connection to the lock, read without blocking
/// from the bridge's poll loop. The lock drops a watcher that stops reading, so a stalled
/// bridge costs the lock nothing: the bridge connects again and starts from the status.
final class LockWatch {
    let fd: Int32
    private let socket: String
    private var pending: [UInt8] = []
    /// One receive buffer for the connection's life, not one per read.
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var first = true

    /// What one read found.
    enum Read: Equatable {
        case lines([[UInt8]])
        /// The connection is over, and why (the lock stopped, refused, or misbehaved).
        case closed(String)
    }

    private init(fd: Int32, socket: String) {
        self.fd = fd
        self.socket = socket
    }

    deinit { close(fd) }

    /// Connects to the lock at `socket` and asks for the watch.
    static func open(socket: String) throws(SystemError) -> LockWatch {
        let fd = try ControlClient.connect(socket)
        let watch = LockWatch(fd: fd, socket: socket)
        try ControlClient.send("watch --json", fd: fd, path: socket)
        return watch
    }

    /// The whole lines that arrived (without their newlines), after poll said readable.
    func read() -> Read {
        let count: Int
        do {
            count = try systemCall("recv", path: socket) {
                recv(fd, &self.buffer, self.buffer.count, Int32(MSG_DONTWAIT))
            }
        } catch {
            return error.errno == EAGAIN ? .lines([]) : .closed(error.reason)
        }
        if count == 0 { return .closed("the lock closed the connection") }
        pending += buffer.prefix(count)
        var lines: [[UInt8]] = []
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<end])
            pending.removeSubrange(...end)
            // The lock answers a watch it refuses (`error busy`: four watchers already)
            // with one line and closes.
            if first, line.starts(with: Array("error ".utf8)) {
                return .closed("the lock refused the watch: " + String(decoding: line.dropFirst(6), as: UTF8.self))
            }
            first = false
            lines.append(line)
        }
        guard pending.count <= ControlClient.maxReply else {
            return .closed("a line longer than \(ControlClient.maxReply) bytes")
        }
        return .lines(lines)
    }
}
