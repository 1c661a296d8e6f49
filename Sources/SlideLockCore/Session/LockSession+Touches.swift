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
        let finger = layout.offsetAlongTrack(x: point.x)
        var g = Grab(
            contact: id, grabOffset: finger - offset, pressedAt: t, fingerStart: finger,
            lastPoint: point, lastTime: t, fingerOffset: finger)
        g.tracker.add(time: t, position: offset)
        grab = g
        failedSinceGrab = false
        enter(.pressed, at: t)
        setPress(1, at: t)
    }

    mutating func touchMove(id: Int, to point: Point, time t: Double, effects: inout [LockEffect]) {
        guard grab?.contact == id, let lastPoint = grab?.lastPoint, let lastTime = grab?.lastTime else { return }
        // Speed: fingers do not teleport, glitching controllers and bursts of samples do.
        let speed = LockSession.speed(from: lastPoint, at: lastTime, to: point, at: t)
        guard speed <= settings.gesture.maxSpeed else {
            let detail = "\(LockSession.whole(speed)) px/s, limit \(LockSession.whole(settings.gesture.maxSpeed))"
            return cancelGrab(reason: "too-fast", detail: detail, time: t, effects: &effects)
        }
        // Taken out so `g` alone owns the tracker's buffers: no copy per sample.
        var g = grab!
        grab = nil
        defer { grab = g }
        let finger = layout.offsetAlongTrack(x: point.x)
        if g.motionStart == nil && abs(finger - g.fingerStart) >= LockSession.dragSlop {
            // It started moving after its previous sample, and at most one report interval ago.
            g.motionStart = max(g.lastTime, t - LockSession.sampleIntervals.longest)
        }
        g.lastPoint = point
        g.lastTime = t
        g.fingerOffset = finger
        let offset = clampToTrack(finger - g.grabOffset)
        if state == .pressed {
            guard abs(offset - restOffset) >= LockSession.dragSlop else { return }
            enter(.dragging, at: t)
            effects.append(.slideStarted)
            note("slide", at: t)
        }
        restOffset = offset
        if g.reachedAt == nil && slideProgress(g) >= min(settings.gesture.threshold, 1) - 1e-9 {
            g.reachedAt = t
        }
        g.tracker.add(time: t, position: offset)
    }

    /// Progress of the slide this grab made: the thumb's, but never more than the finger's
    /// own travel since it grabbed (a thumb caught near the end has not been slid there).
    func slideProgress(_ g: Grab) -> Double {
        min(layout.progress(forOffset: restOffset), layout.progress(forOffset: g.fingerOffset - g.fingerStart))
    }

    /// Pixels per second between two samples of one finger, each step taken to last at
    /// least the shortest and at most the longest report interval (`sampleIntervals`).
    static func speed(from a: Point, at ta: Double, to b: Point, at tb: Double) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let dt = min(max(tb - ta, sampleIntervals.shortest), sampleIntervals.longest)
        return (dx * dx + dy * dy).squareRoot() / dt
    }

    /// A whole number for a log line, whatever the Double (no trap on huge or NaN values).
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        return String(clampedInt(value.rounded()))
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
        let progress = slideProgress(g)
        let gesture = settings.gesture
        let reached = progress >= min(gesture.threshold, 1) - 1e-9
        let flung =
            gesture.fling && velocity > 0
            && progress + layout.progress(forOffset: velocity) * gesture.flingProjection >= 1 - 1e-9
        guard reached || flung else {
            springBack(velocity: velocity, reason: "spring-back", time: t, effects: &effects)
            return
        }
        // However far it went, a slide takes time: a burst of samples is no finger.
        let arrived = reached ? (g.reachedAt ?? t) : t
        let took = arrived - (g.motionStart ?? arrived)
        guard took >= gesture.minDuration else {
            let detail = "\(LockSession.whole(took * 1000)) ms, needs \(LockSession.whole(gesture.minDuration * 1000))"
            springBack(velocity: velocity, reason: "too-quick", detail: detail, time: t, effects: &effects)
            return
        }
        complete(slideDuration: t - g.pressedAt, velocity: velocity, flung: !reached, time: t, effects: &effects)
    }

    /// A grab ends without unlocking (second finger, lost device): the thumb goes home.
    mutating func cancelGrab(reason: String, detail: String? = nil, time t: Double, effects: inout [LockEffect]) {
        guard let g = grab else { return }
        grab = nil
        setPress(0, at: t)
        let velocity = g.tracker.velocity(releaseTime: t)
        if state == .dragging {
            springBack(velocity: velocity, reason: reason, detail: detail, time: t, effects: &effects)
        } else {
            enter(.locked, at: t)
            note(reason, detail, at: t)
            if restOffset != 0 { startMotion(to: 0, velocity: 0, at: t) }
        }
    }

    mutating func springBack(
        velocity: Double, reason: String, detail: String? = nil, time t: Double,
        effects: inout [LockEffect]
    ) {
        enter(.locked, at: t)
        effects.append(.slideCancelled)
        note(reason, detail, at: t)
        startMotion(to: 0, velocity: velocity, at: t)
    }

    /// The slide counts: the thumb finishes its way to the end (keeping the fling's speed),
    /// the action starts, and grabs are refused for the cooldown.
    mutating func complete(
        slideDuration: Double, velocity: Double, flung: Bool, time t: Double,
        effects: inout [LockEffect]
    ) {
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
