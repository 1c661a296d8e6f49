// The slide rule of `UnlockAuthority` (rules 5-7 of docs/architecture.md, "What unlocks"):
// each contact's path as it is recorded, and the judgement on its own samples when it lifts.
extension UnlockAuthority {
    /// Adds a sample to `id`'s path, applying the speed rule (rule 6).
    mutating func record(_ id: Int, _ point: Point, at t: Double) {
        // A refused contact is only a finger on the glass now: its path no longer matters.
        guard var c = contacts[id], c.refusal == nil else { return }
        contacts[id] = nil // `c` alone owns the buffers while they grow
        defer { contacts[id] = c }
        if let last = c.lastPoint, let lastTime = c.times.last, c.refusal == nil {
            let dx = point.x - last.x
            let dy = point.y - last.y
            let distance = (dx * dx + dy * dy).squareRoot()
            let dt = t - lastTime
            let speed = distance == 0 ? 0 : dt > 0 ? distance / dt : Double.infinity
            if !(speed <= gesture.maxSpeed) {
                hopeful.remove(id)
                c.refusal = UnlockRefusal(
                    .tooFast, "\(LockSession.whole(speed)) px/s, limit \(LockSession.whole(gesture.maxSpeed))")
            }
        }
        c.lastPoint = point
        let offset = layout.offsetAlongTrack(x: point.x)
        c.times.append(t)
        c.offsets.append(offset)
        c.tracker.add(time: t, position: offset)
        if c.times.count > UnlockAuthority.pathCapacity {
            let drop = c.times.count - UnlockAuthority.pathCapacity / 2
            c.times.removeFirst(drop)
            c.offsets.removeFirst(drop)
            c.truncated = true
        }
    }

    /// What a slide that passed the rule measured.
    struct JudgedSlide {
        var duration: Double
        var velocity: Double
        var flung: Bool
    }

    func judgeSlide(_ contact: Contact?, release t: Double) -> Result<JudgedSlide, UnlockRefusal> {
        guard let c = contact else { return .failure(UnlockRefusal(.notLifted)) }
        if let refusal = c.refusal { return .failure(refusal) }
        if c.withheld { return .failure(UnlockRefusal(.withheld)) }
        guard let landing = c.offsets.first, let last = c.offsets.last, !c.truncated || c.offsets.count > 2 else {
            return .failure(UnlockRefusal(.noPath))
        }
        let travel = layout.travel
        let needed = UnlockAuthority.effectiveThreshold(gesture.threshold) * travel
        let velocity = c.tracker.velocity(releaseTime: t)
        let reached = travel > 0 && last - landing >= needed - 1e-9
        var distance = needed
        var flung = false
        if !reached {
            let share = UnlockAuthority.flingShare * travel
            let projected = last - landing + velocity * gesture.flingProjection
            guard gesture.fling, travel > 0, velocity > 0, last - landing >= share - 1e-9, projected >= travel - 1e-9
            else { return .failure(UnlockRefusal(.springBack)) }
            distance = share
            flung = true
        }
        guard let stroke = UnlockAuthority.stroke(c.offsets, distance: distance) else {
            return .failure(UnlockRefusal(.tooQuick, "in one report interval"))
        }
        // The first interval counts for no more than the one after it: a finger resting, or
        // twitching, before a fast burst earns nothing for the rest.
        let firstInterval = c.times[stroke.start + 1] - c.times[stroke.start]
        let secondInterval = c.times[stroke.start + 2] - c.times[stroke.start + 1]
        let took = min(firstInterval, secondInterval) + (c.times[stroke.end] - c.times[stroke.start + 1])
        // Event times are whole microseconds: a slide of exactly min_duration may measure a
        // few short.
        guard took >= gesture.minDuration - UnlockAuthority.clockResolution else {
            let ms = "\(LockSession.whole(took * 1000)) ms, needs \(LockSession.whole(gesture.minDuration * 1000))"
            return .failure(UnlockRefusal(.tooQuick, ms))
        }
        return .success(JudgedSlide(duration: t - c.landedAt, velocity: velocity, flung: flung))
    }

    /// The stroke that carried a path through `distance` (rule 7), as indices into
    /// `offsets`: it starts at the last sample still within `leaveShare` of the distance
    /// from the landing (the first sample) before the path first reached the distance, and
    /// ends where the finger stops going forward after that: pauses and steps back of less
    /// than `strokeJitter` stay in it, holding still or drifting back adds nothing. Nil
    /// when the crossing took fewer than two report intervals (three samples), whatever
    /// the path did afterwards.
    static func stroke(_ offsets: [Double], distance: Double) -> (start: Int, end: Int)? {
        guard let landing = offsets.first, distance > 0,
            let reach = offsets.firstIndex(where: { $0 - landing >= distance - 1e-9 })
        else { return nil }
        var start = reach - 1
        while start > 0 && offsets[start] - landing > leaveShare * distance { start -= 1 }
        guard start >= 0, reach - start >= 2 else { return nil }
        var end = reach
        var next = reach
        while next + 1 < offsets.count && offsets[next + 1] > offsets[next] - strokeJitter {
            next += 1
            if offsets[next] >= offsets[end] + strokeJitter { end = next }
        }
        return (start, end)
    }
}
