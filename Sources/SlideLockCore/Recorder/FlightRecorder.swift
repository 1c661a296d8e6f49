/// The flight recorder's memory: the raw evdev events of every touch device since the
/// earliest landing of any contact still involved, so that the events behind a verdict can
/// be written out and replayed (`slidelock play`) to the same verdict.
///
/// A window opens at the frame (`SYN_REPORT`) where a contact lands on any device while no
/// contact is down on any device; everything older is dropped then, so one window holds
/// every finger that could have touched the verdict (the authority's taint lasts until all
/// have lifted). The window stays after the last lift, until the next landing opens
/// another: the verdict on a release is taken after its frame is recorded.
///
/// A replay starts from a fresh decoder, so each device's window begins with the state the
/// kernel will not repeat: the current slot and every slot's last position. Bounded in
/// seconds and bytes per device; when a bound drops events of the window, the device is
/// marked `truncated` and its recording says so.
public struct FlightRecorder: Sendable {
    /// What bounds the memory of one device.
    public struct Limits: Equatable, Sendable {
        public var seconds: Double
        public var bytes: Int

        public init(seconds: Double = 20, bytes: Int = 262_144) {
            self.seconds = seconds
            self.bytes = bytes
        }
    }

    /// Why a device's window lost events.
    public enum Truncation: String, Equatable, Sendable {
        case seconds, bytes
        /// Events were lost (`SYN_DROPPED`): the kernel's resync is not in the recording.
        case resync
    }

    /// One device's recording: its description and the events of the window.
    public struct Track: Equatable, Sendable {
        public var path: String
        /// Name, id and axes (events empty).
        public var device: EvemuRecording
        /// The restored state first, then the window's events, kernel timestamps.
        public var events: [RawInputEvent]
        public var truncated: Truncation?
    }

    /// The device state a fresh decoder lacks at a window's start.
    struct DeviceState: Sendable {
        var slot: Int32 = 0
        var down: Set<Int32> = []
        var button = false
        /// Last `ABS_MT_*` values (not slot or tracking id) per slot.
        var slotValues: [Int32: [UInt16: Int32]] = [:]
        /// Last single-touch `ABS_*` values.
        var values: [UInt16: Int32] = [:]

        var isBusy: Bool { button || !down.isEmpty }

        mutating func apply(_ e: RawInputEvent) {
            if e.type == Evdev.EV_KEY, e.code == Evdev.BTN_TOUCH || e.code == Evdev.BTN_LEFT {
                button = e.value != 0
            } else if e.type == Evdev.EV_ABS {
                if e.code == Evdev.ABS_MT_SLOT {
                    slot = e.value
                } else if e.code == Evdev.ABS_MT_TRACKING_ID {
                    if e.value < 0 {
                        down.remove(slot)
                    } else if down.count < FlightRecorder.slotLimit {
                        down.insert(slot)
                    }
                } else if e.code >= FlightRecorder.firstMTCode {
                    if slotValues[slot] != nil || slotValues.count < FlightRecorder.slotLimit {
                        slotValues[slot, default: [:]][e.code] = e.value
                    }
                } else {
                    values[e.code] = e.value
                }
            }
        }

        /// Events that bring a fresh decoder to this state (no contact down), stamped `time`.
        func restoring(at time: Double) -> [RawInputEvent] {
            var out: [RawInputEvent] = []
            for code in values.keys.sorted() {
                out.append(RawInputEvent(time: time, type: Evdev.EV_ABS, code: code, value: values[code]!))
            }
            for slot in slotValues.keys.sorted() {
                out.append(RawInputEvent(time: time, type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: slot))
                let codes = slotValues[slot]!
                for code in codes.keys.sorted() {
                    out.append(RawInputEvent(time: time, type: Evdev.EV_ABS, code: code, value: codes[code]!))
                }
            }
            if !slotValues.isEmpty || slot != 0 {
                out.append(RawInputEvent(time: time, type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: slot))
            }
            return out
        }
    }

    struct Device: Sendable {
        var description: EvemuRecording
        var events: [RawInputEvent] = []
        /// Index of the window's first event in `events` (older ones wait for compaction).
        var head = 0
        /// Index of the first event of the frame not yet ended by `SYN_REPORT`.
        var frameStart = 0
        var state = DeviceState()
        /// The state at the last frame boundary.
        var settled = DeviceState()
        /// The state at the window's start, written before its events, stamped `restoreAt`
        /// (nil: with the window's first event; the window since adoption has no landing).
        var restore = DeviceState()
        var restoreAt: Double?
        var truncated: Truncation?
        var present = true

        var keptBytes: Int { (events.count - head) * FlightRecorder.eventBytes }
    }

    /// Slots (and so contacts) tracked per device: more than any panel reports.
    static let slotLimit = 64
    /// `ABS_MT_TOUCH_MAJOR`, the first multi-touch axis.
    static let firstMTCode: UInt16 = 0x30
    /// What one event is counted as: about its `E:` line in a file, so the bound holds
    /// for the written recording as well as for memory (a few times the event's size).
    static let eventBytes = 40

