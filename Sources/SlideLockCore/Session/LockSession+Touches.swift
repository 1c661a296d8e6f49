// Touch handling of `LockSession`: grabbing, dragging, releasing. Whether a slide unlocks
// is not decided here: `UnlockAuthority` does, and the session completes only its grants.
extension LockSession {
    mutating func touchDown(id: Int, at point: Point, time t: Double, effects: inout [LockEffect]) {
        // Only a contact the authority would still let unlock may grab.
        if let refusal = authority.refusal(of: id) { return note("ignored-touch", refusal.reason.rawValue, at: t) }
        guard authority.mayGrab(id) else { return }
        guard state == .locked else { return note("ignored-touch", state.rawValue, at: t) }
        guard t >= cooldownUntil else { return note("ignored-touch", "cooldown", at: t) }
        let offset = thumbOffset(at: t)
        let hitSlop = settings.gesture.hitSlop
        let target = layout.thumb(progress: layout.progress(forOffset: offset)).insetBy(-hitSlop)
        guard point.x >= target.minX && point.x <= target.maxX && point.y >= target.minY && point.y <= target.maxY
        else { return note("ignored-touch", "off-thumb", at: t) }

        // Caught while returning home: it stays exactly where the finger found it.
        note(motion != nil ? "grab" : "pressed", at: t)
        holdThumb(at: t)
        let finger = layout.offsetAlongTrack(x: point.x)
        var g = Grab(contact: id, grabOffset: finger - offset, pressedAt: t)
        g.tracker.add(time: t, position: offset)
        grab = g
        failedSinceGrab = false
        enter(.pressed, at: t)
        setPress(1, at: t)
    }

    mutating func touchMove(id: Int, to point: Point, time t: Double, effects: inout [LockEffect]) {
        guard grab?.contact == id else { return }
        // Taken out so `g` alone owns the tracker's buffers: no copy per sample.
        var g = grab!
        grab = nil
        defer { grab = g }
        let offset = clampToTrack(layout.offsetAlongTrack(x: point.x) - g.grabOffset)
        if state == .pressed {
            guard abs(offset - restOffset) >= LockSession.dragSlop else { return }
            enter(.dragging, at: t)
            effects.append(.slideStarted)
            note("slide", at: t)
        }
        restOffset = offset
        g.tracker.add(time: t, position: offset)
    }

    /// A whole number for a log line, whatever the Double (no trap on huge or NaN values).
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        return String(clampedInt(value.rounded()))
    }

    mutating func touchUp(id: Int, time t: Double, effects: inout [LockEffect]) {
        if tapOpened(id: id, time: t, effects: &effects) { return }
        guard let g = grab, g.contact == id else { return }
        grab = nil
        setPress(0, at: t)
        guard state == .dragging else {
            // A tap on the thumb: nothing happens. A thumb caught mid-return resumes it.
            enter(.locked, at: t)
            note("release", at: t)
            if restOffset != 0 { startMotion(to: 0, velocity: 0, at: t) }
            return
        }
        let velocity = g.tracker.velocity(releaseTime: t)
        let verdict = authority.decide(.slide(contact: id, time: t))
        pending += authority.takeLog() // the decision's line, in its place
        switch verdict {
        case .granted(let grant): complete(grant, velocity: max(velocity, 0), effects: &effects)
        case .refused: springBack(velocity: velocity, reason: nil, time: t, effects: &effects)
        }
    }

    /// The grab's contact can no longer unlock (a second finger, a lost device, a step too
    /// fast, a moment of uncertainty): the thumb goes home.
    mutating func dropGrabIfRefused(time t: Double, effects: inout [LockEffect]) {
        guard let g = grab else { return }
        if let refusal = authority.refusal(of: g.contact) {
            cancelGrab(reason: refusal.reason, detail: refusal.detail, time: t, effects: &effects)
        } else if !authority.mayGrab(g.contact) && !authority.hasEnded(g.contact) {
            // Withheld by a gate, or never known: it may not hold the thumb.
            cancelGrab(reason: .withheld, time: t, effects: &effects)
        }
    }

    /// A grab ends without unlocking: the thumb goes home.
    mutating func cancelGrab(
        reason: UnlockRefusal.Reason, detail: String? = nil, time t: Double, effects: inout [LockEffect]
    ) {
        guard let g = grab else { return }
        grab = nil
        setPress(0, at: t)
        let velocity = g.tracker.velocity(releaseTime: t)
        // A grab ended by a refusal is a rejected slide for the audit, as a refused release is.
        authority.recordCancelledSlide(g.contact, UnlockRefusal(reason, detail), at: t)
        if state == .dragging {
            springBack(velocity: velocity, reason: reason.rawValue, detail: detail, time: t, effects: &effects)
        } else {
            enter(.locked, at: t)
            note(reason.rawValue, detail, at: t)
            if restOffset != 0 { startMotion(to: 0, velocity: 0, at: t) }
        }
    }

    /// `reason`: the log line's name (nil when the authority's decision already said why).
    mutating func springBack(
        velocity: Double, reason: String?, detail: String? = nil, time t: Double,
        effects: inout [LockEffect]
    ) {
        enter(.locked, at: t)
        effects.append(.slideCancelled)
        if let reason { note(reason, detail, at: t) }
        startMotion(to: 0, velocity: velocity, at: t)
    }

    /// The authority granted an unlock: the thumb finishes its way to the end (keeping the
    /// fling's speed), the action starts, and grabs are refused for the cooldown.
    mutating func complete(_ grant: UnlockGrant, velocity: Double, effects: inout [LockEffect]) {
        let t = grant.time
        lastUnlockSource = grant.source
        effects.append(.unlock(source: grant.source, slideDuration: grant.contactDuration))
        cooldownUntil = t + settings.action.cooldown
        startMotion(to: layout.travel, velocity: velocity, at: t)
        switch settings.action.mode {
        case .hook:
            enter(.busy, at: t)
        case .exit:
            enter(.unlocked, at: t)
            if settings.animation.exitTransition {
                exitStart = t
            } else {
                finishExit(time: t, effects: &effects)
            }
        }
    }
}
