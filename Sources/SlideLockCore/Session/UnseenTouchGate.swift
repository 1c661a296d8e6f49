/// Sits in front of `LockSession` while the lock may not be on screen (another program took
/// DRM master): a touch the person made without seeing the lock must not move it.
///
/// While hidden, every contact is consumed until it lifts, and so is every contact down
/// when the screen was lost (the loop cancels the session's grab at that moment). After the
/// lock is back, those contacts stay consumed until they lift, and a finger that lands
/// while one of them is still down joins them: the session's one-finger rule starts again
/// from a lock the person can see. Two ways a hidden finger could come back as a new one
/// are closed too: a down stamped before the lock was on screen again (the ghost filter
/// releases downs late, with their landing time) is consumed, and a cancel while anything
/// is consumed (a resync re-reports the fingers still down as new contacts) makes the next
/// contacts consumed until they lift.
public struct UnseenTouchGate: Sendable {
    /// True while the lock is not on screen.
    public private(set) var isHidden = false
    /// When the lock was on screen again: downs that landed earlier were not made on it.
    var shownAt = -Double.infinity
    /// Contacts down now, whoever sees them.
    var down: Set<Int> = []
    /// Contacts consumed until they lift.
    var consumed: Set<Int> = []
    /// A cancel came while contacts were consumed: the next ones are consumed too.
    var consumesNext = false

    public init() {}

    /// The lock left the screen: contacts down now are consumed from here on.
    public mutating func hide() {
        isHidden = true
        consumed.formUnion(down)
    }

    /// The lock is on screen again since `t`; consumed contacts stay so until they lift.
    public mutating func show(at t: Double) {
        isHidden = false
        shownAt = t
    }

    /// True while any touch is kept from the session.
    public var isConsuming: Bool { isHidden || consumesNext || !consumed.isEmpty }

    /// `event` for the session, or nil when it is consumed.
    public mutating func pass(_ event: LockEvent) -> LockEvent? {
        switch event {
        case .touchDown(let id, _, let t):
            down.insert(id)
            // A repeated down of a consumed contact (its up was lost) stays consumed.
            guard isConsuming || t < shownAt else { return event }
            consumed.insert(id)
            consumesNext = false // the consumed set carries it from here
            return nil
        case .touchMove(let id, _, _):
            return consumed.contains(id) ? nil : event
        case .touchUp(let id, _):
            down.remove(id)
            return consumed.remove(id) == nil ? event : nil
        case .touchCancel:
            if isConsuming { consumesNext = true }
            down.removeAll()
            consumed.removeAll()
            return event
        case .tick, .actionFinished, .reset:
            return event
        }
    }
}
