/// The slide-to-unlock state machine: `LockEvent`s in; `LockEffect`s, a log and the
/// `ControlVisual` of any moment out. It never sees a file descriptor or a clock.
///
/// locked -> pressed (finger lands on the thumb) -> dragging (thumb follows the finger)
/// -> on release: unlock (-> busy -> unlocked | failed -> locked) or spring back home.
/// Whether a release unlocks is `authority`'s decision alone (`UnlockAuthority`, whose
/// documentation states the rule): the session sees every event only after it, grabs only
/// with a contact it still allows, and completes only with its `UnlockGrant`.
public struct LockSession: Sendable {
    public let settings: Settings
    /// Thumb geometry used for hit testing and progress (`relayout` when the screen changes).
    public internal(set) var layout: Layout
    /// The person-visible state.
    public private(set) var state: LockState = .locked
    /// True after `.exit` was emitted; the session then ignores everything.
    public private(set) var hasExited = false

    /// Seconds the press feedback takes from 0 to 1 (and back).
    public static let pressDuration = 0.1
    /// Pixels the thumb must move under the finger before a press becomes a slide; below
    /// this a lift counts as a tap and does nothing.
    public static let dragSlop = 1.0
    /// Seconds per spinner turn while busy.
    public static let spinnerPeriod = 1.0
    /// The failure shake: seconds, amplitude in pixels, whole oscillations.
    public static let shakeDuration = 0.4
    public static let shakeAmplitude = 8.0
    public static let shakeCycles = 3.0
    /// Seconds of the exit-mode slide-off transition (when enabled).
    public static let exitDuration = 0.35

    /// A finger holding the thumb.
    struct Grab: Sendable {
        var contact: Int
        /// Finger offset along the track minus thumb offset, fixed at grab time.
        var grabOffset: Double
        var pressedAt: Double
        /// The thumb's samples, for the velocity it keeps when let go.
        var tracker = VelocityTracker()
    }

    /// Decides every unlock; keeps every contact on the glass.
    public internal(set) var authority: UnlockAuthority
    var hue: HueAnimation
    var grab: Grab?
    /// Thumb offset from home in pixels while nothing moves it on its own.
    var restOffset = 0.0
    var motion: ThumbMotion?
    /// Press feedback: value `pressFrom` at `pressStart`, moving to `pressTo`.
    var pressFrom = 0.0, pressTo = 0.0, pressStart = 0.0
    /// When the current state began.
    var stateStart = 0.0
    /// No grab before this time (ActionSettings.cooldown after each unlock).
    var cooldownUntil = -Double.infinity
    /// Exit mode with a transition: when the slide-off started.
    var exitStart: Double?
    /// Latest time seen; events are assumed in order, a late one is treated as now.
    var now = 0.0
    var pending: [LockLogEntry] = []
    /// See `ControlVisual.failedSinceGrab`.
    var failedSinceGrab = false
    /// When a refused button press was last logged, and how many since were not.
    var buttonRefusal: (logged: Double, unlogged: Int) = (-Double.infinity, 0)
    /// The source of the latest unlock granted (the feedback hook's `SLIDELOCK_SOURCE`).
    public internal(set) var lastUnlockSource: UnlockSource?
    /// The message line shown above the track, nil for none.
    public internal(set) var message: String?
    /// The message line, lockdown and out of service (see `Notice`); drawn with every frame.
    /// Lockdown and out of service are the authority's own, mirrored here.
    public var notice: Notice {
        Notice(
            message: message, lockdown: authority.lockdown,
            outOfService: authority.outOfService ?? layoutProblem.flatMap { OutOfService(problems: [$0]) })
    }
    /// Why the current layout cannot take a slide (too small a mode), nil when it can.
    public internal(set) var layoutProblem: String?
    /// A message sent over the control socket is shown: until when (nil: until replaced),
    /// and the message it replaced, shown again when it ends.
    var controlMessage: (until: Double?, replaced: String?)?

