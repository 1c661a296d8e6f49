/// The state of one multitouch slot, as the kernel keeps it and as libevdev reports it
/// after a sync (`libevdev_get_slot_value`). Single-touch and mouse devices use one slot.
public struct SlotState: Equatable, Sendable {
    /// `ABS_MT_TRACKING_ID`; negative (the kernel sends -1) when the slot is empty.
    /// For single-touch/mouse devices: 0 while `BTN_TOUCH`/`BTN_LEFT` is down, else -1.
    public var trackingID: Int32
    /// `ABS_MT_POSITION_X`/`_Y` (or `ABS_X`/`_Y`), device units. The kernel keeps them
    /// after a lift, which is why a finger-up can report its last position.
    public var x: Int32
    /// See `x`.
    public var y: Int32

    public init(trackingID: Int32 = -1, x: Int32 = 0, y: Int32 = 0) {
        self.trackingID = trackingID
        self.x = x
        self.y = y
    }

    /// A contact is present in this slot.
    public var isActive: Bool { trackingID >= 0 }
}

/// Turns raw evdev events into contact samples. Pure: the platform reads the device and
/// feeds every event; samples come out when a `SYN_REPORT` completes a frame, because only
/// then is the device state consistent (a frame's X and Y arrive as separate events).
///
/// Positions are normalised device coordinates (`AxisRange.normalise`); `TouchTransform`
/// turns them into screen pixels. Supported devices:
/// - multitouch protocol B (`ABS_MT_SLOT` + tracking ids), several contacts, one id each;
///   its single-touch emulation (`ABS_X`/`ABS_Y`/`BTN_TOUCH`) is ignored so no contact is
///   doubled;
/// - single-touch panels and absolute tablets: `ABS_X`/`ABS_Y` with `BTN_TOUCH` or
///   `BTN_LEFT` as the contact;
/// - a relative mouse (`REL_X`/`REL_Y` + `BTN_LEFT`) when asked for: the pointer starts at
///   the screen centre and is clamped to the screen; holding the button is the contact.
///   Its normalised space *is* the logical screen, so give it an upright, uncalibrated
///   `TouchTransform`.
///
/// Lost events (`SYN_DROPPED`): everything up to and including the next `SYN_REPORT` is
/// discarded and `needsResync` turns on; call `resync(slots:currentSlot:time:)` with the
/// device's state (libevdev after its sync, or `EVIOCGMTSLOTS`). The rule is "never turn a
/// gap into a jump": a contact that is still there at the same place continues silently;
/// one that moved, changed tracking id or vanished during the gap is **cancelled** at its
/// last reported position (not lifted: where it really lifted is unknown), and a contact
/// present in the snapshot but not reported gets a fresh `down` (new id). If events arrive
/// without a resync, every contact is cancelled and fingers already down are ignored until
/// they lift and touch again.
public struct TouchDecoder: Sendable {
    /// Which protocol the device speaks, chosen from its axes.
    public enum Mode: Equatable, Sendable {
        /// Protocol B with this many slots (`ABS_MT_SLOT` maximum + 1, at most 64).
        case multitouch(slots: Int)
        /// `ABS_X`/`ABS_Y` with `BTN_TOUCH` or `BTN_LEFT`.
        case singleTouch
        /// `REL_X`/`REL_Y` + `BTN_LEFT`, clamped to `screen` (logical pixels).
        case relativePointer(screen: Size)
    }

    /// The protocol this decoder expects (fixed at creation).
    public let mode: Mode
    /// True after a `SYN_DROPPED` gap has ended, until `resync` is called.
    public private(set) var needsResync = false

    private let xRange: AxisRange
    private let yRange: AxisRange
    /// Device state as the events so far describe it.
    private var slots: [SlotState]
    private var currentSlot: Int? = 0
    /// Single-touch/mouse: the contact button (`BTN_TOUCH` or `BTN_LEFT`) is down.
    private var pressed = false
    /// What the session was last told, per slot.
    private var reported: [Contact?]
    private var dropping = false
    private var nextID = 1

    private var isMultitouch: Bool {
        if case .multitouch = mode { true } else { false }
    }

    private struct Contact {
        var id: Int
        var slot: SlotState
    }

