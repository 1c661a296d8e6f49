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

/// What became of one event passed through the gate.
public struct IdleStep: Equatable, Sendable {
    /// The event for the `LockSession`, nil when the gate consumed it (a wake touch).
    public var forward: LockEvent?
    public var effects: [IdleEffect]
}

/// Sits in front of `LockSession`: dims and blanks the panel after `display.dim_after` /
/// `blank_after` seconds without a touch, and consumes the touch that wakes it.
///
/// A touch that lands on a dim or blank panel only wakes it: that contact, and every other
/// contact that lands before all of them have lifted, never reaches the session, however it
/// moves. So a hand brushing a dark panel cannot grab the thumb, and the session's own rule
/// (one finger, from the thumb, throughout) starts from a panel the person can see.
public struct IdleGate: Sendable {
    public let settings: PanelPowerSettings
    /// Whether `sleep`/`wake` hook effects are wanted (`action.idle_hook` is set).
    public let hasHook: Bool
    /// What the panel is asked to show.
    public private(set) var power: PanelPower = .awake
    /// Start of the current quiet period (last touch, wake, or activity).
    public private(set) var quietSince: Double
    /// Contacts the session sees (landed while awake).
    var passed: Set<Int> = []
    /// Contacts the gate swallows until they lift (wake touches and their companions).
    var swallowed: Set<Int> = []
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

    /// True while a wake touch (or a finger that joined it) is still down.
    public var isSwallowing: Bool { !swallowed.isEmpty }

    // MARK: - Events

    /// Passes `event` through: a touch resets the idle timer, a touch on a dim or blank
    /// panel wakes it and is consumed until it lifts. Other events also let due deadlines
    /// happen (a tick at `t` first dims or blanks what is due by `t`).
    public mutating func handle(_ event: LockEvent) -> IdleStep {
        var effects: [IdleEffect] = []
        switch event {
        case .touchDown(let id, _, let t):
            // A touch that arrives before the loop applied a due deadline still met a lit
            // panel: it is judged by what was shown, and restarts the timer.
            quietSince = max(quietSince, t)
            if swallowed.contains(id) {
                // A repeated down (its up was lost) is still the wake touch until it lifts.
                note("swallowed-touch", "repeat-down", at: t)
                return IdleStep(forward: nil, effects: [])
            }
            // A repeated down of a contact the session has: the session handles it.
            if passed.contains(id) { return IdleStep(forward: event, effects: []) }
            if power != .awake {
                swallowed.insert(id)
                note("wake", "touch", at: t)
                wakeEffects(into: &effects)
                return IdleStep(forward: nil, effects: effects)
            }
            if !swallowed.isEmpty {
                // Another finger while a wake touch is down: it joins the wake touch.
                swallowed.insert(id)
                note("swallowed-touch", "wake-touch-down", at: t)
                return IdleStep(forward: nil, effects: [])
            }
            passed.insert(id)
            return IdleStep(forward: event, effects: [])
        case .touchMove(let id, _, let t):
            quietSince = max(quietSince, t)
            return IdleStep(forward: passed.contains(id) ? event : nil, effects: [])
        case .touchUp(let id, let t):
            quietSince = max(quietSince, t)
            if swallowed.remove(id) != nil { return IdleStep(forward: nil, effects: []) }
            return IdleStep(forward: passed.remove(id) != nil ? event : nil, effects: [])
        case .touchCancel(let t):
            quietSince = max(quietSince, t)
            swallowed.removeAll()
            passed.removeAll()
            return IdleStep(forward: event, effects: [])
        case .tick(let t), .actionFinished(_, let t), .reset(let t):
            effects = advance(to: t)
            return IdleStep(forward: event, effects: effects)
        }
    }

    /// Wakes the panel from outside (SIGUSR2): the timer starts again. Nothing is consumed.
    public mutating func wake(at t: Double) -> [IdleEffect] {
        quietSince = max(quietSince, t)
        guard power != .awake else { return [] }
        note("wake", "signal", at: t)
        var effects: [IdleEffect] = []
        wakeEffects(into: &effects)
        return effects
    }

    /// Something on screen is still happening (a slide, a hook, a state timing out): the
    /// quiet period starts again. Call with the session's `!isAtRest` each time round.
    public mutating func noteActivity(at t: Double) {
        quietSince = max(quietSince, t)
    }

    /// Dims or blanks whatever is due by `t`.
    public mutating func advance(to t: Double) -> [IdleEffect] {
        // A finger resting on the panel is not idleness.
        guard passed.isEmpty && swallowed.isEmpty else { return [] }
        let target = power(afterQuiet: t - quietSince)
        guard rank(target) > rank(power) else { return [] }
        var effects: [IdleEffect] = []
        if power == .awake && hasHook { effects.append(.hook(.sleep)) }
        power = target
        note(target.rawValue, at: t)
        effects.insert(.power(target), at: 0)
        return effects
    }

    /// When time alone next changes the power (a poll timeout), or nil.
    public var nextDeadline: Double? {
        guard passed.isEmpty && swallowed.isEmpty else { return nil }
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

    mutating func wakeEffects(into effects: inout [IdleEffect]) {
        power = .awake
        effects.append(.power(.awake))
        if hasHook { effects.append(.hook(.wake)) }
    }

    mutating func note(_ name: String, _ detail: String? = nil, at t: Double) {
        pending.append(LockLogEntry(time: t, name: name, detail: detail))
    }
}
