// The fuzzers' unlock oracle, written from the lock's promise and nothing else (issue 26):
//
//   An unlock by slide is legitimate only if one contact
//   - landed on the thumb (its rectangle plus the hit slop, in screen pixels; the thumb
//     may still be on its way home from an earlier contact's slide) while the
//     lock was on screen and the panel awake, after the last moment the lock was shown,
//     woken or laid out again, and while no uncertain moment was still unresolved;
//   - stayed down from then on, and no other finger was down at any moment of its life;
//   - was never caught by an uncertain moment (a cancel, dropped events, a device lost or
//     adopted again, a remap or relayout, a reload, SIGUSR1, SIGUSR2): those spoil every
//     contact down then, and any that lands before every finger has lifted;
//   - moved the thumb itself by the threshold's share of the travel (with fling on: at
//     least `flingShare` of it, the rest within reach of its fastest real speed projected);
//   - took at least min_duration of real time, over at least two later report times, from
//     the last moment it was still at its landing place to the moment it reached that
//     distance;
//   - never stepped faster than max_speed between two of its samples, on the samples' own
//     timestamps (a step with no time between is infinitely fast).
//   A touch on a dim or dark panel only wakes it; so does one on a panel that dims under it.
//
// Every tolerance here leans towards "legitimate" (a pixel of mapping, a rounding of
// speed), so a reported forgery is a forgery of the rule, not of this model.

/// Why the oracle stopped trusting the fingers' history.
public enum OracleUncertainty: String, Sendable {
    case cancel, dropped, deviceRemoved, readopted, remap, relayout, reload, sigusr1, sigusr2, masterLost
}

/// What the panel shows, as the harness saw the implementation switch it.
public enum OraclePower: String, Sendable {
    case awake, dim, blank
}

public struct UnlockOracle: Sendable {
    struct Sample {
        var time, x, y: Double
    }

    struct Contact {
        let key: Int
        let landed: Double
        var samples: [Sample]
        var ended: Double?
        /// The first reason this contact can never unlock.
        var spoiled: String?
        /// Keys of the other contacts down at some moment of its life.
        var companions: Set<Int> = []
        /// It already justified one unlock.
        var used = false
        /// Seconds from the last show, wake or uncertain moment to its landing (converse check).
        var calmBefore: Double
        /// How far along the track an earlier contact may have left the thumb when this one
        /// landed (a thumb caught on its way home starts a new slide from there).
        var thumbReach = 0.0
    }

    public private(set) var rules: OracleRules
    public private(set) var geometry: OracleGeometry
    var decoder: RawContactDecoder
    var contacts: [Int: Contact] = [:]
    /// Set by an uncertain moment; cleared once no finger is down.
    var tainted: String?
    var power = OraclePower.awake
    /// Why the lock is not on screen now ("master", "unlocked"); empty while it is.
    var hiddenBy: Set<String> = []
    /// The last show, wake or uncertain moment (for the converse check's calm period).
    var lastDisturbance: Double
    /// Unlocks the implementation made (judged or not).
    public private(set) var unlocks = 0
    /// How long after a lift the implementation may still report the unlock it made (a
    /// ghost filter releases a held contact's events late).
    public var releaseWindow = 0.5
    /// How long after a contact lifts the thumb may still be away from home, seconds.
    public var catchWindow = 3.0
    /// Every moment that spoils what a finger did before it: uncertain, power, hidden,
    /// shown (the tap rule's taps must have none between them).
    var disturbances: [Double] = []

    public init(rules: OracleRules, geometry: OracleGeometry, multitouch: Bool, time: Double) {
        self.rules = rules
        self.geometry = geometry
        decoder = RawContactDecoder(multitouch: multitouch)
        lastDisturbance = time
    }

    // MARK: - The world as it happens

    /// One raw evdev event as the device sent it.
    public mutating func raw(type: UInt16, code: UInt16, value: Int32, time: Double) {
        for change in decoder.feed(type: type, code: code, value: value, time: time) { apply(change) }
    }

