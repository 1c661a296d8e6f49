// The slide's path rules, in the oracle's own words: how far, how fast, and how the finger
// got across the distance it needed.
//
//   The distance: `gesture.threshold` of the travel, the threshold being at least half of
//   it. With fling on, a slide may also open flung: the contact itself need only cross 0.3
//   of the travel, the rest projected from its fastest real speed (the crossing and the
//   stroke are then judged on 0.3 of the travel). Either way opens.
//
//   The crossing takes three samples: from the last sample still within 5 % of the
//   distance of where the finger landed (along the track: behind it, or beside it, is
//   still there) to the first sample at or past the distance, at least two report
//   intervals. A finger carried past the distance by one report never opens, whatever it
//   does afterwards (the first crossing is the one judged).
//
//   The stroke takes the time: from that last sample at the landing place to where the
//   finger stops going forward after the crossing, at least `gesture.min_duration`, the
//   first interval (which may hide a long rest) counting for no more than the next. Pauses
//   and steps back on the way to the crossing count; after it, the stroke goes on through
//   steps back of less than 4 px and ends at the furthest sample before a larger one, so
//   holding still or drifting back after the crossing adds nothing.
//
// Two one-report hops with a stop between them pass: at 30 Hz a real slide that pauses
// looks the same. Tolerances lean towards "legitimate": the distance may be anywhere within
// 2 px (of mapping) of the stated one, the landing place's radius is 2 px smaller, a step
// back ends the stroke only from 5 px, and 1 µs of duration is forgiven.

extension UnlockOracle {
    /// The threshold is at least this share of the travel, whatever the configuration says.
    static let minimumThreshold = 0.5
    /// The landing place: within this share of the distance of where the finger landed.
    static let landingShare = 0.05
    /// After the crossing, a step back shorter than this (pixels) does not end the stroke.
    static let strokeJitter = 4.0

    /// The share of the travel the slide needs.
    var neededShare: Double { min(max(rules.threshold, UnlockOracle.minimumThreshold), 1) }

    /// The contact's samples measured from where it landed.
    struct Path {
        let samples: [Sample]
        /// Pixels along the slide direction from the landing sample.
        let progress: [Double]

        init(_ samples: [Sample], geometry: OracleGeometry) {
            self.samples = samples
            progress = samples.map { geometry.along($0.x) - geometry.along(samples[0].x) }
        }

        /// Every index that is the first to reach some distance within `low...high`.
        func crossings(low: Double, high: Double) -> [Int] {
            var found: [Int] = []
            var furthest = -Double.infinity
            for (i, p) in progress.enumerated() {
                if furthest >= high { break }
                if p >= low && p > furthest { found.append(i) }
                furthest = max(furthest, p)
            }
            return found
        }

        /// The last sample before `k` still at the landing place: no further along the track
        /// than `radius` (behind it counts: the thumb goes no further back than home, and a
        /// finger moved only across the track has made no way).
        func lastAtHome(before k: Int, radius: Double) -> Int {
            (0..<k).last { progress[$0] <= radius } ?? 0
        }

        /// The furthest sample of the forward stroke that crossed at `k`: it goes on while no
        /// step goes back by `jitter` or more.
        func strokeEnd(crossing k: Int, jitter: Double) -> Int {
            var end = k
            var furthest = progress[...k].max() ?? progress[k]
            for i in progress.indices.dropFirst(k + 1) {
                if progress[i] <= progress[i - 1] - jitter { break }
                if progress[i] > furthest {
                    furthest = progress[i]
                    end = i
                }
            }
            return end
        }

        /// Seconds from sample `s` to sample `e` (at least two intervals later), the first
        /// interval counting for no more than the next.
        func duration(from s: Int, to e: Int) -> Double {
            let t = samples.map(\.time)
            return min(t[s + 1] - t[s], t[s + 2] - t[s + 1]) + t[e] - t[s + 1]
        }
    }

    /// The travel, crossing, stroke and speed rules over the contact's own samples. With
    /// fling on, a slide may open either way: carried past the threshold by the finger, or
    /// flung from past the fling's share.
    func pathFault(_ samples: [Sample]) -> String? {
        if let fault = speedFault(samples) { return fault }
        let travel = max(0, geometry.travel)
        let need = neededShare * travel
        let slack = min(2, 0.01 * travel)
        let path = Path(samples, geometry: geometry)
        let furthest = path.progress.max() ?? 0
        var carried: String?
        if furthest < need - slack {
            carried = "moved the thumb \(furthest) px of the \(need) px it must itself"
        } else {
            carried = crossingFault(path, distance: need, slack: slack)
        }
        guard rules.fling, carried != nil else { return carried }
        // Flung: the contact itself crossed the fling's share, the rest projected.
        let distance = min(need, min(max(rules.flingShare, 0), 1) * travel)
        if furthest < distance - slack {
            return "moved the thumb \(furthest) px of the \(distance) px it must itself"
        }
        // The release velocity can be no faster than the contact's fastest real step.
        var fastest = 0.0
        for i in samples.indices.dropFirst() where samples[i].time > samples[i - 1].time {
            let v = (path.progress[i] - path.progress[i - 1]) / (samples[i].time - samples[i - 1].time)
            fastest = max(fastest, v)
        }
        let reach = (path.progress.last ?? 0) + min(fastest, rules.maxSpeed) * max(0, rules.flingProjection)
        if reach < need - slack && furthest < need - slack { return "a fling reaching \(reach) px of \(need) px" }
        return crossingFault(path, distance: distance, slack: slack).map { "\($0); nor carried: \(carried ?? "")" }
    }

