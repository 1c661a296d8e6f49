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
        guard let c = contact else { return .failure(UnlockRefusal("not-lifted")) }
        if let refusal = c.refusal { return .failure(refusal) }
        if c.withheld { return .failure(UnlockRefusal("withheld")) }
        guard let landing = c.offsets.first, let last = c.offsets.last, !c.truncated || c.offsets.count > 2 else {
            return .failure(UnlockRefusal("no-path"))
        }
        let travel = layout.travel
        let needed = min(max(gesture.threshold, 0), 1) * travel
        let velocity = c.tracker.velocity(releaseTime: t)
        let reached = travel > 0 && last - landing >= needed - 1e-9
        var distance = needed
        var flung = false
        if !reached {
            let share = UnlockAuthority.flingShare * travel
            let projected = last - landing + velocity * gesture.flingProjection
            guard gesture.fling, travel > 0, velocity > 0, last - landing >= share - 1e-9, projected >= travel - 1e-9
            else { return .failure(UnlockRefusal("spring-back")) }
            distance = share
            flung = true
        }
        // The crossing: from the start of the final stretch at or past the distance, back to
        // the latest sample that still had `crossingShare` of it to go.
        var reach = c.offsets.count - 1
        while reach > 0 && c.offsets[reach - 1] - landing >= distance - 1e-9 { reach -= 1 }
        var from = reach - 1
        while from >= 0 && c.offsets[reach] - c.offsets[from] < UnlockAuthority.crossingShare * distance { from -= 1 }
        // The stroke that crossed ends at its last sample that went forward: a flick that
        // runs on past a low threshold counts whole, while holding still, moving only across
        // the track or drifting back after a jump through the threshold adds no time to it.
        var end = reach
        var next = reach
        while next + 1 < c.offsets.count && c.offsets[next + 1] > c.offsets[next] - UnlockAuthority.strokeJitter {
            next += 1
            if c.offsets[next] >= c.offsets[end] + UnlockAuthority.strokeJitter { end = next }
        }
        guard from >= 0, end - from >= 2 else {
            return .failure(UnlockRefusal("too-quick", "in one report interval"))
        }
        let firstInterval = c.times[from + 1] - c.times[from]
        let secondInterval = c.times[from + 2] - c.times[from + 1]
        let took = min(firstInterval, secondInterval) + (c.times[end] - c.times[from + 1])
        // Event times are whole microseconds: a slide of exactly min_duration may measure a
        // few short.
        guard took >= gesture.minDuration - UnlockAuthority.clockResolution else {
            let ms = "\(LockSession.whole(took * 1000)) ms, needs \(LockSession.whole(gesture.minDuration * 1000))"
            return .failure(UnlockRefusal("too-quick", ms))
        }
        return .success(JudgedSlide(duration: t - c.landedAt, velocity: velocity, flung: flung))
    }
}