    /// The device's state read back whole (adoption, resync after dropped events): any
    /// finger down then is new to the stream and spoiled.
    public mutating func reset(
        to state: [(trackingID: Int32, x: Int32, y: Int32)], currentSlot: Int, time: Double,
        why: OracleUncertainty
    ) {
        uncertain(why, time: time)
        for change in decoder.reset(to: state, currentSlot: currentSlot, time: time) { apply(change) }
    }

    /// An event that makes the fingers' history uncertain.
    public mutating func uncertain(_ why: OracleUncertainty, time: Double) {
        spoilDown("down at \(why.rawValue) t=\(time)")
        disturbances.append(time)
        tainted = "landed after \(why.rawValue) t=\(time) before every finger lifted"
        lastDisturbance = time
        clearTaintIfLifted()
    }

    /// The layout (or the touch mapping) changed: new geometry, every finger down spoiled.
    public mutating func relayout(_ geometry: OracleGeometry, time: Double, why: OracleUncertainty = .relayout) {
        self.geometry = geometry
        uncertain(why, time: time)
    }

    /// The configuration was reloaded: new rules and geometry.
    public mutating func reload(rules: OracleRules, geometry: OracleGeometry, time: Double) {
        self.rules = rules
        self.geometry = geometry
        uncertain(.reload, time: time)
    }

    /// The panel's power as the implementation switched it.
    public mutating func power(_ new: OraclePower, time: Double) {
        guard new != power else { return }
        disturbances.append(time)
        let old = power
        power = new
        if new != .awake {
            spoilDown("the panel went \(new.rawValue) at t=\(time) under it")
        } else if old != .awake {
            spoilDown("down when the panel woke at t=\(time)")
            lastDisturbance = time
        }
    }

    /// The lock is not on screen for `reason` (master lost, or unlocked and showing
    /// something else).
    public mutating func hidden(_ reason: String, time: Double) {
        spoilDown("the lock left the screen (\(reason)) at t=\(time)")
        disturbances.append(time)
        hiddenBy.insert(reason)
    }

    /// The lock is back on screen as far as `reason` goes (master back, relocked, back
    /// after a failed action); shown once no reason is left.
    public mutating func shown(_ reason: String, time: Double) {
        guard hiddenBy.remove(reason) != nil, hiddenBy.isEmpty else { return }
        disturbances.append(time)
        spoilDown("down when the lock came back at t=\(time)")
        lastDisturbance = time
    }

    // MARK: - Judging

    /// Call when the implementation unlocked at `time`. Nil when a legitimate slide
    /// explains it (that contact is then spent); else why not, contact by contact.
    public mutating func judgeUnlock(time: Double) -> String? {
        unlocks += 1
        var reasons: [String] = []
        for key in contacts.keys.sorted() {
            guard let c = contacts[key], !c.used else { continue }
            if let ended = c.ended, time - ended > releaseWindow { continue }
            if let why = fault(of: c, now: time) {
                reasons.append("contact \(key) (landed t=\(c.landed), \(c.samples.count) samples): \(why)")
            } else {
                contacts[key]?.used = true
                hidden("unlocked", time: time)
                return nil
            }
        }
        if rules.tapToOpen {
            switch explainByTaps(time: time) {
            case .success(let second):
                contacts[second]?.used = true
                hidden("unlocked", time: time)
                return nil
            case .failure(let why): reasons.append("taps: \(why.text)")
            }
        }
        hidden("unlocked", time: time)
        return "unlock at t=\(time) without a legitimate slide: "
            + (reasons.isEmpty ? "no contact at all" : reasons.joined(separator: "; "))
    }

