/// The door's lines as the runtime reads them, into `DoorWatch`: the contact's and the
/// tamper input's raw levels each through their `LevelDebouncer`, in time order, so the
/// watch sees one change per door movement, however the switch bounced.
public struct DoorMonitor: Equatable, Sendable {
    public private(set) var watch: DoorWatch
    private var contact: LevelDebouncer
    private var tamper: LevelDebouncer

    /// A monitor from `time` with the lines at these levels: the door open or closed as read
    /// (no event), and the tamper input, when active, tampered at once (the notices).
    public static func start(
        door: DoorSettings, tamper: TamperSettings, open: Bool, tamperActive: Bool, time: Double
    ) -> (DoorMonitor, [DoorNotice]) {
        var monitor = DoorMonitor(
            watch: DoorWatch(door: door, tamper: tamper, open: open, time: time),
            contact: LevelDebouncer(period: door.contactDebounce, level: open),
            tamper: LevelDebouncer(period: tamper.inputDebounce, level: false))
        // The input read at start counts without a wait: it was at rest or not before the
        // lock looked.
        let notices = tamperActive ? monitor.watch.tamper(active: true, at: time) : []
        monitor.tamper = LevelDebouncer(period: tamper.inputDebounce, level: tamperActive)
        return (monitor, notices)
    }

    private init(watch: DoorWatch, contact: LevelDebouncer, tamper: LevelDebouncer) {
        self.watch = watch
        self.contact = contact
        self.tamper = tamper
    }

    /// When `advance` must run next: a change that will have held, or the watch's deadline.
    public var deadline: Double? {
        [contact.deadline, tamper.deadline, watch.deadline].compactMap { $0 }.min()
    }

    /// The contact line read `open` at `t` (raw, as the edge said).
    public mutating func readContact(open: Bool, at t: Double) -> [DoorNotice] {
        var notices = advance(to: t)
        for change in contact.read(open, at: max(t, watch.now)) {
            notices += watch.contact(open: change.level, at: change.time)
        }
        return notices
    }

    /// The tamper line read `active` at `t` (raw).
    public mutating func readTamper(active: Bool, at t: Double) -> [DoorNotice] {
        var notices = advance(to: t)
        for change in tamper.read(active, at: max(t, watch.now)) {
            notices += watch.tamper(active: change.level, at: change.time)
        }
        return notices
    }

    /// The authority granted an unlock at `t`.
    public mutating func unlockGranted(at t: Double) -> [DoorNotice] {
        advance(to: t) + watch.unlockGranted(at: t)
    }

    /// `ctl tamper-reset` at `t`.
    public mutating func resetTamper(at t: Double) -> (TamperReset, [DoorNotice]) {
        let notices = advance(to: t)
        let (result, more) = watch.resetTamper(at: t)
        return (result, notices + more)
    }

    /// Time passed to `t`: the debounced changes that held by then and the watch's own
    /// moments, all in time order.
    public mutating func advance(to t: Double) -> [DoorNotice] {
        var notices: [DoorNotice] = []
        while true {
            let c = contact.deadline.flatMap { $0 <= t ? $0 : nil }
            let m = tamper.deadline.flatMap { $0 <= t ? $0 : nil }
            if let c, m.map({ c <= $0 }) ?? true, let change = contact.advance(to: c) {
                notices += watch.contact(open: change.level, at: change.time)
            } else if let m, let change = tamper.advance(to: m) {
                notices += watch.tamper(active: change.level, at: change.time)
            } else {
                break
            }
        }
        return notices + watch.advance(to: t)
    }
}
