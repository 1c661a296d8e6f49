/// Who is on the other end of a control connection, as the kernel says (`SO_PEERCRED`,
/// `SO_PEERGROUPS`): nothing a client writes can change it.
public struct ControlPeer: Equatable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups (empty when the kernel could not say).
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// `uid 1000 gid 1000 pid 42`, for the log.
    public var description: String { "uid \(uid) gid \(gid) pid \(pid)" }
}

/// Who may use the control socket: root, and members of `control.group` when one is set.
/// The one rule, applied to every request at the socket and again by `UnlockAuthority` to
/// `ctl unlock`.
public struct ControlAccess: Equatable, Sendable {
    /// The allowed group's id; nil: root only.
    public var group: UInt32?

    public init(group: UInt32? = nil) { self.group = group }

    public func allows(_ peer: ControlPeer) -> Bool {
        if peer.uid == 0 { return true }
        guard let group else { return false }
        return peer.gid == group || peer.groups.contains(group)
    }
}