    /// Chooses the mode from the device's absolute axes (evemu `A:` lines, or
    /// `libevdev_get_abs_info`): multitouch when it has `ABS_MT_SLOT` and both MT position
    /// axes, else single-touch with `ABS_X` + `ABS_Y`, else a relative pointer when
    /// `pointerScreen` is given (mouse support enabled; the size pointer motion is clamped
    /// to, logical pixels). Nil when none applies: the device cannot produce contacts.
    /// A protocol A device (MT axes, no `ABS_MT_SLOT`) is read through its single-touch
    /// emulation when it has one.
    public init?(axes: [UInt16: AxisRange], pointerScreen: Size? = nil) {
        if axes[Evdev.ABS_MT_SLOT] != nil, let x = axes[Evdev.ABS_MT_POSITION_X],
            let y = axes[Evdev.ABS_MT_POSITION_Y]
        {
            // Clamp the slot count: a bogus range must not allocate without bound.
            let range = axes[Evdev.ABS_MT_SLOT]!
            let count = min(64, max(1, Int(range.maximum) + 1))
            self.init(mode: .multitouch(slots: count), x: x, y: y)
        } else if let x = axes[Evdev.ABS_X], let y = axes[Evdev.ABS_Y] {
            self.init(mode: .singleTouch, x: x, y: y)
        } else if let screen = pointerScreen, screen.width >= 1, screen.height >= 1 {
            let w = Int32(screen.width.rounded(.down))
            let h = Int32(screen.height.rounded(.down))
            self.init(
                mode: .relativePointer(screen: screen),
                x: AxisRange(minimum: 0, maximum: w - 1), y: AxisRange(minimum: 0, maximum: h - 1))
            slots[0].x = w / 2
            slots[0].y = h / 2
        } else {
            return nil
        }
    }

    private init(mode: Mode, x: AxisRange, y: AxisRange) {
        self.mode = mode
        xRange = x
        yRange = y
        let count = if case .multitouch(let n) = mode { n } else { 1 }
        slots = Array(repeating: SlotState(), count: count)
        reported = Array(repeating: nil, count: count)
    }

    /// Takes one event; returns the samples of the frame it completes (empty until then).
    public mutating func feed(_ event: RawInputEvent) -> [TouchSample] {
        var out: [TouchSample] = []
        if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_DROPPED {
            dropping = true
            return out
        }
        if dropping {
            // The kernel's buffer overflowed: the rest of this frame is incomplete.
            if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_REPORT {
                dropping = false
                needsResync = true
            }
            return out
        }
        if needsResync { blindResync(time: event.time, into: &out) }
        switch event.type {
        case Evdev.EV_SYN where event.code == Evdev.SYN_REPORT: emitFrame(time: event.time, into: &out)
        case Evdev.EV_ABS: absolute(event.code, event.value)
        case Evdev.EV_KEY: key(event.code, event.value)
        case Evdev.EV_REL: relative(event.code, event.value)
        default: break
        }
        return out
    }

    /// Replaces the device state with a snapshot taken after a `SYN_DROPPED` (or at
    /// start-up, when a finger may already be down) and reports the difference by the rule
    /// in the type's documentation. `slots` is indexed by slot; missing slots are empty.
    /// Relative pointers use only `slots[0].trackingID` (the button); the pointer keeps
    /// its own position.
    public mutating func resync(slots snapshot: [SlotState], currentSlot: Int = 0, time: Double) -> [TouchSample] {
        var out: [TouchSample] = []
        dropping = false
        needsResync = false
        for i in slots.indices {
            var new = i < snapshot.count ? snapshot[i] : SlotState()
            if case .relativePointer = mode {
                new.x = slots[i].x
                new.y = slots[i].y
            }
            // One-contact devices use 0 for "held" (see emitFrame); MT keeps the kernel's ids.
            if !new.isActive { new.trackingID = -1 } else if !isMultitouch { new.trackingID = 0 }
            if let old = reported[i] {
                let same = new.trackingID == old.slot.trackingID && new.x == old.slot.x && new.y == old.slot.y
                if same {
                    slots[i] = new
                    continue
                }
                out.append(sample(.cancel, old.id, old.slot, time))
                reported[i] = nil
            }
            slots[i] = new
            if new.isActive { begin(slot: i, time: time, into: &out) }
        }
        pressed = slots[0].isActive
        self.currentSlot = slots.indices.contains(currentSlot) ? currentSlot : nil
        return out
    }

