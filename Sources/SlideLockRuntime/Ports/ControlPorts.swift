import SlideLockCore
import SlideLockPlatform

/// The listening control socket (`ControlSocket`), or a fake in tests.
public protocol ControlListener: AnyObject {
    var fd: Int32 { get }
    /// The next waiting connection, nil when none; never blocks.
    func acceptLink() -> ControlLink?
}

/// One control connection (`ControlConnection`), or a fake.
public protocol ControlLink: AnyObject {
    var fd: Int32 { get }
    var peer: ControlPeer { get }
    /// Bytes waiting (up to `limit`), `[]` for none, nil at the end of the stream.
    func read(limit: Int) -> [UInt8]?
    /// False when not all of it could go without blocking.
    func send(_ bytes: [UInt8]) -> Bool
    func close()
}

/// Where audit records go: the journal (`JournalWriter`), or a fake.
public protocol AuditSink: AnyObject {
    func write(_ record: AuditRecord) throws(SystemError)
}

extension ControlSocket: ControlListener {
    public func acceptLink() -> ControlLink? { accept() }
}

extension ControlConnection: ControlLink {
    public var peer: ControlPeer { ControlPeer(pid: pid, uid: uid, gid: gid, groups: groups) }
}

extension JournalWriter: AuditSink {
    public func write(_ record: AuditRecord) throws(SystemError) {
        try send(
            [
                ("MESSAGE", record.message), ("MESSAGE_ID", record.kind.rawValue),
                ("PRIORITY", String(record.priority)), ("SYSLOG_IDENTIFIER", "slidelock"),
            ] + record.fields)
    }
}
