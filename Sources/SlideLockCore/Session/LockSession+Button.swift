// The request-to-exit button as `LockSession` sees it: a press asks the authority, and a
// grant opens through the same path as a slide (`complete`).
extension LockSession {
    /// The button was pressed at `t` (the edge's timestamp; a late one counts as now).
    /// Returns what the edges must do: the unlock and, in exit mode, the exit.
    public mutating func pressButton(time t: Double) -> [LockEffect] {
        var effects: [LockEffect] = []
        guard !hasExited else { return effects }
        let t = max(t, now)
        advance(to: t, effects: &effects)
        guard !hasExited else { return effects }
        let verdict = authority.decide(
            .button(ButtonPress(time: t, notReady: notReady(at: t))))
        guard case .granted(let grant) = verdict else {
            logRefusedPress(authority.takeLog(), at: t)
            return effects
        }
        pending += authority.takeLog()
        // A finger holding the thumb lets go of it: the door opens from here.
        cancelGrab(reason: .button, time: t, effects: &effects)
        complete(grant, velocity: 0, effects: &effects)
        return effects
    }

    /// A refused press is logged at most once a `buttonLogInterval`: a bouncing or shorted
    /// line must not flood the journal. The presses left out are counted in the next line.
    /// (The authority still records every decision for the audit and `ctl status`.)
    mutating func logRefusedPress(_ entries: [LockLogEntry], at t: Double) {
        guard t - buttonRefusal.logged >= Self.buttonLogInterval else {
            buttonRefusal.unlogged += 1
            return
        }
        if buttonRefusal.unlogged > 0 { note("button-refusals-not-logged", "\(buttonRefusal.unlogged)", at: t) }
        buttonRefusal = (t, 0)
        pending += entries
    }

    static let buttonLogInterval = 1.0

    /// Why nothing may open at `t` whatever the source: another unlock under way or shown, or
    /// the cooldown after one. Nil when locked (a finger pressing or dragging counts too).
    func notReady(at t: Double) -> String? {
        switch state {
        case .locked, .pressed, .dragging: return t >= cooldownUntil ? nil : "cooldown"
        case .busy, .unlocked, .failed: return state.rawValue
        }
    }
}
