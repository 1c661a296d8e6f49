/// The lock screen's states, as a person sees them.
public enum LockState: String, CaseIterable, Equatable, Sendable {
    case locked, pressed, dragging, busy, unlocked, failed
}

/// The animated quantities of one frame, independent of theme and screen size. The
/// session produces these; `SceneBuilder` turns them into a `Scene`.
public struct ControlVisual: Equatable, Sendable {
    public var state: LockState = .locked
    /// Thumb position, 0 = home, 1 = end.
    public var progress: Double = 0
    /// Press feedback, 0 = released, 1 = fully pressed (scale 0.95, opacity 0.9).
    public var press: Double = 0
    public var hueDegrees: Double = 0
    /// Horizontal shake of the thumb in `failed`, pixels.
    public var shake: Double = 0
    /// Spinner phase in turns.
    public var spinnerPhase: Double = 0
    /// Shimmer band position 0...1 across the label, nil when off.
    public var shimmer: Double?
    /// Seconds since the session entered `state` (the unlocked icon's transition).
    public var stateSeconds: Double = 0
    /// Slide-off transition, 0 = in place, 1 = gone.
    public var exitOffset: Double = 0
    /// The whole frame's brightness, 1 = as drawn: an idle dim without a backlight draws
    /// the frame darker instead (set by the loop from `IdleGate.level`, not by the session).
    public var brightness: Double = 1
    /// The unlock hook failed after the last slide and no finger has taken the thumb since:
    /// an interactive transition then keeps the lock screen in view while the thumb returns.
    public var failedSinceGrab = false
    /// The message line and lockdown, as the session holds them.
    public var notice = Notice()
    /// The clock's text this minute, nil when `display.clock` is off (set by the loop from
    /// the wall clock, not by the session).
    public var clock: ClockText?
    /// Tap-to-open's Open button is up (`UnlockAuthority.openButton`).
    public var openButton = false
    /// `ctl identify`: a bright border round the screen (set by the loop, not the session).
    public var identify = false

    public init(state: LockState = .locked, progress: Double = 0) {
        self.state = state
        self.progress = progress
        if state == .pressed || state == .dragging { press = 1 }
    }
}
