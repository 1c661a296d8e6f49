@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

/// What the loop keeps for `slidelock ctl` and the audit: the socket's server (nil: no
/// socket), where audit records go, the tallies `status` reports.
public final class LockControl {
    public var server: ControlServer?
    /// nil: no journal (audit lines then go to the log only).
    public var audit: AuditSink?
    /// Resolves `control.group` to a gid (on reload too); nil group for an empty name.
    public var resolveGroup: (String) throws -> UInt32? = { _ in nil }
    /// Unix seconds now (`status`'s last unlock time).
    public var wallClock: () -> Int64 = { Int64(time(nil)) }
    /// The touch devices in use, for `status`.
    public var touchDevices: () -> [String] = { [] }
    /// Counts and the last unlock since start.
    var tallies = ControlStatus()
    /// The peer of a `ctl unlock` being applied (for its log line).
    var unlockingPeer: ControlPeer?

    public init(server: ControlServer? = nil, audit: AuditSink? = nil) {
        self.server = server
        self.audit = audit
    }
}
