/// Sits in front of `LockSession` while the lock may not be on screen (another program took
/// DRM master): a touch the person made without seeing the lock must not move it.
///
/// While hidden, every contact is consumed until it lifts, and so is every contact down
/// when the screen was lost (the loop cancels the session's grab at that moment). After the
/// lock is back, those contacts stay consumed until they lift, and a finger that lands
/// while one of them is still down joins them: the session's one-finger rule starts again
/// from a lock the person can see.
public struct UnseenTouchGate: Sendable {
    /// True while the lock is not on screen.
    public private(set) var isHidden = false
    /// Contacts down now, whoever sees them.
    var down: Set<Int> = []
    /// Contacts consumed until they lift.
    var consumed: Set<Int> = []

    public init() {}

    /// The lock left the screen: contacts down now are consumed from here on.
    public mutating func hide() {
        isHidden = true
        consumed.formUnion(down)
    }

    /// The lock is on screen again; consumed contacts stay so until they lift.
    public mutating func show() { isHidden = false }

    /// True while any touch is kept from the session.
    public var isConsuming: Bool { isHidden || !consumed.isEmpty }

    /// `event` for the session, or nil when it is consumed.
    public mutating func pass(_ event: LockEvent) -> LockEvent? {
        switch event {
        case .touchDown(let id, _, _):
            down.insert(id)
            // A repeated down of a consumed contact (its up was lost) stays consumed.
            guard isHidden || !consumed.isEmpty else { return event }
            consumed.insert(id)
            return nil
        case .touchMove(let id, _, _):
            return consumed.contains(id) ? nil : event
        case .touchUp(let id, _):
            down.remove(id)
            return consumed.remove(id) == nil ? event : nil
        case .touchCancel:
            down.removeAll()
            consumed.removeAll()
            return event
        case .tick, .actionFinished, .reset:
            return event
        }
    }
}
