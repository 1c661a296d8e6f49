import SlideLockCore
import SlideLockPlatform

// Idle dim and blank: events pass the `IdleGate` before the session; its effects switch
// the backlight, the outputs and the frame's brightness.
extension LockLoop {
    /// The events the session may see (a wake touch never reaches it), after carrying out
    /// what the gate decided. With no idle control, all of them.
    func passThroughIdle(_ events: [LockEvent], now: Double) -> [LockEvent] {
        guard let idle else { return events }
        // A slide, a hook, a state on show or a finger on the glass is not idleness.
        if !session.isAtRest || session.authority.activeContacts > 0 { idle.gate.noteActivity(at: now) }
        var forwarded: [LockEvent] = []
        for event in events {
            let step = idle.gate.handle(event)
            applyIdle(step.effects, now: now)
            forwarded += step.forward.filter(LockLoop.isNotIdleShow)
        }
        let due = idle.gate.advance(to: now)
        applyIdle(due.effects, now: now)
        forwarded += due.forward
        for entry in idle.gate.takeLog() { log.info("idle: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
        return forwarded
    }

    /// SIGUSR2: wake the panel from outside. The fingers down are uncertain either way.
    func wakeFromSignal(now: Double) {
        guard let idle else { return apply(session.handle(.uncertain(.wake, time: now)), now: now) }
        let step = idle.gate.wake(at: now)
        applyIdle(step.effects, now: now)
        for event in step.forward where LockLoop.isNotIdleShow(event) { apply(session.handle(event), now: now) }
        for entry in idle.gate.takeLog() { log.info("idle: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
    }

    /// `ctl display`: on wakes as SIGUSR2 does; dim and off go there now, as idle would,
    /// and a touch wakes the panel as ever. False without idle control.
    func setPanelPower(_ power: PanelPower, now: Double) -> Bool {
        guard let idle else { return false }
        guard power != .awake else {
            wakeFromSignal(now: now)
            return true
        }
        let step = idle.gate.force(power, at: now)
        applyIdle(step.effects, now: now)
        for event in step.forward { apply(session.handle(event), now: now) }
        for entry in idle.gate.takeLog() { log.info("idle: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
        return true
    }

    /// The gate says the lock is shown as it wakes the panel; the loop says so only when a
    /// frame is on it again (`noteShown`): the outputs take a while to come back, and a
    /// touch meanwhile landed on a dark panel.
    static func isNotIdleShow(_ event: LockEvent) -> Bool {
        if case .shown(.idle, _) = event { return false }
        return true
    }

    func applyIdle(_ effects: [IdleEffect], now: Double) {
        guard let idle else { return }
        for effect in effects {
            switch effect {
            case .power(.awake):
                do { try display.unblank() } catch { log.error("waking the outputs: \(error)") }
                idle.setBacklight(1)
                // The scene may equal the one before the blank: the whole frame goes out again.
                for view in views { view.invalidate() }
                sessionVersion += 1
            case .power(.dim):
                idle.setBacklight(idle.gate.settings.dimLevel)
                sessionVersion += 1 // redrawn darker when there is no backlight
            case .power(.blank):
                idle.setBacklight(0)
                do { try display.blank() } catch { log.error("switching the outputs off: \(error)") }
            case .hook(let event):
                idle.runHook(event, now: now)
            }
        }
    }

    /// The session's visual at `t`, drawn darker while dim without a backlight, with what
    /// the entries show (the clock).
    func frameVisual(at t: Double) -> ControlVisual {
        var v = session.visual(at: t)
        v.brightness = idle?.drawBrightness ?? 1
        for source in sources { source.decorate(&v) }
        return v
    }
}
