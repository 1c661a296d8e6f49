/// How lit the panel is.
public enum PanelPower: String, CaseIterable, Equatable, Sendable {
    case awake, dim, blank
}

/// What an `IdleGate` asks the edges to do.
public enum IdleEffect: Equatable, Sendable {
    /// Set the panel to this power: backlight level, outputs on or off, redraw when waking.
    case power(PanelPower)
    /// Run `action.idle_hook` with `SLIDELOCK_EVENT=sleep` (the panel left `awake`) or
    /// `wake` (it came back). Only emitted when a hook is configured.
    case hook(IdleHookEvent)
}

/// `SLIDELOCK_EVENT` of the idle hook.
public enum IdleHookEvent: String, Equatable, Sendable {
    case sleep, wake
}

/// What became of one event passed through the gate (or of time passing).
public struct IdleStep: Equatable, Sendable {
    /// The events for the `LockSession`, in order: the event itself, after `.shown(.idle)`
    /// when it woke the panel, or `.hidden(.idle)` when the panel went dim or blank.
    public var forward: [LockEvent]
    public var effects: [IdleEffect]

    public init(forward: [LockEvent] = [], effects: [IdleEffect] = []) {
        self.forward = forward
        self.effects = effects
    }
}

/// Sits in front of `LockSession`: dims and blanks the panel after `display.dim_after` /
/// `blank_after` seconds without a touch, and wakes it on a touch.
///
/// It keeps no memory of fingers and holds no touch back: it tells the session when the
/// panel stops and starts showing the lock (`.hidden(.idle)` / `.shown(.idle)`), and the
/// `UnlockAuthority` does the rest: a touch that lands on a dim or blank panel, and every
/// contact down when it wakes or that lands before all of them have lifted, never unlocks.
/// Call `noteActivity` while the session is not at rest or any contact is down, so the
/// panel never dims or blanks under a finger.
public struct IdleGate: Sendable {
    public let settings: PanelPowerSettings
    /// Whether `sleep`/`wake` hook effects are wanted (`action.idle_hook` is set).
    public let hasHook: Bool
    /// What the panel is asked to show.
    public private(set) var power: PanelPower = .awake
    /// Start of the current quiet period (last touch, wake, or activity).
    public private(set) var quietSince: Double
    var pending: [LockLogEntry] = []

    public init(settings: PanelPowerSettings, hasHook: Bool = false, now: Double) {
        self.settings = settings
        self.hasHook = hasHook
        quietSince = now
    }

    /// The gate for the whole configuration (idle timings and `action.idle_hook`).
    public init(settings: Settings, now: Double) {
        let hook = settings.action.idleHook.contains { $0 != " " && $0 != "\t" }
        self.init(settings: settings.display.power, hasHook: hook, now: now)
    }

    /// Brightness the panel shows now: 1 awake, `dimLevel` dim, 0 blank (times
    /// `settings.brightness` for the backlight; alone when the frame is drawn darker).
    public var level: Double {
        switch power {
        case .awake: return 1
        case .dim: return settings.dimLevel
        case .blank: return 0
        }
    }

    // MARK: - Events

    /// Passes `event` through: a touch restarts the idle timer, and one on a dim or blank
    /// panel wakes it. Other events also let due deadlines happen (a tick at `t` first dims
    /// or blanks what is due by `t`).
    public mutating func handle(_ event: LockEvent) -> IdleStep {
        switch event {
        case .touchDown(_, _, let t), .touchWithheld(_, let t), .touchHeld(_, _, let t), .touchMove(_, _, let t),
            .touchUp(_, let t), .touchCancel(_, let t):
            // A touch that arrives before the loop applied a due deadline still met a lit
            // panel: it restarts the timer.
            quietSince = max(quietSince, t)
            guard power != .awake, isLanding(event) else { return IdleStep(forward: [event]) }
            note("wake", "touch", at: t)
            var step = wakeStep(at: t)
            step.forward.append(event)
            return step
        case .tick(let t), .actionFinished(_, let t), .reset(let t):
            var step = advance(to: t)
            step.forward.append(event)
            return step
        case .uncertain, .hidden, .shown, .control:
            return IdleStep(forward: [event])
        }
    }

