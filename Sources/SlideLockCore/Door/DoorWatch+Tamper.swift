// The tamper input as `DoorWatch` sees it: tampered latches when the input goes active and
// holds until a reset asked for with the input back at rest.
extension DoorWatch {
    /// The tamper input's debounced level changed at `t`.
    public mutating func tamper(active: Bool, at t: Double) -> [DoorNotice] {
        var notices = advance(to: t)
        tamperActive = active
        if active, !tampered {
            tampered = true
            notices.append(DoorNotice(.tampered, time: now))
        }
        return notices
    }

    /// `ctl tamper-reset` at `t`: clears tampered unless the input still reads active (a
    /// case still open would trip again at once, and the reset would hide it).
    public mutating func resetTamper(at t: Double) -> (TamperReset, [DoorNotice]) {
        var notices = advance(to: t)
        guard tampered else { return (.notTampered, notices) }
        guard !tamperActive else { return (.stillActive, notices) }
        tampered = false
        notices.append(DoorNotice(.tamperReset, time: now))
        return (.reset, notices)
    }
}

/// What a tamper reset did.
public enum TamperReset: String, Equatable, Sendable {
    case reset
    /// Nothing to reset.
    case notTampered = "not-tampered"
    /// Refused: the tamper input still reads active.
    case stillActive = "still-active"
}
