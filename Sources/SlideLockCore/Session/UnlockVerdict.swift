/// Where a request to unlock comes from. Each source is decided by `UnlockAuthority` under
/// its own stated rule, and every decision is logged with its source.
public enum UnlockSource: String, CaseIterable, Equatable, Sendable {
    /// A finger slid the thumb (the rule in `UnlockAuthority`'s documentation).
    case slide
    /// `slidelock ctl unlock` from a local administrator.
    case ctl
    /// A request-to-exit button wired to the panel.
    case button
    /// A tap on the thumb (tap-to-open).
    case tap
}

/// One request to the authority.
public enum UnlockRequest: Equatable, Sendable {
    /// Contact `contact` lifted at `time` after dragging the thumb.
    case slide(contact: Int, time: Double)
    /// `ctl unlock` from `peer` arrived at `time`; `access` is the socket's rule.
    case ctl(peer: ControlPeer, access: ControlAccess, time: Double)
    /// The request-to-exit button was pressed (`ButtonPress.time`).
    case button(ButtonPress)
    /// Contact `contact` lifted at `time` after a tap on the thumb.
    case tap(contact: Int, time: Double)

    public var source: UnlockSource {
        switch self {
        case .slide: return .slide
        case .ctl: return .ctl
        case .button: return .button
        case .tap: return .tap
        }
    }

    public var time: Double {
        switch self {
        case .slide(_, let t), .ctl(_, _, let t), .tap(_, let t): return t
        case .button(let press): return press.time
        }
    }
}

/// Proof that the authority granted an unlock. Only `UnlockAuthority.decide` makes one (its
/// initialiser is private to that file), and `LockSession` completes an unlock only with
/// one in hand.
public struct UnlockGrant: Equatable, Sendable {
    public let source: UnlockSource
    public let time: Double
    /// Seconds from the contact landing to its release (0 for sources without a contact).
    public let contactDuration: Double
    /// The release velocity along the track, pixels per second (slides; else 0).
    public let velocity: Double
    /// A slide that did not reach the threshold but was flung past the end.
    public let flung: Bool

    init(
        authorisedBy _: UnlockAuthority.Key, source: UnlockSource, time: Double, contactDuration: Double,
        velocity: Double, flung: Bool
    ) {
        self.source = source
        self.time = time
        self.contactDuration = contactDuration
        self.velocity = velocity
        self.flung = flung
    }
}

/// What the authority answered.
public enum UnlockVerdict: Equatable, Sendable {
    case granted(UnlockGrant)
    case refused(UnlockRefusal)

    public var isGranted: Bool {
        if case .granted = self { return true }
        return false
    }
}
