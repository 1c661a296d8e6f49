// The slide rule of `UnlockAuthority` (rules 5-7 of its documentation), judged on the
// contact's own samples when it lifts.
extension UnlockAuthority {
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
