// The fuzzers' unlock oracle, written from the lock's promise and nothing else:
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
//   - moved the thumb itself across its distance: the threshold's share of the travel, at
//     least half of it (with fling on: 0.3 of the travel, the rest within reach of its
//     fastest real speed projected);
//   - crossed that distance over at least two report intervals from the last sample still
//     at its landing place (within 5 % of the distance), in a forward stroke that lasted
//     at least min_duration, from leaving the landing place to where it stopped going
//     forward, the first interval counting for no more than the next (UnlockOracle+Stroke);
//   - never stepped faster than max_speed between two of its samples, on the samples' own
//     timestamps (a step with no time between is infinitely fast).
//   A touch on a dim or dark panel only wakes it; so does one on a panel that dims under it.
//
// Every tolerance here leans towards "legitimate" (a pixel or two of mapping, a rounding of
// speed or time), so a reported forgery is a forgery of the rule, not of this model.

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
        /// Its verdict as judged at its lift, with the rules and layout of then (tracing).
        var verdictAtLift: String?
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
    /// Judge every contact at its lift too, for `verdicts` (tracing only).
    public var judgesEveryLift = false

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

    /// Every contact's verdict as if the lock unlocked at its lift (with `judgesEveryLift`)
    /// or now, with its samples (seconds, pixels along the track from its landing): tracing.
    public func verdicts(now: Double) -> [String] {
        contacts.keys.sorted().map { key in
            let c = contacts[key]!
            let origin = geometry.along(c.samples[0].x)
            let path = c.samples.map { "\($0.time):\((geometry.along($0.x) - origin).rounded())" }
            let verdict = c.verdictAtLift ?? fault(of: c, now: now) ?? "legitimate"
            return "contact \(key): \(verdict) [\(path.joined(separator: " "))]"
        }
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
            if let d = contacts[other], counts(d, now: now), !stuck(d, by: c.landed) {
                return "contact \(other) was down during its life"
            }
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

    /// Whether `d` was stuck by `t`: down, and within `stuckRadius` of where it landed,
    /// for `stuckAfter` seconds since it landed. (Half a pixel of slack: the lock measures
    /// its own mapping of the same events.)
    func stuck(_ d: Contact, by t: Double) -> Bool {
        guard rules.stuckAfter > 0, let first = d.samples.first else { return false }
        let due = d.landed + rules.stuckAfter
        guard due <= t, (d.ended ?? .infinity) > due else { return false }
        return d.samples.allSatisfy { s in
            let dx = s.x - first.x
            let dy = s.y - first.y
            return s.time > due || (dx * dx + dy * dy).squareRoot() <= rules.stuckRadius + 0.5
        }
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
            clearTaintIfLifted(except: key, at: time)
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
            if judgesEveryLift, let c = contacts[key] {
                let verdict = fault(of: c, now: time) ?? "legitimate"
                contacts[key]?.verdictAtLift = verdict
            }
            clearTaintIfLifted()
        }
    }

    mutating func spoilDown(_ why: String) {
        for key in decoder.downKeys where contacts[key]?.spoiled == nil {
            contacts[key]?.spoiled = why
        }
    }

    /// Every finger has lifted: the uncertainty is over. A contact pinned at a screen
    /// corner (a ghost the filter ignores), or stuck by `t`, does not hold it open.
    mutating func clearTaintIfLifted(except landing: Int? = nil, at t: Double = -.infinity) {
        let m = rules.cornerMargin + 1
        let w = geometry.screenWidth
        let h = geometry.screenHeight
        let holding = decoder.downKeys.contains { key in
            guard key != landing, let c = contacts[key], !stuck(c, by: t) else { return false }
            return !rules.ghostFilter
                || !c.samples.allSatisfy { s in (s.x <= m || s.x >= w - m) && (s.y <= m || s.y >= h - m) }
        }
        if !holding { tainted = nil }
    }
}