    // MARK: - Events

    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .multitouch:
            switch code {
            case Evdev.ABS_MT_SLOT: currentSlot = slots.indices.contains(Int(value)) ? Int(value) : nil
            case Evdev.ABS_MT_TRACKING_ID: updateSlot { $0.trackingID = value < 0 ? -1 : value }
            case Evdev.ABS_MT_POSITION_X: updateSlot { $0.x = value }
            case Evdev.ABS_MT_POSITION_Y: updateSlot { $0.y = value }
            default: break // ABS_X/ABS_Y are the MT emulation: ignored, MT wins.
            }
        case .singleTouch:
            if code == Evdev.ABS_X { slots[0].x = value }
            if code == Evdev.ABS_Y { slots[0].y = value }
        case .relativePointer:
            break
        }
    }

    private mutating func key(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .multitouch: break // BTN_TOUCH there is emulation too.
        case .singleTouch:
            if code == Evdev.BTN_TOUCH || code == Evdev.BTN_LEFT { pressed = value != 0 }
        case .relativePointer:
            if code == Evdev.BTN_LEFT { pressed = value != 0 }
        }
    }

    private mutating func relative(_ code: UInt16, _ value: Int32) {
        guard case .relativePointer = mode else { return }
        func clamp(_ v: Int32, _ r: AxisRange, _ d: Int32) -> Int32 {
            let sum = Int64(v) + Int64(d)
            return Int32(min(Int64(r.maximum), max(Int64(r.minimum), sum)))
        }
        if code == Evdev.REL_X { slots[0].x = clamp(slots[0].x, xRange, value) }
        if code == Evdev.REL_Y { slots[0].y = clamp(slots[0].y, yRange, value) }
    }

    private mutating func updateSlot(_ change: (inout SlotState) -> Void) {
        // Events for an out-of-range slot are dropped, like the kernel would never send.
        guard let i = currentSlot else { return }
        change(&slots[i])
    }

    // MARK: - Frames

    private mutating func emitFrame(time: Double, into out: inout [TouchSample]) {
        if !isMultitouch {
            // One contact: the button is the tracking id (any constant while held).
            slots[0].trackingID = pressed ? 0 : -1
        }
        for i in slots.indices {
            let now = slots[i]
            guard let old = reported[i] else {
                if now.isActive { begin(slot: i, time: time, into: &out) }
                continue
            }
            if !now.isActive {
                // A lift carries no position: the slot still holds the last one.
                out.append(sample(.up, old.id, now, time))
                reported[i] = nil
            } else if now.trackingID != old.slot.trackingID {
                // Protocol B allows a new id without a -1 in between: end the old contact.
                out.append(sample(.up, old.id, old.slot, time))
                begin(slot: i, time: time, into: &out)
            } else if now.x != old.slot.x || now.y != old.slot.y {
                out.append(sample(.move, old.id, now, time))
                reported[i]!.slot = now
            }
        }
    }

    private mutating func begin(slot i: Int, time: Double, into out: inout [TouchSample]) {
        let contact = Contact(id: nextID, slot: slots[i])
        nextID += 1
        reported[i] = contact
        out.append(sample(.down, contact.id, contact.slot, time))
    }

    /// Events came after a gap but no snapshot: trust nothing that was down.
    private mutating func blindResync(time: Double, into out: inout [TouchSample]) {
        needsResync = false
        for i in slots.indices {
            if let old = reported[i] { out.append(sample(.cancel, old.id, old.slot, time)) }
            reported[i] = nil
            slots[i].trackingID = -1
        }
        pressed = false
    }

    private func sample(_ kind: TouchSample.Kind, _ id: Int, _ slot: SlotState, _ time: Double) -> TouchSample {
        TouchSample(
            kind: kind, id: id, position: Point(x: xRange.normalise(slot.x), y: yRange.normalise(slot.y)),
            time: time)
    }
}