    /// Why `c` cannot be the slide that unlocked at `now`, or nil when it can.
    func fault(of c: Contact, now: Double) -> String? {
        if let spoiled = c.spoiled { return spoiled }
        guard let first = c.samples.first else { return "no position" }
        let slop = max(0, rules.hitSlop) + 2
        // The thumb is somewhere between home and the furthest an earlier slide took it.
        var thumb = geometry.thumb
        thumb.width += c.thumbReach
        if geometry.rightToLeft { thumb.x -= c.thumbReach }
        if !thumb.contains(first.x, first.y, margin: slop) {
            return "landed at (\(first.x), \(first.y)), off the thumb \(thumb) + \(rules.hitSlop)"
        }
        for other in c.companions.sorted() {
            if let d = contacts[other], counts(d, now: now) { return "contact \(other) was down during its life" }
        }
        return pathFault(c.samples)
    }

    /// Whether another contact breaks the one-finger rule. With the ghost filter on, one
    /// that never counted (lifted before both `min_contact_seconds` and
    /// `min_contact_samples`, or never left a screen corner) is let off.
    func counts(_ d: Contact, now: Double) -> Bool {
        guard rules.ghostFilter else { return true }
        let life = (d.ended ?? now) - d.landed
        if life < rules.minContactSeconds && d.samples.count < rules.minContactSamples { return false }
        let m = rules.cornerMargin + 1
        let w = geometry.screenWidth
        let h = geometry.screenHeight
        let pinned = d.samples.allSatisfy { s in
            (s.x <= m || s.x >= w - m) && (s.y <= m || s.y >= h - m)
        }
        return !pinned
    }

    /// The travel, duration and speed rules over the contact's own samples.
    func pathFault(_ samples: [Sample]) -> String? {
        let travel = max(0, geometry.travel)
        let need = min(max(rules.threshold, 0), 1) * travel
        let slack = min(2, 0.01 * travel)
        let origin = geometry.along(samples[0].x)
        let progress = samples.map { geometry.along($0.x) - origin }
        // Every step within max_speed, on its own timestamps.
        for i in samples.indices.dropFirst() {
            let a = samples[i - 1]
            let b = samples[i]
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard d > 0 else { continue }
            let dt = b.time - a.time
            if dt <= 0 { return "a \(d) px step at t=\(b.time) took no time (burst)" }
            if d / dt > rules.maxSpeed * 1.005 { return "a \(d) px step in \(dt) s at t=\(b.time) beats max_speed" }
        }
        let own = rules.fling ? min(max(rules.flingShare, 0), 1) * need : need
        guard let k = progress.firstIndex(where: { $0 >= own - slack }) else {
            return "moved the thumb \(progress.max() ?? 0) px of the \(own) px it must itself"
        }
        if rules.fling {
            // The release velocity can be no faster than the contact's fastest real step.
            var fastest = 0.0
            for i in samples.indices.dropFirst() where samples[i].time > samples[i - 1].time {
                fastest = max(fastest, (progress[i] - progress[i - 1]) / (samples[i].time - samples[i - 1].time))
            }
            let reach = (progress.last ?? 0) + min(fastest, rules.maxSpeed) * max(0, rules.flingProjection)
            if reach < need - slack && (progress.max() ?? 0) < need - slack {
                return "a fling reaching \(reach) px of \(need) px"
            }
        }
        // The motion that reached the distance began where the contact last sat at its
        // landing place (a twitch of a few pixels does not start it).
        let still = max(3, 0.02 * travel)
        let start = progress[..<k].lastIndex(where: { $0 <= still }) ?? 0
        let span = samples[k].time - samples[start].time
        if span < rules.minDuration - 1e-6 {
            return "reached \(own) px \(span) s after it started moving at t=\(samples[start].time)"
        }
        let times = Set(samples[(start + 1)...k].map(\.time).filter { $0 > samples[start].time })
        if times.count < 2 { return "reached \(own) px within one report interval" }
        return nil
    }

    // MARK: - The converse (optional)