    /// Wakes the panel from outside (SIGUSR2): the timer starts again, and the fingers down
    /// are uncertain (`Uncertainty.wake`) whether or not the panel was asleep.
    public mutating func wake(at t: Double) -> IdleStep {
        quietSince = max(quietSince, t)
        var step = IdleStep(forward: [.uncertain(.wake, time: t)])
        guard power != .awake else { return step }
        note("wake", "signal", at: t)
        let woken = wakeStep(at: t)
        step.forward += woken.forward
        step.effects += woken.effects
        return step
    }

    /// Something on screen is still happening (a slide, a hook, a state timing out): the
    /// quiet period starts again. Call with the session's `!isAtRest` each time round.
    public mutating func noteActivity(at t: Double) {
        quietSince = max(quietSince, t)
    }

    /// Dims or blanks whatever is due by `t`; leaving `awake` hides the lock.
    public mutating func advance(to t: Double) -> IdleStep {
        darken(to: power(afterQuiet: t - quietSince), why: nil, at: t)
    }

    /// The panel goes to `target` now (`ctl display dim|off`) as if idle that long; never
    /// brighter than it is (waking is `wake`). A touch wakes it as from idle.
    public mutating func force(_ target: PanelPower, at t: Double) -> IdleStep {
        darken(to: target, why: "ctl", at: t)
    }

    /// Goes to `target` when it is darker than the power now; leaving `awake` hides the lock.
    mutating func darken(to target: PanelPower, why: String?, at t: Double) -> IdleStep {
        guard rank(target) > rank(power) else { return IdleStep() }
        var step = IdleStep(effects: [.power(target)])
        if power == .awake {
            step.forward.append(.hidden(.idle, time: t))
            if hasHook { step.effects.append(.hook(.sleep)) }
        }
        power = target
        note(target.rawValue, why, at: t)
        return step
    }

    /// When time alone next changes the power (a poll timeout), or nil.
    public var nextDeadline: Double? {
        let candidates: [Double] = [
            power == .awake && settings.dimAfter > 0 ? settings.dimAfter : nil,
            power != .blank && settings.blankAfter > 0 ? settings.blankAfter : nil,
        ].compactMap { $0 }
        return candidates.min().map { quietSince + $0 }
    }

    /// The log entries written since the last call, oldest first.
    public mutating func takeLog() -> [LockLogEntry] {
        defer { pending.removeAll() }
        return pending
    }

    // MARK: - Helpers

    /// The power after `seconds` without a touch.
    func power(afterQuiet seconds: Double) -> PanelPower {
        if settings.blankAfter > 0 && seconds >= settings.blankAfter { return .blank }
        if settings.dimAfter > 0 && seconds >= settings.dimAfter { return .dim }
        return .awake
    }

    func rank(_ p: PanelPower) -> Int {
        switch p {
        case .awake: return 0
        case .dim: return 1
        case .blank: return 2
        }
    }

    /// A touch that lands (or a known contact's down, when a gate releases it) wakes.
    func isLanding(_ event: LockEvent) -> Bool {
        switch event {
        case .touchDown, .touchWithheld: return true
        default: return false
        }
    }

    mutating func wakeStep(at t: Double) -> IdleStep {
        power = .awake
        var step = IdleStep(forward: [.shown(.idle, time: t)], effects: [.power(.awake)])
        if hasHook { step.effects.append(.hook(.wake)) }
        return step
    }

    mutating func note(_ name: String, _ detail: String? = nil, at t: Double) {
        pending.append(LockLogEntry(time: t, name: name, detail: detail))
    }
}
