/// The control socket (`slidelock ctl`).
public struct ControlSettings: Equatable, Sendable {
    /// Where the lock listens when systemd does not pass it the socket; nil (`off`): no
    /// control socket at all.
    public var socket: String? = ControlSettings.defaultSocket
    /// A group whose members may use the socket besides root: a name or a number; empty:
    /// root only.
    public var group = ""

    public static let defaultSocket = "/run/slidelock-ctl/control"

    public init() {}
}
