import CLinux
@preconcurrency import Glibc

/// The sd_notify(3) protocol without libsystemd: `KEY=value` lines in one datagram to the
/// AF_UNIX socket systemd names in `$NOTIFY_SOCKET` (for `Type=notify` units). `READY=1` ends
/// start-up, `STATUS=` shows in `systemctl status`, `WATCHDOG=1` keeps `WatchdogSec=` happy.
///
/// Send the watchdog ping from the main loop, not from a timer thread: a hung loop must stop
/// pinging so systemd restarts it. Put `nextWatchdogDeadline(now:)` into the poll timeout and
/// call `watchdog(now:)` when it passed.
public final class SystemdNotifier {
    /// The socket address as given (`/run/systemd/notify`, or `@name` for the abstract namespace).
    public let socketPath: String
    /// systemd's watchdog period, seconds (`WATCHDOG_USEC`); nil without a watchdog, or when
    /// `WATCHDOG_PID` names another process (the watchdog is meant for the main process only).
    public let watchdogInterval: Double?
    private let fd: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    private var lastPing: Double?

    /// From the environment: nil when `NOTIFY_SOCKET` is unset (not started by systemd, or not
    /// `Type=notify`), so every call site can simply skip it.
    public convenience init?(environment: (String) -> String? = Environment.value) throws(SystemError) {
        guard let path = environment("NOTIFY_SOCKET"), !path.isEmpty else { return nil }
        try self.init(
            socketPath: path, watchdogUSec: environment("WATCHDOG_USEC"),
            watchdogPID: environment("WATCHDOG_PID"))
    }

    public init(socketPath: String, watchdogUSec: String? = nil, watchdogPID: String? = nil) throws(SystemError) {
        self.socketPath = socketPath
        watchdogInterval = Self.interval(usec: watchdogUSec, pid: watchdogPID)
        var bytes = Array(socketPath.utf8)
        // A leading '@' means Linux's abstract namespace: the name starts with a NUL byte and
        // its length is given by the address length, not a terminator (unix(7)).
        let isAbstract = bytes.first == UInt8(ascii: "@")
        if isAbstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity, !bytes.isEmpty else {
            throw SystemError(operation: "NOTIFY_SOCKET \(socketPath)", errno: ENAMETOOLONG)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        addressLength = socklen_t(pathOffset + bytes.count + (isAbstract ? 0 : 1))
        fd = try systemCall("socket AF_UNIX for NOTIFY_SOCKET") {
            socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    deinit { close(fd) }

    /// `READY=1`: start-up finished (the screen shows the lock); `systemctl start` returns now.
    public func ready(status text: String? = nil) throws(SystemError) {
        try send("READY=1" + (text.map { "\nSTATUS=" + oneLine($0) } ?? ""))
    }

    /// `STATUS=...`: one line shown by `systemctl status`.
    public func status(_ text: String) throws(SystemError) {
        try send("STATUS=" + oneLine(text))
    }

    /// `text` with every line break a space, scalar by scalar: a "\r\n" is one Character, so
    /// a Character-wise replacement of "\n" would let it through and start a line of its own
    /// (another KEY=value) in the datagram.
    private func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    /// `STOPPING=1`: shutting down on purpose.
    public func stopping() throws(SystemError) { try send("STOPPING=1") }

    /// `WATCHDOG=1`, remembering when, for `nextWatchdogDeadline`.
    public func watchdog(now: Double) throws(SystemError) {
        lastPing = now
        try send("WATCHDOG=1")
    }

    /// When the next `WATCHDOG=1` is due: half the interval after the last one (as
    /// sd_watchdog_enabled(3) advises), `now` if none was sent yet; nil without a watchdog.
    public func nextWatchdogDeadline(now: Double) -> Double? {
        guard let watchdogInterval else { return nil }
        guard let lastPing else { return now }
        return lastPing + watchdogInterval / 2
    }

    /// Sends one notification datagram. The socket is datagram-oriented, so the message
    /// arrives whole or not at all; EAGAIN (systemd's queue full) is reported like any error.
    public func send(_ message: String) throws(SystemError) {
        let bytes = Array(message.utf8)
        try withUnsafePointer(to: &address) { (pointer) throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (socketAddress) throws(SystemError) in
                // MSG_NOSIGNAL: never SIGPIPE, should systemd have gone away.
                _ = try systemCall("send to NOTIFY_SOCKET \(socketPath)") {
                    sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, addressLength)
                }
            }
        }
    }

    /// `WATCHDOG_USEC` as seconds if it applies to this process.
    static func interval(usec: String?, pid: String?, ownPID: Int32 = getpid()) -> Double? {
        guard let usec, let micros = UInt64(usec), micros > 0 else { return nil }
        if let pid, let expected = Int32(pid), expected != ownPID { return nil }
        return Double(micros) / 1_000_000
    }
}
