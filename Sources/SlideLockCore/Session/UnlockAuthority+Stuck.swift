// The stuck rule of `UnlockAuthority`: a ghost that a failing controller pins in place
// counts as a finger down (rule 2), so nothing would open while it stays. A contact that
// stays within `stuck.radius` of where it landed for `stuck.after` seconds is declared
// stuck: once, with a warning and an audit record of its place. It can never open by
// itself, and from then on it no longer counts against contacts that land after it. It is
// judged on the clock (every event, ticks included), since a still finger sends nothing.

/// A contact declared stuck, for the log, the audit and `ctl status`.
public struct StuckContact: Equatable, Sendable {
    public var id: Int
    /// Where it landed, screen pixels.
    public var place: Point
    /// When it landed and when it was declared stuck.
    public var landedAt: Double
    public var declaredAt: Double
}

extension UnlockAuthority {
    /// Where contact `id` is now: a contact that ever leaves `stuck.radius` of its landing
    /// place can never be stuck.
    mutating func place(_ id: Int, at point: Point) {
        guard var c = contacts[id], !c.wandered else { return }
        if let anchor = c.anchor {
            let dx = point.x - anchor.x
            let dy = point.y - anchor.y
            if !((dx * dx + dy * dy).squareRoot() <= stuck.radius) { c.wandered = true }
        } else {
            c.anchor = point
        }
        contacts[id] = c
    }

    /// When the next contact down becomes stuck if it stays put, or nil. Never before the
    /// queue's first entry is due: `declareStuck` takes entries from the front only, so a
    /// contact that landed out of order (devices' clocks) waits for the one before it, and
    /// a deadline already past would wake the loop at once, again and again.
    public var nextStuckDeadline: Double? {
        guard stuck.after > 0, let first = stuckQueue.first else { return nil }
        for (landedAt, id) in stuckQueue.entries[stuckQueue.head...] where isStuckCandidate(id, landedAt: landedAt) {
            return max(landedAt, first.landedAt) + stuck.after
        }
        return nil
    }

    /// Still down since `landedAt`, never wandered, not yet declared.
    func isStuckCandidate(_ id: Int, landedAt: Double) -> Bool {
        guard let c = contacts[id] else { return false }
        return c.landedAt == landedAt && !c.stuck && !c.wandered && c.anchor != nil
    }

    /// Declares stuck every contact that stayed put for `stuck.after` seconds by `t`. The
    /// contacts wait in landing order, so each event costs the same however many are down.
    mutating func declareStuck(by t: Double) {
        guard stuck.after > 0 else { return }
        while let (landedAt, id) = stuckQueue.first, t - landedAt >= stuck.after {
            stuckQueue.removeFirst()
            guard isStuckCandidate(id, landedAt: landedAt), let anchor = contacts[id]?.anchor else { continue }
            contacts[id]!.stuck = true
            stuckCount += 1
            if contacts[id]!.refusal == nil { contacts[id]!.refusal = UnlockRefusal(.stuck) }
            hopeful.remove(id)
            stuckFound.append(StuckContact(id: id, place: anchor, landedAt: landedAt, declaredAt: t))
            let place = "\(LockSession.whole(anchor.x)),\(LockSession.whole(anchor.y))"
            note("stuck", "contact at \(place) for \(LockSession.whole(t - landedAt)) s", at: t)
        }
        if !contacts.isEmpty, stuckCount == contacts.count { tainted = false }
    }

    /// Contact `id` is gone: a stuck one no longer counts as stuck.
    mutating func forget(_ c: Contact) {
        if c.stuck { stuckCount -= 1 }
    }

    /// Contacts down that count against others: every one not declared stuck.
    var countingContacts: Int { contacts.count - stuckCount }

    /// The contacts declared stuck and still down.
    public var stuckContacts: [StuckContact] {
        contacts.keys.sorted().compactMap { id in
            guard let c = contacts[id], c.stuck, let anchor = c.anchor else { return nil }
            return StuckContact(id: id, place: anchor, landedAt: c.landedAt, declaredAt: c.landedAt + stuck.after)
        }
    }

    /// The contacts declared stuck since the last call (each once), for the audit.
    public mutating func takeStuckFound() -> [StuckContact] {
        defer { stuckFound.removeAll() }
        return stuckFound
    }
}

/// Contacts in landing order, waiting to be judged stuck: appended as they land, taken from
/// the front as their time comes (a contact gone or wandered meanwhile is skipped then).
struct StuckQueue: Sendable {
    var entries: [(landedAt: Double, id: Int)] = []
    var head = 0

    var first: (landedAt: Double, id: Int)? { head < entries.count ? entries[head] : nil }

    mutating func append(_ landedAt: Double, _ id: Int) { entries.append((landedAt, id)) }

    /// Drops the entries `isWaiting` says no longer wait (contacts that lifted): a flood of
    /// short touches keeps the queue as long as the contacts down, not as all that landed.
    mutating func keep(where isWaiting: (Double, Int) -> Bool) {
        entries = entries[head...].filter { isWaiting($0.landedAt, $0.id) }
        head = 0
    }

    mutating func removeFirst() {
        head += 1
        // Compacted once half is spent, so the array stays as long as the contacts waiting.
        if head > 64 && head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}
