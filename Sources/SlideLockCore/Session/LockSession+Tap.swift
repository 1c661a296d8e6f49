// Tap-to-open in `LockSession`: every lift goes to the authority's tap rule, and a tap
// it grants completes like a slide. The session only withholds (lockdown, busy, cooldown).
extension LockSession {
    /// Hands contact `id`'s lift to the tap rule; true when it opened the lock.
    mutating func tapOpened(id: Int, time t: Double, effects: inout [LockEffect]) -> Bool {
        guard settings.gesture.tapToOpen else { return false }
        let outcome = authority.tapLifted(id, time: t, withheldBy: tapGate(for: id, at: t))
        pending += authority.takeLog() // the tap's line, in its place
        guard case .decided(.granted(let grant)) = outcome else { return false }
        if grab != nil {
            grab = nil
            setPress(0, at: t)
        }
        complete(grant, velocity: 0, effects: &effects)
        return true
    }

    /// Why the session does not take a tap from `id` now, or nil: only a lock at rest (or
    /// pressed by this very tap), out of lockdown and cooldown, takes one.
    func tapGate(for id: Int, at t: Double) -> String? {
        if notice.lockdown { return "lockdown" }
        let atRest = state == .locked || (state == .pressed && grab?.contact == id)
        if !atRest { return state.rawValue }
        if t < cooldownUntil { return "cooldown" }
        return nil
    }

    /// The Open button shows while the authority holds it armed and a tap on it could open.
    func showsOpenButton(at t: Double) -> Bool {
        settings.gesture.tapToOpen && !notice.lockdown && state == .locked
            && authority.openButtonUntil(at: t) != nil
    }
}