    public let limits: Limits
    var devices: [String: Device] = [:]
    /// The newest frame boundary at which no contact was down on any device (the lift that
    /// ended the last window), or nil while one is down.
    var idleSince: Double? = -.infinity
    /// Until then a landing opens no window: the authority still remembers touches of the
    /// window's (an armed Open button, whose first tap the second one needs).
    public var heldUntil = -Double.infinity

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// A device opened: `description` names it and its axes; its events are the state the
    /// device holds now (libevdev's slots and axes): values the kernel will not send again
    /// until they change, which a window starting before the next landing begins with.
    /// Contacts down then are not restored: the live lock doubts them (`deviceAdopted`).
    public mutating func adopt(path: String, description: EvemuRecording) {
        var d = description
        d.events = []
        var device = Device(description: d)
        for event in description.events { device.state.apply(event) }
        device.state.down = []
        device.state.button = false
        device.settled = device.state
        device.restore = device.state
        devices[path] = device
    }

    /// A device went away: its events stay while they may belong to the window.
    public mutating func remove(path: String) {
        devices[path]?.present = false
        devices[path]?.state = DeviceState()
        devices[path]?.settled = DeviceState()
    }

    /// One event read from `path` (ignored for a device not adopted).
    public mutating func record(_ event: RawInputEvent, from path: String) {
        guard var d = devices[path] else { return }
        devices[path] = nil // `d` alone owns the buffer while it grows
        d.events.append(event)
        d.state.apply(event)
        if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_DROPPED { d.truncated = .resync }
        var opens = false
        if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_REPORT {
            let wasBusy = devices.values.contains { $0.settled.isBusy } || d.settled.isBusy
            let nowBusy = devices.values.contains { $0.state.isBusy } || d.state.isBusy
            opens = !wasBusy && nowBusy && event.time >= heldUntil
            if opens { openWindow(&d, at: event.time) }
            if nowBusy { idleSince = nil } else if wasBusy { idleSince = event.time }
            d.settled = d.state
            d.frameStart = d.events.count
        }
        bound(&d, now: event.time)
        devices[path] = d
    }

    /// Drops everything before the frame in `d` that just landed a contact, on every device.
    mutating func openWindow(_ d: inout Device, at time: Double) {
        let start = d.events[d.frameStart].time
        d.restore = d.settled
        d.restoreAt = start
        d.head = d.frameStart
        d.truncated = nil
        for path in devices.keys {
            var other = devices[path]!
            // Devices gone before this window have nothing in it.
            if !other.present {
                devices[path] = nil
                continue
            }
            other.restore = other.settled
            other.restoreAt = start
            other.head = other.frameStart
            other.truncated = nil
            compact(&other)
            devices[path] = other
        }
        compact(&d)
    }

    /// Applies the limits to `d`'s window, oldest whole frames first.
    mutating func bound(_ d: inout Device, now: Double) {
        while d.head < d.events.count {
            let why: Truncation? =
                d.keptBytes > limits.bytes ? .bytes : now - d.events[d.head].time > limits.seconds ? .seconds : nil
            guard let why else { break }
            // Past the last lift only the idle noise after the window goes.
            if d.truncated == nil, idleSince.map({ d.events[d.head].time <= $0 }) ?? true { d.truncated = why }
            // A whole frame at a time; within the frame still open, one event.
            var next = d.head
            while next < d.frameStart {
                next += 1
                if d.events[next - 1].type == Evdev.EV_SYN && d.events[next - 1].code == Evdev.SYN_REPORT { break }
            }
            d.head = max(next, d.head + 1)
            d.frameStart = max(d.frameStart, d.head)
        }
        compact(&d)
    }

    /// Frees dropped events once they are half the buffer.
    func compact(_ d: inout Device) {
        guard d.head > 0, d.head * 2 >= d.events.count else { return }
        d.events.removeFirst(d.head)
        d.frameStart -= d.head
        d.head = 0
    }

    /// True when some device's window holds an event stamped `time`: a moment at that time
    /// came from the touches themselves (a ghost-filter cancel), and their replay makes it.
    public func hasEvent(at time: Double) -> Bool {
        devices.values.contains { d in
            d.events[d.head...].reversed().prefix { $0.time >= time }.contains { $0.time == time }
        }
    }

    /// Every device's window now (devices with no event in it are left out).
    public func tracks() -> [Track] {
        devices.keys.sorted().compactMap { path in
            let d = devices[path]!
            guard d.head < d.events.count else { return nil }
            let restored = d.restore.restoring(at: d.restoreAt ?? d.events[d.head].time)
            return Track(
                path: path, device: d.description, events: restored + d.events[d.head...], truncated: d.truncated)
        }
    }
}
