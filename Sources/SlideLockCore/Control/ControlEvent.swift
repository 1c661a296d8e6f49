/// What arrives over the control socket for the session (`LockEvent.control`). Relock, wake
/// and reload take the same paths as their signals and are not here.
public enum ControlEvent: Equatable, Sendable {
    /// Lockdown on or off: while on, no slide and no `ctl unlock` opens the lock.
    case lockdown(Bool)
    /// A message shown until `until` (session seconds; nil: until replaced), or nil to
    /// clear it, which shows the configured message again.
    case message(String?, until: Double?)
    /// `ctl unlock` from `peer`, under the socket's `access` rule.
    case unlock(peer: ControlPeer, access: ControlAccess)
}
