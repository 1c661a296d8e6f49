import SlideLockCore

/// A device's capabilities, as libevdev reports them, and the pure decisions made from
/// them: its kind and whether slidelock would read it. Kept free of C so the rules are
/// unit-tested without a `/dev/input`.
public struct InputCapabilities: Equatable, Sendable {
    /// `INPUT_PROP_*` bits set (`libevdev_has_property`).
    public var properties: Set<UInt16> = []
    /// Absolute axes by `ABS_*` code (`libevdev_get_abs_info`).
    public var axes: [UInt16: AxisRange] = [:]
    /// `EV_KEY` codes supported.
    public var keys: Set<UInt16> = []
    /// `EV_REL` codes supported.
    public var relativeAxes: Set<UInt16> = []

    public init(
        properties: Set<UInt16> = [], axes: [UInt16: AxisRange] = [:], keys: Set<UInt16> = [],
        relativeAxes: Set<UInt16> = []
    ) {
        self.properties = properties
        self.axes = axes
        self.keys = keys
        self.relativeAxes = relativeAxes
    }

    /// `INPUT_PROP_POINTER` (`input-event-codes.h`): the device needs a pointer on screen,
    /// i.e. it is a touchpad, not a touchscreen. Not in the core's `Evdev`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let INPUT_PROP_POINTER: UInt16 = 0x00

    /// Protocol B multitouch: slots plus both MT position axes.
    public var isMultitouch: Bool {
        axes[Evdev.ABS_MT_SLOT] != nil && hasMultitouchPosition
    }

    private var hasMultitouchPosition: Bool {
        axes[Evdev.ABS_MT_POSITION_X] != nil && axes[Evdev.ABS_MT_POSITION_Y] != nil
    }

    /// The kind, by libinput's and LVGL's reasoning: `INPUT_PROP_DIRECT` is the kernel's
    /// own "on the display" flag but many panel drivers (and older uinput tools) omit it,
    /// so MT position axes, or `ABS_X`/`ABS_Y` with `BTN_TOUCH`, also make a touchscreen.
    /// `INPUT_PROP_POINTER` marks touchpads, which have all of that too.
    public var kind: InputDeviceKind {
        let absolute = (axes[Evdev.ABS_X] != nil && axes[Evdev.ABS_Y] != nil) || hasMultitouchPosition
        if absolute {
            if properties.contains(Evdev.INPUT_PROP_DIRECT) { return .touchscreen }
            if properties.contains(Self.INPUT_PROP_POINTER) { return .touchpad }
            if hasMultitouchPosition || keys.contains(Evdev.BTN_TOUCH) { return .touchscreen }
            if keys.contains(Evdev.BTN_LEFT) { return .tablet }
            return .other // joysticks, accelerometers: axes without a contact
        }
        if relativeAxes.contains(Evdev.REL_X) && relativeAxes.contains(Evdev.REL_Y) && keys.contains(Evdev.BTN_LEFT) {
            return .mouse
        }
        return .other
    }

    /// Whether slidelock reads this device, and if not, why (one clause for logs and
    /// `list-inputs`). `named`: the user chose it with `--input`, which accepts any kind
    /// that can produce contacts.
    public func decision(acceptMouse: Bool, acceptTablet: Bool, named: Bool = false) -> (use: Bool, why: String) {
        let kind = self.kind
        switch kind {
        case .other: return (false, "not a pointing device")
        case .touchscreen, .tablet, .touchpad:
            // Protocol A panels without single-touch axes give the decoder nothing to read.
            guard isMultitouch || (axes[Evdev.ABS_X] != nil && axes[Evdev.ABS_Y] != nil) else {
                return (false, "multitouch protocol A without ABS_X/ABS_Y: not supported")
            }
        case .mouse: break
        }
        if named { return (true, "chosen with --input") }
        switch kind {
        case .touchscreen: return (true, "touchscreen")
        case .tablet: return acceptTablet ? (true, "tablet accepted") : (false, "a tablet (accepted with --tablet)")
        case .mouse: return acceptMouse ? (true, "mouse accepted") : (false, "a mouse (accepted with --mouse)")
        case .touchpad: return (false, "a touchpad, not on the display (name it with --input to use it)")
        case .other: return (false, "not a pointing device")
        }
    }

    /// One line: `props DIRECT; abs X 0..800 Y 0..480 MT_SLOT 0..9 ...; keys BTN_TOUCH; rel -`.
    /// `codeName` names codes the core's `Evdev` does not know (libevdev in the platform).
    public func summary(codeName: (UInt16, UInt16) -> String? = Evdev.codeName(type:code:)) -> String {
        func name(_ type: UInt16, _ code: UInt16) -> String {
            codeName(type, code) ?? Evdev.codeName(type: type, code: code) ?? "0x" + String(code, radix: 16)
        }
        let propNames = [
            Self.INPUT_PROP_POINTER: "POINTER", Evdev.INPUT_PROP_DIRECT: "DIRECT", 2: "BUTTONPAD",
            3: "SEMI_MT", 6: "ACCELEROMETER",
        ]
        let props = properties.sorted().map { propNames[$0] ?? "\($0)" }
        let abs = axes.keys.sorted().map { code -> String in
            let r = axes[code]!
            return "\(name(Evdev.EV_ABS, code)) \(r.minimum)..\(r.maximum)"
        }
        let interesting = keys.filter { $0 == Evdev.BTN_TOUCH || $0 == Evdev.BTN_LEFT }.sorted()
        var keyText = interesting.map { name(Evdev.EV_KEY, $0) }
        if keys.count > interesting.count { keyText.append("+\(keys.count - interesting.count) more") }
        let rel = relativeAxes.sorted().map { name(Evdev.EV_REL, $0) }
        func list(_ items: [String]) -> String { items.isEmpty ? "-" : items.joined(separator: " ") }
        return "props \(list(props)); abs \(list(abs)); keys \(list(keyText)); rel \(list(rel))"
    }
}

extension InputCapabilities {
    /// Keys that act on a console: the main block from Esc to F12 (`KEY_ESC` 1 ...
    /// `KEY_F12` 88: letters, Ctrl, Alt, F-keys) and 96 ... 111 (keypad Enter, right Ctrl,
    /// SysRq, right Alt, arrows, Delete).
    static let consoleKeys: [ClosedRange<UInt16>] = [1...88, 96...111]

    /// Has a key that acts on a console: a keyboard for `KeyboardLockout` (which leaves the
    /// pointing devices `TouchInput` uses alone). A lone power button (`KEY_POWER`) is not
    /// one: it stays with logind.
    public var isKeyboard: Bool {
        keys.contains { key in Self.consoleKeys.contains { $0.contains(key) } }
    }
}
