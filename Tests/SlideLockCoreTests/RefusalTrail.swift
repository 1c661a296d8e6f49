@testable import SlideLockCore

/// Why each contact and each request was refused, in the order seen: a contact's refusal
/// from the authority's own state when it ends (lifted or cancelled), and every refused
/// decision from its log line (`REASON SOURCE[ detail]`). Tests that show something never
/// unlocks name the reason with it, so a refusal for the wrong reason does not pass unseen.
struct RefusalTrail {
    private(set) var reasons: [UnlockRefusal.Reason] = []

    mutating func note(_ authority: UnlockAuthority, _ entries: [LockLogEntry]) {
        for c in authority.released.values.sorted(by: { $0.landedAt < $1.landedAt }) {
            if let reason = c.refusal?.reason { reasons.append(reason) }
        }
        for e in entries {
            guard let reason = UnlockRefusal.Reason(rawValue: e.name),
                let source = e.detail?.split(separator: " ").first,
                UnlockSource(rawValue: String(source)) != nil
            else { continue }
            reasons.append(reason)
        }
    }
}
