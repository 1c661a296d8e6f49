/// One evdev event as the kernel delivers it (`struct input_event`), with its timestamp
/// in seconds. The core cannot import `<linux/input.h>`, so the codes it needs are
/// spelled out in `Evdev`.
public struct RawInputEvent: Equatable, Sendable, CustomStringConvertible {
    /// Seconds; any origin (kernel monotonic clock, or relative to a recording's start).
    public var time: Double
    /// `EV_*`.
    public var type: UInt16
    /// `SYN_*`, `BTN_*`, `ABS_*`, `REL_*` depending on `type`.
    public var code: UInt16
    /// Axis position, button state (1 down, 0 up), relative motion or tracking id.
    public var value: Int32

    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// `0.054383 EV_ABS ABS_MT_POSITION_X 311` (names where `Evdev` knows them).
    public var description: String {
        let typeName = Evdev.typeName(type) ?? "type \(type)"
        let codeName = Evdev.codeName(type: type, code: code) ?? "code \(code)"
        return "\(time) \(typeName) \(codeName) \(value)"
    }
}

/// The evdev constants slidelock uses, with the kernel's names and values
/// (`include/uapi/linux/input-event-codes.h`, `input.h`). Kernel spelling on purpose: it
/// is what evemu files, `evtest` and the kernel docs show, so it greps.
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum Evdev {
    // Event types.
    /// Synchronisation events.
    public static let EV_SYN: UInt16 = 0x00
    /// Keys and buttons.
    public static let EV_KEY: UInt16 = 0x01
    /// Relative axes (mice).
    public static let EV_REL: UInt16 = 0x02
    /// Absolute axes (touch panels, tablets).
    public static let EV_ABS: UInt16 = 0x03

    // EV_SYN codes.
    /// End of one atomic frame of device state.
    public static let SYN_REPORT: UInt16 = 0
    /// Protocol A contact separator (not supported: protocol B only).
    public static let SYN_MT_REPORT: UInt16 = 2
    /// The kernel's buffer overflowed: events were lost.
    public static let SYN_DROPPED: UInt16 = 3

    // EV_KEY codes.
    /// Left mouse button; tablets use it as the contact.
    public static let BTN_LEFT: UInt16 = 0x110
    /// Something touches the surface.
    public static let BTN_TOUCH: UInt16 = 0x14a

    // EV_REL codes.
    /// Horizontal mouse motion, counts.
    public static let REL_X: UInt16 = 0x00
    /// Vertical mouse motion, counts (down is positive).
    public static let REL_Y: UInt16 = 0x01

    // EV_ABS codes.
    /// Single-touch (or MT emulation) X.
    public static let ABS_X: UInt16 = 0x00
    /// Single-touch (or MT emulation) Y.
    public static let ABS_Y: UInt16 = 0x01
    /// Selects the slot the following MT events describe.
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    /// Contact X in the current slot.
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    /// Contact Y in the current slot.
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    /// Contact id in the current slot; -1 = lifted.
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39

    // Input properties.
    /// The device is a touchscreen (coordinates are on the display), not a touchpad.
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01

    /// The kernel name of an event type this enum knows, else nil.
    public static func typeName(_ type: UInt16) -> String? {
        switch type {
        case EV_SYN: "EV_SYN"
        case EV_KEY: "EV_KEY"
        case EV_REL: "EV_REL"
        case EV_ABS: "EV_ABS"
        default: nil
        }
    }

    /// The kernel name of a code this enum knows, else nil.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        switch (type, code) {
        case (EV_SYN, SYN_REPORT): "SYN_REPORT"
        case (EV_SYN, SYN_MT_REPORT): "SYN_MT_REPORT"
        case (EV_SYN, SYN_DROPPED): "SYN_DROPPED"
        case (EV_KEY, BTN_LEFT): "BTN_LEFT"
        case (EV_KEY, BTN_TOUCH): "BTN_TOUCH"
        case (EV_REL, REL_X): "REL_X"
        case (EV_REL, REL_Y): "REL_Y"
        case (EV_ABS, ABS_X): "ABS_X"
        case (EV_ABS, ABS_Y): "ABS_Y"
        case (EV_ABS, ABS_MT_SLOT): "ABS_MT_SLOT"
        case (EV_ABS, ABS_MT_POSITION_X): "ABS_MT_POSITION_X"
        case (EV_ABS, ABS_MT_POSITION_Y): "ABS_MT_POSITION_Y"
        case (EV_ABS, ABS_MT_TRACKING_ID): "ABS_MT_TRACKING_ID"
        default: nil
        }
    }
}