    /// A session for `settings`, with the thumb geometry of `layout`.
    public init(settings: Settings, layout: Layout) {
        self.settings = settings
        self.layout = layout
        hue = HueAnimation(settings.animation)
        authority = UnlockAuthority(gesture: settings.gesture, layout: layout)
        authority.stuck = settings.input.stuck
        message = Notice(settings: settings).message
    }

    /// A session for reloaded `settings` that keeps what `old` knows of the fingers on the
    /// glass (each of them now uncertain): a reload never makes the authority forget one.
    public init(settings: Settings, layout: Layout, reloadedFrom old: LockSession, time t: Double) {
        self.init(settings: settings, layout: layout)
        authority = old.authority
        authority.reconfigure(gesture: settings.gesture, layout: layout, why: .reload, time: t)
        authority.stuck = settings.input.stuck
        pending = old.pending + authority.takeLog()
        now = max(old.now, t)
        keepControl(of: old)
        layoutProblem = old.layoutProblem
        keepAction(of: old)
        // A new message in the config replaces one sent over the socket.
        if old.settings.display.text.message != settings.display.text.message { endMessage() }
    }

    /// A session on a `width` x `height` screen, laid out exactly as `SceneBuilder` draws it.
    public init(settings: Settings, width: Int, height: Int) {
        self.init(settings: settings, layout: SceneBuilder(settings: settings, width: width, height: height).layout)
    }

    // MARK: - Events

    /// Applies `event`; returns what the edges must do now.
    public mutating func handle(_ event: LockEvent) -> [LockEffect] {
        guard !hasExited else { return [] }
        var effects: [LockEffect] = []
        let t = max(event.time, now)
        advance(to: t, effects: &effects)
        guard !hasExited else { return effects }
        authority.observe(event)
        dropGrabIfRefused(time: t, effects: &effects)
        switch event {
        case .touchDown(let id, let point, _): touchDown(id: id, at: point, time: t, effects: &effects)
        case .touchMove(let id, let point, _): touchMove(id: id, to: point, time: t, effects: &effects)
        case .touchUp(let id, _): touchUp(id: id, time: t, effects: &effects)
        case .touchCancel, .touchWithheld, .touchHeld, .uncertain, .hidden, .shown, .tick: break
        case .actionFinished(let success, _): actionFinished(success: success, time: t)
        case .reset: reset(time: t)
        case .control(let event, _): control(event, time: t, effects: &effects)
        }
        pending += authority.takeLog()
        return effects
    }

    /// The log entries written since the last call, oldest first.
    public mutating func takeLog() -> [LockLogEntry] {
        defer { pending.removeAll() }
        return pending
    }

    /// Carries out what time alone does: motions arriving, states timing out.
    mutating func advance(to t: Double, effects: inout [LockEffect]) {
        now = t
        expireMessage(at: t)
        if let m = motion, m.isFinished(at: t) {
            restOffset = m.target
            motion = nil
        }
        switch state {
        case .unlocked where settings.action.mode == .exit:
            if let start = exitStart, t >= start + LockSession.exitDuration {
                finishExit(time: start + LockSession.exitDuration, effects: &effects)
            }
        case .unlocked where t >= stateStart + settings.animation.unlockedDuration:
            relock(time: stateStart + settings.animation.unlockedDuration)
        case .failed where t >= stateStart + settings.animation.failedDuration:
            relock(time: stateStart + settings.animation.failedDuration)
        default: break
        }
    }

    mutating func actionFinished(success: Bool, time t: Double) {
        guard state == .busy else { return note("ignored-action", at: t) }
        enter(success ? .unlocked : .failed, at: t)
        failedSinceGrab = !success
        note(success ? "unlocked" : "failed", at: t)
    }

    /// Back to locked (SIGUSR1). The authority stays: the fingers down are still down, and
    /// it has already counted this as a moment of uncertainty.
    mutating func reset(time t: Double) {
        let log = pending
        let kept = authority
        let old = self
        self = LockSession(settings: settings, layout: layout)
        authority = kept
        // A relock is no reason to drop a message or lift lockdown, nor to show a slider
        // the screen is too small for (the authority keeps it hidden).
        keepControl(of: old)
        layoutProblem = old.layoutProblem
        now = t
        pending = log
        note("reset", at: t)
    }

