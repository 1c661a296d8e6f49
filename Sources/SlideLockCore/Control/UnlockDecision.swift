/// One decision of `UnlockAuthority`, as data for the audit and `ctl status`: what was
/// asked, by which source, and what the authority answered with what it measured.
public struct UnlockDecision: Equatable, Sendable {
    public var time: Double
    public var source: UnlockSource
    /// nil: granted.
    public var refusal: UnlockRefusal?
    /// A slide's contact: seconds from landing to release, and pixels along the track from
    /// where it landed to its last sample (nil for other sources, or no path).
    public var duration: Double?
    public var distance: Double?
    /// `ctl unlock`: who asked.
    public var peer: ControlPeer?

    public init(
        time: Double, source: UnlockSource, refusal: UnlockRefusal?, duration: Double? = nil,
        distance: Double? = nil, peer: ControlPeer? = nil
    ) {
        self.time = time
        self.source = source
        self.refusal = refusal
        self.duration = duration
        self.distance = distance
        self.peer = peer
    }

    public var isGranted: Bool { refusal == nil }
}
