// Touch handling of `LockSession`: grabbing, dragging, releasing, and the rules that keep
// anything but one deliberate slide from unlocking.
extension LockSession {
    mutating func touchDown(id: Int, at point: Point, time t: Double, effects: inout [LockEffect]) {
        if contacts.contains(id) {
            // A down for a contact already down means its up was lost; treat it as lifted.
            touchUp(id: id, time: t, effects: &effects)
        }
        let othersDown = !contacts.isEmpty
        contacts.insert(id)
        // Only the first contact counts: a second finger cancels a slide in progress, and
        // nothing can start until every finger has lifted.
        if othersDown {
            if grab != nil {
                cancelGrab(reason: "second-finger", time: t, effects: &effects)
            } else {
                note("ignored-touch", "extra-finger", at: t)
            }
            return
        }
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
        var g = Grab(contact: id, grabOffset: layout.offsetAlongTrack(x: point.x) - offset, pressedAt: t)
        g.tracker.add(time: t, position: offset)
        grab = g
        failedSinceGrab = false
        enter(.pressed, at: t)
        setPress(1, at: t)
    }

    mutating func touchMove(id: Int, to point: Point, time t: Double, effects: inout [LockEffect]) {
        guard var g = grab, g.contact == id else { return }
        let offset = min(max(layout.offsetAlongTrack(x: point.x) - g.grabOffset, 0), layout.travel)
        if state == .pressed {
            guard abs(offset - restOffset) >= LockSession.dragSlop else { return }
            enter(.dragging, at: t)
            effects.append(.slideStarted)
            note("slide", at: t)
        }
        restOffset = offset
        g.tracker.add(time: t, position: offset)
        grab = g
    }

    mutating func touchUp(id: Int, time t: Double, effects: inout [LockEffect]) {
        contacts.remove(id)
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
        let progress = layout.progress(forOffset: restOffset)
        let gesture = settings.gesture
        let reached = progress >= min(gesture.threshold, 1) - 1e-9
        let flung = gesture.fling && velocity > 0
            && progress + layout.progress(forOffset: velocity) * gesture.flingProjection >= 1 - 1e-9
        guard reached || flung else {
            springBack(velocity: velocity, reason: "spring-back", time: t, effects: &effects)
            return
        }
        complete(slideDuration: t - g.pressedAt, velocity: velocity, flung: !reached, time: t, effects: &effects)
    }

    /// A grab ends without unlocking (second finger, lost device): the thumb goes home.
    mutating func cancelGrab(reason: String, time t: Double, effects: inout [LockEffect]) {
        guard let g = grab else { return }
        grab = nil
        setPress(0, at: t)
        let velocity = g.tracker.velocity(releaseTime: t)
        if state == .dragging {
            springBack(velocity: velocity, reason: reason, time: t, effects: &effects)
        } else {
            enter(.locked, at: t)
            note(reason, at: t)
            if restOffset != 0 { startMotion(to: 0, velocity: 0, at: t) }
        }
    }

    mutating func springBack(velocity: Double, reason: String, time t: Double, effects: inout [LockEffect]) {
        enter(.locked, at: t)
        effects.append(.slideCancelled)
        note(reason, at: t)
        startMotion(to: 0, velocity: velocity, at: t)
    }

    /// The slide counts: the thumb finishes its way to the end (keeping the fling's speed),
    /// the action starts, and grabs are refused for the cooldown.
    mutating func complete(slideDuration: Double, velocity: Double, flung: Bool, time t: Double,
                           effects: inout [LockEffect]) {
        effects.append(.unlock(slideDuration: slideDuration))
        note("unlock", flung ? "fling" : nil, at: t)
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
