/// The door's side of the lock, on a virtual clock: the contact's debounced level, the
/// unlocks the authority granted, and time passing in; `DoorNotice`s and the next moment
/// it must be woken (`deadline`) out. It watches only: nothing here unlocks, and nothing
/// here feeds `UnlockAuthority` (tamper asks for lockdown through the control path).
///
/// An unlock granted at `u` expects an opening in `[u, u + openWindow)`. An opening inside
/// the window of any unlock is an expected one and satisfies every unlock still waiting;
/// outside all of them it is `forced` (when `forcedAlarm`). An unlock still waiting at the
/// end of its window is `not-opened`. Windows all have the same length, so the opening is
/// inside one exactly when it falls within `openWindow` of the latest unlock.
public struct DoorWatch: Equatable, Sendable {
    public let openWindow: Double
    /// 0: never held open.
    public let heldOpenAfter: Double
    public let forcedAlarm: Bool
    /// Lockdown while tampered (`tamper.lockdown`).
    public let lockdownOnTamper: Bool

    public private(set) var state: DoorState
    /// The latest moment seen; times before it count as it (a late read is not history).
    public private(set) var now: Double
    /// Tampered since the input went active, until a reset with the input inactive.
    public internal(set) var tampered = false
    /// The tamper input's debounced level.
    public internal(set) var tamperActive = false

    /// The latest granted unlock.
    private var lastUnlock: Double?
    /// Unlocks whose window is still open and saw no opening yet, oldest first.
    private var waiting: [Double] = []
    /// When the open door becomes held open, while it is open and not yet held open.
    private var heldOpenDue: Double?

    /// Unlocks remembered as waiting; past it the oldest is forgotten (no `not-opened` for
    /// it). An unlock takes a window of at most minutes; this many unopened is a test rig.
    static let maximumWaiting = 64

    /// A watch from `time`, the door open or closed as the contact reads then. A door open
    /// at start is `open` (nothing says how it opened) and may become held open.
    public init(door: DoorSettings, tamper: TamperSettings, open: Bool, time: Double) {
        openWindow = max(door.openWindow, 0)
        heldOpenAfter = max(door.heldOpenAfter, 0)
        forcedAlarm = door.forcedAlarm
        lockdownOnTamper = tamper.lockdown
        state = open ? .open : .closed
        now = time
        if open, heldOpenAfter > 0 { heldOpenDue = time + heldOpenAfter }
    }

    public var isOpen: Bool { state != .closed }

    /// The lock asks for lockdown while this holds (`tamper.lockdown = on` and tampered).
    public var wantsLockdown: Bool { lockdownOnTamper && tampered }

    /// When `advance` must run next: the end of the oldest waiting window, or held open.
    public var deadline: Double? {
        [waiting.first.map { $0 + openWindow }, heldOpenDue].compactMap { $0 }.min()
    }

    /// Time passed to `t`: each window that ended unopened, and the door held open.
    public mutating func advance(to t: Double) -> [DoorNotice] {
        var notices: [DoorNotice] = []
        while let due = deadline, due <= t {
            if let u = waiting.first, u + openWindow == due {
                waiting.removeFirst()
                notices.append(DoorNotice(.notOpened, time: due, unlockAt: u))
            } else {
                heldOpenDue = nil
                state = .heldOpen
                notices.append(DoorNotice(.heldOpen, time: due))
            }
        }
        now = max(now, t)
        return notices
    }

    /// The contact's debounced level changed at `t` (a repeated level changes nothing).
    public mutating func contact(open: Bool, at t: Double) -> [DoorNotice] {
        var notices = advance(to: t)
        guard open != isOpen else { return notices }
        let t = now
        guard open else {
            state = .closed
            heldOpenDue = nil
            notices.append(DoorNotice(.doorClosed, time: t))
            return notices
        }
        let expected = lastUnlock.flatMap { t < $0 + openWindow ? $0 : nil }
        notices.append(DoorNotice(.doorOpen, time: t, unlockAt: expected))
        // Every waiting window holds `t` (the ended ones were reported by `advance`).
        waiting.removeAll()
        state = .open
        if expected == nil, forcedAlarm {
            state = .forced
            notices.append(DoorNotice(.forced, time: t))
        }
        if heldOpenAfter > 0 { heldOpenDue = t + heldOpenAfter }
        return notices
    }

    /// The authority granted an unlock at `t` (any source). A door already open has
    /// nothing to wait for; its window still makes a new opening in it expected.
    public mutating func unlockGranted(at t: Double) -> [DoorNotice] {
        let notices = advance(to: t)
        lastUnlock = now
        guard !isOpen else { return notices }
        waiting.append(now)
        if waiting.count > Self.maximumWaiting { waiting.removeFirst() }
        return notices
    }
}
