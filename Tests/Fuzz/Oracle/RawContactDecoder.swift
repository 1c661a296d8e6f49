// The oracle's own reading of an evdev stream: contacts landing, moving and lifting, from
// the kernel's documented protocols (multitouch protocol B with slots, or single touch with
// BTN_TOUCH), in device units. Written apart from the lock's decoder on purpose.

/// What one SYN_REPORT (or a SYN_DROPPED) meant for the contacts.
public enum RawContactChange: Equatable, Sendable {
    case landed(key: Int, x: Double, y: Double, time: Double)
    case moved(key: Int, x: Double, y: Double, time: Double)
    case lifted(key: Int, time: Double)
    /// The kernel dropped events: the stream's picture of the fingers is unreliable.
    case dropped(time: Double)
}

/// evdev event type and code numbers (linux/input-event-codes.h), spelled out here so the
/// oracle shares nothing with the implementation.
public enum RawCode {
    public static let synType: UInt16 = 0x00
    public static let keyType: UInt16 = 0x01
    public static let absType: UInt16 = 0x03
    public static let synReport: UInt16 = 0
    public static let synDropped: UInt16 = 3
    public static let btnTouch: UInt16 = 0x14a
    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let mtSlot: UInt16 = 0x2f
    public static let mtX: UInt16 = 0x35
    public static let mtY: UInt16 = 0x36
    public static let mtTrackingID: UInt16 = 0x39
}

/// Decodes raw (type, code, value) triples into contact changes at each SYN_REPORT.
public struct RawContactDecoder: Sendable {
    /// Slots beyond this are ignored (real panels have ten or fewer).
    static let slotLimit = 16

    struct Slot {
        var x = 0.0, y = 0.0
        var trackingID: Int32 = -1
        /// The contact key this slot's finger has, while down.
        var key: Int?
        /// The tracking id the current contact landed with.
        var landedID: Int32 = -1
        var dirty = false
    }

    /// True for multitouch protocol B; false for single touch (ABS_X/ABS_Y + BTN_TOUCH).
    public let multitouch: Bool
    var slots = [Slot](repeating: Slot(), count: RawContactDecoder.slotLimit)
    var slot: Int? = 0
    var touching = false
    var touchChanged = false
    var nextKey = 1
    /// After SYN_DROPPED every event up to the next SYN_REPORT is partial and skipped.
    var skipping = false

    public init(multitouch: Bool) {
        self.multitouch = multitouch
    }

    /// Keys of the contacts down now.
    public var downKeys: [Int] {
        multitouch ? slots.compactMap(\.key) : (slots[0].key.map { [$0] } ?? [])
    }

    public mutating func feed(type: UInt16, code: UInt16, value: Int32, time: Double) -> [RawContactChange] {
        if type == RawCode.synType && code == RawCode.synDropped {
            skipping = true
            return [.dropped(time: time)]
        }
        if type == RawCode.synType && code == RawCode.synReport {
            if skipping {
                skipping = false
                return []
            }
            return commit(time: time)
        }
        guard !skipping else { return [] }
        if multitouch {
            guard type == RawCode.absType else { return [] }
            switch code {
            case RawCode.mtSlot: slot = value >= 0 && value < Int32(RawContactDecoder.slotLimit) ? Int(value) : nil
            case RawCode.mtTrackingID: update { $0.trackingID = value < 0 ? -1 : value }
            case RawCode.mtX: update { $0.x = Double(value) }
            case RawCode.mtY: update { $0.y = Double(value) }
            default: break
            }
        } else if type == RawCode.absType && code == RawCode.absX {
            slots[0].x = Double(value)
            slots[0].dirty = true
        } else if type == RawCode.absType && code == RawCode.absY {
            slots[0].y = Double(value)
            slots[0].dirty = true
        } else if type == RawCode.keyType && code == RawCode.btnTouch && value != 2 {
            touching = value != 0
            touchChanged = true
        }
        return []
    }

    /// Sets the device's state outright (a resync or an adoption reads it with ioctls):
    /// fingers already down become new contacts landing now, as far as this stream knows.
    public mutating func reset(
        to state: [(trackingID: Int32, x: Int32, y: Int32)], currentSlot: Int, time: Double
    ) -> [RawContactChange] {
        var changes: [RawContactChange] = []
        for index in slots.indices {
            if let key = slots[index].key { changes.append(.lifted(key: key, time: time)) }
            slots[index] = Slot()
        }
        touching = false
        touchChanged = false
        skipping = false
        slot = currentSlot >= 0 && currentSlot < RawContactDecoder.slotLimit ? currentSlot : nil
        for (index, s) in state.enumerated() where index < RawContactDecoder.slotLimit {
            slots[index].x = Double(s.x)
            slots[index].y = Double(s.y)
            slots[index].trackingID = s.trackingID < 0 ? -1 : s.trackingID
            if s.trackingID >= 0 {
                slots[index].key = nextKey
                slots[index].landedID = s.trackingID
                changes.append(.landed(key: nextKey, x: Double(s.x), y: Double(s.y), time: time))
                nextKey += 1
            }
        }
        if !multitouch, let first = state.first, first.trackingID >= 0 { touching = true }
        return changes
    }

    mutating func update(_ change: (inout Slot) -> Void) {
        guard let slot else { return }
        change(&slots[slot])
        slots[slot].dirty = true
    }

    mutating func commit(time: Double) -> [RawContactChange] {
        var changes: [RawContactChange] = []
        if !multitouch {
            // Single touch: one contact, down while BTN_TOUCH is held.
            defer {
                slots[0].dirty = false
                touchChanged = false
            }
            if touchChanged && touching && slots[0].key == nil {
                slots[0].key = nextKey
                nextKey += 1
                return [.landed(key: slots[0].key!, x: slots[0].x, y: slots[0].y, time: time)]
            }
            guard let key = slots[0].key else { return [] }
            if touchChanged && !touching {
                slots[0].key = nil
                return [.lifted(key: key, time: time)]
            }
            if slots[0].dirty { changes.append(.moved(key: key, x: slots[0].x, y: slots[0].y, time: time)) }
            return changes
        }
        for index in slots.indices where slots[index].dirty {
            slots[index].dirty = false
            let wantsDown = slots[index].trackingID >= 0
            if let key = slots[index].key, !wantsDown || slots[index].trackingID != slots[index].landedID {
                // A lift, or a new tracking id in the same slot: the old contact ended.
                changes.append(.lifted(key: key, time: time))
                slots[index].key = nil
            }
            if wantsDown && slots[index].key == nil {
                slots[index].key = nextKey
                slots[index].landedID = slots[index].trackingID
                changes.append(.landed(key: nextKey, x: slots[index].x, y: slots[index].y, time: time))
                nextKey += 1
            } else if let key = slots[index].key {
                changes.append(.moved(key: key, x: slots[index].x, y: slots[index].y, time: time))
            }
        }
        return changes
    }
}
