// The session given a new layout (the touch output back at another size) or a new
// configuration (a reload): what carries over, and what a too-small layout does.
extension LockSession {
    /// The touch output came back at another size: the same state on the slider laid out
    /// for it. A slide in progress ends (its finger moved on the old geometry); a thumb at
    /// rest or on its way keeps its progress, arriving at once.
    public mutating func relayout(_ newLayout: Layout, time t: Double) -> [LockEffect] {
        var effects: [LockEffect] = []
        guard !hasExited else { return effects }
        now = max(now, t)
        advance(to: now, effects: &effects)
        if grab != nil { cancelGrab(reason: .relayout, time: now, effects: &effects) }
        let progress = layout.progress(forOffset: motion?.target ?? restOffset)
        motion = nil
        layout = newLayout
        restOffset = progress * layout.travel
        authority.reconfigure(gesture: settings.gesture, layout: newLayout, why: .relayout, time: now)
        note("relayout", at: now)
        // A slider too short to tell a slide from a finger's jitter is hidden until a
        // usable mode returns, and the glass says why.
        let tooSmall =
            layout.travel >= Layout.minimumTravel
            ? nil
            : Layout.travelError(settings, screen: layout.screen)
                ?? "the slider leaves \(Int(layout.travel)) px of thumb travel (at least \(Int(Layout.minimumTravel)) needed)"
        if let tooSmall, layoutProblem == nil {
            layoutProblem = tooSmall
            effects += handle(.hidden(.layout, time: now))
        } else if tooSmall == nil, layoutProblem != nil {
            layoutProblem = nil
            effects += handle(.shown(.layout, time: now))
        }
        layoutProblem = tooSmall
        return effects
    }

    /// After a reload: an unlock's cooldown stays, and so does an action under way (busy,
    /// unlocked, failed), so the running hook's outcome still reaches the session and the
    /// unlocked or failed screen keeps its time. Under another `action.on_unlock` the
    /// action's states mean something else: the session starts locked, as at any start.
    mutating func keepAction(of old: LockSession) {
        cooldownUntil = old.cooldownUntil
        lastUnlockSource = old.lastUnlockSource
        guard [.busy, .unlocked, .failed].contains(old.state), old.settings.action.mode == settings.action.mode
        else { return }
        enter(old.state, at: old.stateStart)
        exitStart = old.exitStart
        failedSinceGrab = old.failedSinceGrab
        // The thumb where it was going, on the new track.
        restOffset = old.layout.progress(forOffset: old.motion?.target ?? old.restOffset) * layout.travel
    }
}
