// The tap rule, in the oracle's own words, for `gesture.tap_to_open`:
//
//   An unlock by taps is legitimate only if two contacts, A then B:
//   - each stayed down from landing to lifting, alone: no other finger that counts was
//     down at any moment of its life; neither was spoiled (it landed and lifted on a panel
//     awake and showing the lock, after every uncertain moment had resolved);
//   - each is a real tap: down between 30 ms and 800 ms, every sample within 12 px of where
//     it landed, every sample on its target grown by the hit slop: A on the thumb at home,
//     B on the Open button, which is the thumb moved to the far end of the track;
//   - no step of either beat max_speed (a step with no time between is a burst);
//   - B landed after A lifted and lifted within 5 s of A's lift; no contact landed between
//     A's lift and B's landing, and nothing uncertain happened between them (a cancel,
//     dropped events, a device, a remap, relayout, reload, SIGUSR1/2, the panel's power,
//     the lock leaving or coming back to the screen);
//   - B is the contact that explains this unlock (it lifted at most `releaseWindow` before).
//
// Tolerances lean towards "legitimate": 1 ms on durations and the lifetime, 2 px on slop
// and targets.

/// Why no pair of taps explains an unlock.
struct TapFault: Error {
    let text: String
}

extension UnlockOracle {
    static let tapMin = 0.03 - 0.001
    static let tapMax = 0.8 + 0.001
    static let tapSlop = 12.0 + 2
    static let buttonLife = 5.0 + 0.001

    /// The Open button: the thumb at the far end of the track.
    var openButton: OracleRect {
        var r = geometry.thumb
        r.x += geometry.rightToLeft ? -geometry.travel : geometry.travel
        return r
    }

    /// The second tap (its key) that explains an unlock at `time`, or why none does.
    func explainByTaps(time: Double) -> Result<Int, TapFault> {
        var reasons: [String] = []
        let sorted = contacts.values.sorted { $0.landed < $1.landed }
        for b in sorted {
            guard !b.used, let bEnd = b.ended, time - bEnd <= releaseWindow, time >= bEnd - 1e-9 else { continue }
            if let why = tapFault(b, on: openButton, now: time) {
                reasons.append("B=\(b.key): \(why)")
                continue
            }
            // A: the last contact to lift before B landed, and nothing between them.
            guard
                let a = sorted.filter({ ($0.ended ?? .infinity) < b.landed && $0.key != b.key })
                    .max(by: { $0.ended! < $1.ended! }), let aEnd = a.ended
            else {
                reasons.append("B=\(b.key): no tap before it")
                continue
            }
            if let why = tapFault(a, on: geometry.thumb, now: time) {
                reasons.append("A=\(a.key) B=\(b.key): A \(why)")
                continue
            }
            if bEnd - aEnd > UnlockOracle.buttonLife {
                reasons.append("B=\(b.key) lifted \(bEnd - aEnd) s after A=\(a.key)")
                continue
            }
            if sorted.contains(where: {
                $0.key != a.key && $0.key != b.key && $0.landed >= aEnd && $0.landed <= b.landed
            }) {
                reasons.append("A=\(a.key) B=\(b.key): another contact landed between them")
                continue
            }
            if disturbances.contains(where: { $0 >= aEnd && $0 <= b.landed }) {
                reasons.append("A=\(a.key) B=\(b.key): an uncertain moment between them")
                continue
            }
            return .success(b.key)
        }
        return .failure(TapFault(text: reasons.isEmpty ? "no tap lifted just before" : reasons.joined(separator: "; ")))
    }

    /// Why `c` is no real one-finger tap on `target` (grown by the hit slop), or nil.
    func tapFault(_ c: Contact, on target: OracleRect, now: Double) -> String? {
        if let spoiled = c.spoiled { return spoiled }
        guard let end = c.ended, let first = c.samples.first else { return "not lifted" }
        let took = end - c.landed
        if took < UnlockOracle.tapMin || took > UnlockOracle.tapMax { return "down \(took) s" }
        let margin = max(0, rules.hitSlop) + 2
        for s in c.samples {
            let d = ((s.x - first.x) * (s.x - first.x) + (s.y - first.y) * (s.y - first.y)).squareRoot()
            if d > UnlockOracle.tapSlop { return "strayed \(d) px" }
            if !target.contains(s.x, s.y, margin: margin) { return "(\(s.x), \(s.y)) off \(target)" }
        }
        for i in c.samples.indices.dropFirst() {
            let a = c.samples[i - 1]
            let b = c.samples[i]
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let dt = b.time - a.time
            if d > 0 && (dt <= 0 || d / dt > rules.maxSpeed * 1.005) { return "a \(d) px step in \(dt) s" }
        }
        for other in c.companions.sorted() {
            if let d = contacts[other], counts(d, now: now) { return "contact \(other) was down during its life" }
        }
        return nil
    }
}