    /// Whether some crossing of `distance` (within `slack`) took three samples and a stroke
    /// of `min_duration`: nil when one did, else why the first did not.
    func crossingFault(_ path: Path, distance: Double, slack: Double) -> String? {
        let samples = path.samples
        let radius = max(0, UnlockOracle.landingShare * distance - slack)
        var why: String?
        for k in path.crossings(low: distance - slack, high: distance + slack) {
            let s = path.lastAtHome(before: k, radius: radius)
            let from = "from t=\(samples[s].time) (\(path.progress[s]) px)"
            if k - s < 2 {
                why = why ?? "crossed \(distance) px in one report, \(from) to t=\(samples[k].time)"
                continue
            }
            let e = path.strokeEnd(crossing: k, jitter: UnlockOracle.strokeJitter + 1)
            let took = path.duration(from: s, to: e)
            if took < rules.minDuration - 1e-6 {
                why = why ?? "a stroke of \(took) s \(from) to t=\(samples[e].time), crossing \(distance) px"
                continue
            }
            return nil
        }
        return why ?? "crossed no distance within \(slack) px of \(distance) px"
    }

    /// A step faster than max_speed on the samples' own timestamps, or one that took no
    /// time (a burst). Nil when every step is within.
    func speedFault(_ samples: [Sample]) -> String? {
        for i in samples.indices.dropFirst() {
            let a = samples[i - 1]
            let b = samples[i]
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard d > 0 else { continue }
            let dt = b.time - a.time
            if dt <= 0 { return "a \(d) px step at t=\(b.time) took no time (burst)" }
            if d / dt > rules.maxSpeed * 1.005 { return "a \(d) px step in \(dt) s at t=\(b.time) beats max_speed" }
        }
        return nil
    }

    // MARK: - The converse (optional)

    /// A contact that any reasonable lock must have accepted, far inside every limit, that
    /// ended without an unlock after it: a description, or nil. Only meaningful when no
    /// unlock happened at all (cooldowns, states and springs are then out of the way).
    public func clearlyLegitimateMissed(now: Double, maxJumpPixels: Double) -> String? {
        guard unlocks == 0 else { return nil }
        let travel = geometry.travel
        let need = neededShare * travel
        guard !rules.fling, travel >= 100 else { return nil }
        for key in contacts.keys.sorted() {
            guard let c = contacts[key], c.spoiled == nil, let ended = c.ended, now - ended > 1,
                c.calmBefore > 2, c.companions.isEmpty, c.samples.count >= 6,
                ended - c.landed >= 2 * rules.minContactSeconds
            else { continue }
            // No other contact within two seconds of its life either.
            let near = contacts.values.contains { d in
                d.key != c.key && d.landed < ended + 2 && (d.ended ?? now) > c.landed - 2
            }
            if near { continue }
            let thumb = geometry.thumb
            let first = c.samples[0]
            guard thumb.contains(first.x, first.y, margin: -4) else { continue }
            let top = thumb.y + 2
            let bottom = thumb.y + thumb.height - 2
            guard c.samples.allSatisfy({ $0.y >= top && $0.y <= bottom }), calm(c.samples, maxJumpPixels) else {
                continue
            }
            // Past the distance by 5 px; the crossing of any distance within 5 px of it takes
            // three report intervals from a landing place 3 px wider than stated, and the
            // stroke up to the crossing alone lasts twice min_duration.
            let path = Path(c.samples, geometry: geometry)
            guard path.progress.contains(where: { $0 >= need + 5 }),
                let k = path.progress.firstIndex(where: { $0 >= need - 5 })
            else { continue }
            let home = UnlockOracle.landingShare * (need + 5) + 3
            let s = path.lastAtHome(before: k, radius: home)
            guard k - s >= 3, path.duration(from: s, to: k) >= 2 * rules.minDuration else { continue }
            return "contact \(key) (landed t=\(c.landed), lifted t=\(ended)) slid \(path.progress.max() ?? 0) px "
                + "of \(need) calmly, crossing it from t=\(c.samples[s].time) to t=\(c.samples[k].time)"
        }
        return nil
    }

    /// Every step regular (4...50 ms), at most half of max_speed and of the jump filter's
    /// reach, and never back along the track by more than a pixel.
    func calm(_ samples: [Sample], _ maxJumpPixels: Double) -> Bool {
        for i in samples.indices.dropFirst() {
            let a = samples[i - 1]
            let b = samples[i]
            let dt = b.time - a.time
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            if dt < 0.004 || dt > 0.05 || d / dt > 0.5 * rules.maxSpeed || d > 0.5 * maxJumpPixels
                || geometry.along(b.x) < geometry.along(a.x) - 1
            {
                return false
            }
        }
        return true
    }
}
