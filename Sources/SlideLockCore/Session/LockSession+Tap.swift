// Tap-to-open in `LockSession`: every lift goes to the authority's tap rule, and a tap
// it grants completes like a slide. The session only withholds (busy, cooldown); lockdown
// is the authority's own.
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
    /// pressed by this very tap), out of cooldown, takes one.
    func tapGate(for id: Int, at t: Double) -> UnlockRefusal.Reason? {
        switch state {
        case .locked: break
        case .pressed: if grab?.contact != id { return .pressed }
        case .dragging: return .dragging
        case .busy: return .busy
        case .unlocked: return .unlocked
        case .failed: return .failed
        }
        return t < cooldownUntil ? .cooldown : nil
    }

    /// The Open button shows while the authority holds it armed and a tap on it could open.
    func showsOpenButton(at t: Double) -> Bool {
        settings.gesture.tapToOpen && !authority.lockdown && state == .locked
            && authority.openButtonUntil(at: t) != nil
    }
}
