@preconcurrency import Glibc

/// One line per event on stderr. Under systemd each line starts with a syslog priority,
/// `<3>` error, `<4>` warning, `<6>` info, `<7>` debug, which journald strips and stores as
/// the PRIORITY field (sd-daemon(3)); elsewhere lines read `slidelock: ...`. Debug lines are
/// written only when `verbose`.
public struct Logger: Sendable {
    public enum Level: Int32, Sendable, Comparable {
        case error = 3
        case warning = 4
        case info = 6
        case debug = 7

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public let verbose: Bool
    /// Priority prefixes instead of the `slidelock: ` prefix.
    public let systemd: Bool
    /// Where lines go instead of stderr (tests collect them).
    private let sink: (@Sendable (Level, String) -> Void)?

    /// `systemd` nil detects it from `JOURNAL_STREAM` (see `stderrIsJournal()`).
    public init(verbose: Bool = false, systemd: Bool? = nil, sink: (@Sendable (Level, String) -> Void)? = nil) {
        self.verbose = verbose
        self.systemd = systemd ?? Logger.stderrIsJournal()
        self.sink = sink
    }

    /// Logs a line that carries its own level.
    public func log(_ line: LogLine) { log(line.level, line.text) }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Only evaluated and written when `verbose`.
    public func debug(_ message: @autoclosure () -> String) {
        if verbose { log(.debug, message()) }
    }

    public func log(_ level: Level, _ message: String) {
        if level == .debug && !verbose { return }
        if let sink { return sink(level, message) }
        for line in lines(level, message) {
            // One write(2) per line: lines from slidelock and from a hook sharing the journal
            // stream then never interleave mid-line (pipe writes up to PIPE_BUF are atomic).
            var bytes = Array(line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = try? systemCall("write") {
                        write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    }
                    guard let written else { return }
                    offset += written
                }
            }
        }
    }

    /// The lines `log` writes for `message`: each of its lines gets the prefix, because
    /// journald makes one record per line and would otherwise lose the priority.
    public func lines(_ level: Level, _ message: String) -> [String] {
        let prefix = systemd ? "<\(level.rawValue)>" : "slidelock: "
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }
    }

    /// True when stderr is connected to the journal. systemd sets `JOURNAL_STREAM=<dev>:<inode>`
    /// for the stream it hands a service (systemd.exec(5)); comparing it with fstat(2) of fd 2
    /// avoids a false positive when the variable was inherited but stderr redirected.
    public static func stderrIsJournal(_ value: String? = Environment.value("JOURNAL_STREAM")) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
