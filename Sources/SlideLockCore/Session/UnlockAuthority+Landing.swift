// How the authority takes a landing and a moment of uncertainty, and writes its log.
extension UnlockAuthority {
    /// A contact lands: it qualifies only on a shown panel, after every uncertain moment,
    /// alone; and every other contact down loses its chance.
    mutating func land(_ id: Int, at t: Double) {
        if let old = contacts[id] {
            // A second down for a contact down: its up was lost, its history is unknown.
            doubt(UnlockRefusal(.uncertainRepeatedDown), at: t)
            forget(old)
            contacts[id] = nil
            hopeful.remove(id)
        }
        var refusal: UnlockRefusal?
        if let glass = glassRefusal {
            refusal = glass
        } else if let by = hiddenBy.sorted(by: { $0.rawValue < $1.rawValue }).first {
            refusal = UnlockRefusal(.hidden(by))
        } else if !(t > uncertainSince) {
            refusal = UnlockRefusal(.landedBeforeShown)
        } else if tainted {
            refusal = UnlockRefusal(.landedWhileUncertain)
        } else if countingContacts > 0 {
            refusal = UnlockRefusal(.extraFinger)
        }
        for other in hopeful { contacts[other]?.refusal = UnlockRefusal(.secondFinger) }
        hopeful.removeAll()
        contacts[id] = Contact(landedAt: t, refusal: refusal, withheld: false)
        if stuckQueue.entries.count - stuckQueue.head > 2 * contacts.count + 64 {
            stuckQueue.keep { landedAt, id in contacts[id]?.landedAt == landedAt }
        }
        stuckQueue.append(t, id)
        if refusal == nil { hopeful.insert(id) }
    }

    /// A moment of uncertainty at `t`: every contact down is out, and so is every contact
    /// landing until all have lifted.
    mutating func doubt(_ why: UnlockRefusal, at t: Double) {
        uncertainSince = max(uncertainSince, t)
        tapDoubted(why, at: t)
        for id in hopeful { contacts[id]?.refusal = why }
        hopeful.removeAll()
        if countingContacts > 0 { tainted = true }
    }

    mutating func note(_ name: String, _ detail: String? = nil, at t: Double) {
        pending.append(LockLogEntry(time: t, name: name, detail: detail))
    }
}
