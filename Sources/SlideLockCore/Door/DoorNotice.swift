/// What the door is doing, as `DoorWatch` knows it.
public enum DoorState: String, CaseIterable, Equatable, Sendable {
    case closed
    /// Open after a granted unlock (or open when the lock started, or forced with
    /// `door.forced_alarm` off).
    case open
    /// Open for `door.held_open_after` seconds, however it opened.
    case heldOpen = "held-open"
    /// Opened outside every unlock's `door.open_window`, and still open.
    case forced
}

/// A change the door or the tamper input made: each is an audit record and a
/// `feedback_hook` run (`SLIDELOCK_EVENT` is the raw value).
public enum DoorEvent: String, CaseIterable, Equatable, Sendable {
    case doorOpen = "door-open"
    case doorClosed = "door-closed"
    case heldOpen = "held-open"
    case forced
    /// A granted unlock whose door did not open within its window: a strike fault, or a
    /// visitor who walked away.
    case notOpened = "not-opened"
    case tampered
    case tamperReset = "tamper-reset"

    /// What the event is about, as `SLIDELOCK_SOURCE` says it: `door` or `tamper`.
    public var source: String { self == .tampered || self == .tamperReset ? "tamper" : "door" }
}

/// One `DoorEvent` at its moment on the loop's clock.
public struct DoorNotice: Equatable, Sendable, CustomStringConvertible {
    public var event: DoorEvent
    public var time: Double
    /// The granted unlock this is about: the one whose window an opening fell in
    /// (`door-open`), or the one that saw no opening (`not-opened`). nil otherwise.
    public var unlockAt: Double?

    public init(_ event: DoorEvent, time: Double, unlockAt: Double? = nil) {
        self.event = event
        self.time = time
        self.unlockAt = unlockAt
    }

    /// `t=1.234 door-open unlock t=0.500`, as the session's log lines are written.
    public var description: String {
        LockLogEntry(time: time, name: event.rawValue, detail: unlockAt.map { "unlock t=" + LockLogEntry.format($0) })
            .description
    }
}
