import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

/// A datagram socket standing in for systemd's notify socket.
final class NotifyListener {
    let fd: Int32
    let path: String

    /// `path` starting with `@` binds in the abstract namespace.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(2 + bytes.count + (abstract ? 0 : 1))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
    }

    deinit {
        close(fd)
        if !path.hasPrefix("@") { unlink(path) }
    }

    /// The datagrams waiting, without blocking (local datagrams are queued by sendto itself).
    func received() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count <= 0 { return messages }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }
}

@Suite struct SystemdNotifierTests {
    @Test func sendsReadyStatusAndWatchdogToAPathSocket() throws {
        let path = NSTemporaryDirectory() + "slidelock-notify-\(getpid())"
        let listener = try NotifyListener(path: path)
        let environment = ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "\(getpid())"]
        let notifier = try #require(try SystemdNotifier(environment: { environment[$0] }))
        #expect(notifier.watchdogInterval == 10)
        #expect(notifier.nextWatchdogDeadline(now: 100) == 100)
        try notifier.ready(status: "locked on DSI-1")
        try notifier.status("hook running\nstill")
        try notifier.status("a\r\nREADY=1\rb")
        try notifier.watchdog(now: 100)
        #expect(notifier.nextWatchdogDeadline(now: 101) == 105)
        try notifier.stopping()
        #expect(
            listener.received() == [
                "READY=1\nSTATUS=locked on DSI-1", "STATUS=hook running still", "STATUS=a  READY=1 b", "WATCHDOG=1",
                "STOPPING=1",
            ])
    }

    @Test func abstractNamespaceSocket() throws {
        let name = "@slidelock-notify-test-\(getpid())"
        let listener = try NotifyListener(path: name)
        let notifier = try SystemdNotifier(socketPath: name)
        try notifier.ready()
        #expect(listener.received() == ["READY=1"])
        #expect(notifier.watchdogInterval == nil && notifier.nextWatchdogDeadline(now: 5) == nil)
    }

    @Test func noSocketNoNotifierAndSendErrorsAreReported() throws {
        #expect(try SystemdNotifier(environment: { _ in nil }) == nil)
        let notifier = try SystemdNotifier(socketPath: "/nonexistent/notify")
        #expect(throws: SystemError(operation: "send to NOTIFY_SOCKET /nonexistent/notify", errno: ENOENT)) {
            try notifier.ready()
        }
        #expect(throws: SystemError.self) {
            try SystemdNotifier(socketPath: "/" + String(repeating: "x", count: 200))
        }
    }

    @Test func watchdogOnlyForTheNamedProcess() {
        #expect(SystemdNotifier.interval(usec: "2000000", pid: nil, ownPID: 7) == 2)
        #expect(SystemdNotifier.interval(usec: "2000000", pid: "7", ownPID: 7) == 2)
        #expect(SystemdNotifier.interval(usec: "2000000", pid: "8", ownPID: 7) == nil)
        #expect(SystemdNotifier.interval(usec: "0", pid: nil, ownPID: 7) == nil)
        #expect(SystemdNotifier.interval(usec: "soon", pid: nil, ownPID: 7) == nil)
    }

    @Test func hooksDoNotInheritTheNotifySocket() throws {
        let parent = [
            "PATH=/usr/bin", "NOTIFY_SOCKET=/run/systemd/notify", "WATCHDOG_USEC=10000000",
            "WATCHDOG_PID=1", "SLIDELOCK_EVENT=stale", "A=b=c",
        ]
        let environment = SpawnedProcess.environment(adding: ["SLIDELOCK_EVENT": "unlock"], base: parent)
        #expect(environment == ["PATH=/usr/bin", "A=b=c", "SLIDELOCK_EVENT=unlock"])
    }
}

@Suite struct LoggerTests {
    @Test func plainLinesArePrefixedWithTheProgramName() {
        let logger = Logger(verbose: false, systemd: false)
        #expect(logger.lines(.warning, "font Foo not installed") == ["slidelock: font Foo not installed"])
        #expect(logger.lines(.info, "a\nb") == ["slidelock: a", "slidelock: b"])
    }

    @Test func underSystemdLinesCarryTheSyslogPriority() {
        let logger = Logger(verbose: true, systemd: true)
        #expect(logger.lines(.error, "x") == ["<3>x"])
        #expect(logger.lines(.warning, "x") == ["<4>x"])
        #expect(logger.lines(.info, "two\nlines") == ["<6>two", "<6>lines"])
        #expect(logger.lines(.debug, "x") == ["<7>x"])
    }

    @Test func journalStreamMustMatchStderr() {
        var info = stat()
        fstat(2, &info)
        #expect(Logger.stderrIsJournal("\(info.st_dev):\(info.st_ino)"))
        #expect(!Logger.stderrIsJournal("\(info.st_dev):\(info.st_ino &+ 1)"))
        #expect(!Logger.stderrIsJournal(nil))
        #expect(!Logger.stderrIsJournal("garbage"))
    }

    @Test func debugIsSkippedUnlessVerbose() {
        var evaluated = false
        Logger(verbose: false, systemd: false).debug(
            {
                evaluated = true
                return "x"
            }())
        #expect(!evaluated)
    }
}