    /// After `unlocked` / `failed`: back to locked, the thumb returning home. `t` is the
    /// exact deadline (not the tick that noticed it) so the return does not depend on
    /// the frame rate.
    mutating func relock(time t: Double) {
        enter(.locked, at: t)
        startMotion(to: 0, velocity: 0, at: t)
        note("relock", at: t)
    }

    mutating func finishExit(time t: Double, effects: inout [LockEffect]) {
        effects.append(.exit)
        note("exit", at: t)
        hasExited = true
    }

    mutating func enter(_ newState: LockState, at t: Double) {
        state = newState
        stateStart = t
    }

    mutating func note(_ name: String, _ detail: String? = nil, at t: Double) {
        pending.append(LockLogEntry(time: t, name: name, detail: detail))
    }

    // MARK: - Output

    /// The animated values of the frame shown at `t`.
    public func visual(at t: Double) -> ControlVisual {
        let t = max(t, now)
        var v = ControlVisual(state: state, progress: min(max(layout.progress(forOffset: thumbOffset(at: t)), 0), 1))
        v.press = press(at: t)
        v.failedSinceGrab = failedSinceGrab
        v.notice = notice
        v.openButton = showsOpenButton(at: t)
        v.hueDegrees = hue.degrees(at: t)
        v.shimmer = hue.shimmerPhase(at: t)
        v.stateSeconds = t - stateStart
        switch state {
        case .busy: v.spinnerPhase = HueAnimation.wrap((t - stateStart) / LockSession.spinnerPeriod)
        case .failed: v.shake = LockSession.shake(seconds: t - stateStart)
        case .unlocked:
            if let start = exitStart {
                v.exitOffset = Easing(curve: .easeInOut, duration: LockSession.exitDuration).fraction(
                    seconds: t - start)
            }
        default: break
        }
        return v
    }

    /// Horizontal failure shake, pixels: a sine of `shakeCycles` whole oscillations under an
    /// exponential decay, exactly 0 at `shakeDuration` (whole cycles end at a zero crossing).
    public static func shake(seconds s: Double) -> Double {
        guard s > 0 && s < shakeDuration else { return 0 }
        let u = s / shakeDuration
        return shakeAmplitude * exponential(-3 * u) * sine(2 * Double.pi * shakeCycles * u)
    }

    /// True while the interaction itself animates at the latest time seen: the thumb moving
    /// on its own, press feedback, spinner, shake, the unlocked icon's transition or
    /// slide-off. Ambient hue and shimmer are left out (see `isAnimating`).
    public var isControlAnimating: Bool {
        if hasExited { return false }
        if motion != nil || press(at: now) != pressTo { return true }
        switch state {
        case .busy: return true
        case .failed: return now - stateStart < LockSession.shakeDuration
        case .unlocked:
            return exitStart != nil || IconTransition(settings.theme).isRunning(seconds: now - stateStart)
        default: return false
        }
    }

    /// True when frames must keep coming without input (the renderer works out what changed).
    public var isAnimating: Bool { !hasExited && (isControlAnimating || hue.isAnimating) }

    /// Nothing left to happen without input: locked with the thumb home and still, or exited.
    public var isAtRest: Bool {
        hasExited
            || (state == .locked && !isControlAnimating && restOffset == 0
                && authority.openButtonUntil(at: now) == nil)
    }

    /// When time alone will next change the state (for a poll timeout while static), or nil.
    public var nextDeadline: Double? {
        [stateDeadline, controlMessage?.until, authority.nextStuckDeadline].compactMap { $0 }.min()
    }

    var stateDeadline: Double? {
        switch state {
        case .unlocked where settings.action.mode == .exit: return exitStart.map { $0 + LockSession.exitDuration }
        case .unlocked: return stateStart + settings.animation.unlockedDuration
        case .failed: return stateStart + settings.animation.failedDuration
        default: return authority.openButtonUntil(at: now)
        }
    }
}