    /// A contact that any reasonable lock must have accepted, far inside every limit, that
    /// ended without an unlock after it: a description, or nil. Only meaningful when no
    /// unlock happened at all (cooldowns, states and springs are then out of the way).
    public func clearlyLegitimateMissed(now: Double, maxJumpPixels: Double) -> String? {
        guard unlocks == 0 else { return nil }
        let travel = geometry.travel
        let need = min(max(rules.threshold, 0), 1) * travel
        guard !rules.fling, travel >= 100 else { return nil }
        for key in contacts.keys.sorted() {
            guard let c = contacts[key], c.spoiled == nil, let ended = c.ended, now - ended > 1,
                c.calmBefore > 2, c.companions.isEmpty, c.samples.count >= 6
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
            guard c.samples.allSatisfy({ $0.y >= top && $0.y <= bottom }) else { continue }
            let origin = geometry.along(first.x)
            let progress = c.samples.map { geometry.along($0.x) - origin }
            guard let k = progress.firstIndex(where: { $0 >= need + 5 }) else { continue }
            var calm = true
            for i in c.samples.indices.dropFirst() {
                let a = c.samples[i - 1]
                let b = c.samples[i]
                let dt = b.time - a.time
                let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                if dt < 0.004 || dt > 0.05 || d / dt > 0.5 * rules.maxSpeed || d > 0.5 * maxJumpPixels
                    || progress[i] < progress[i - 1] - 1
                {
                    calm = false
                }
            }
            guard calm, c.samples[k].time - c.landed >= 2 * rules.minDuration + 0.05,
                ended - c.landed >= 2 * rules.minContactSeconds
            else { continue }
            return "contact \(key) (landed t=\(c.landed), lifted t=\(ended)) slid \(progress[k]) px of \(need) calmly"
        }
        return nil
    }

    // MARK: - Bookkeeping

    mutating func apply(_ change: RawContactChange) {
        switch change {
        case .dropped(let time): uncertain(.dropped, time: time)
        case .landed(let key, let x, let y, let time):
            let p = geometry.screenPoint(deviceX: x, deviceY: y)
            var c = Contact(
                key: key, landed: time, samples: [Sample(time: time, x: p.x, y: p.y)],
                calmBefore: time - lastDisturbance)
            clearTaintIfLifted(except: key)
            for d in contacts.values {
                guard let ended = d.ended, time - ended <= catchWindow, let start = d.samples.first else { continue }
                let origin = geometry.along(start.x)
                let furthest = d.samples.map { geometry.along($0.x) - origin }.max() ?? 0
                c.thumbReach = max(c.thumbReach, min(max(0, furthest), max(0, geometry.travel)))
            }
            if let tainted { c.spoiled = tainted }
            if !hiddenBy.isEmpty { c.spoiled = c.spoiled ?? "landed while the lock was not on screen" }
            if power != .awake { c.spoiled = c.spoiled ?? "landed on a \(power.rawValue) panel (only wakes it)" }
            for other in decoder.downKeys where other != key && contacts[other] != nil {
                c.companions.insert(other)
                contacts[other]?.companions.insert(key)
            }
            contacts[key] = c
        case .moved(let key, let x, let y, let time):
            guard let last = contacts[key]?.samples.last else { return }
            let p = geometry.screenPoint(deviceX: x, deviceY: y)
            // The kernel sends no repeats: an unchanged position is no sample.
            if p.x == last.x && p.y == last.y { return }
            contacts[key]?.samples.append(Sample(time: time, x: p.x, y: p.y))
        case .lifted(let key, let time):
            contacts[key]?.ended = time
            clearTaintIfLifted()
        }
    }

    mutating func spoilDown(_ why: String) {
        for key in decoder.downKeys where contacts[key]?.spoiled == nil {
            contacts[key]?.spoiled = why
        }
    }

    /// Every finger has lifted: the uncertainty is over. A contact pinned at a screen
    /// corner (a ghost the filter ignores) does not hold it open.
    mutating func clearTaintIfLifted(except landing: Int? = nil) {
        let m = rules.cornerMargin + 1
        let w = geometry.screenWidth
        let h = geometry.screenHeight
        let holding = decoder.downKeys.contains { key in
            guard key != landing, let c = contacts[key] else { return false }
            return !rules.ghostFilter
                || !c.samples.allSatisfy { s in (s.x <= m || s.x >= w - m) && (s.y <= m || s.y >= h - m) }
        }
        if !holding { tainted = nil }
    }
}
