/// The door's contact (`door.*`): a switch on a GPIO line telling whether the door is open,
/// and how the lock judges its openings. Read through the kernel's character device as the
/// button is; slidelock only watches it, and it never unlocks anything.
public struct DoorSettings: Equatable, Sendable {
    /// `CHIP:LINE` as for `input.button`. Empty: no contact (the default).
    public var contact = ""
    /// The level the line reads while the door is open: `high` for a reed switch to ground
    /// with a pull-up, closed while the magnet on the door is near. A cut wire then reads
    /// open, which alarms instead of hiding.
    public var contactActive: ButtonLevel = .high
    public var contactBias: ButtonBias = .asIs
    /// Seconds a level must hold before it counts (reed switches bounce).
    public var contactDebounce = 0.05
    /// Seconds after a granted unlock in which the door is expected to open.
    public var openWindow = 10.0
    /// Seconds open before the door counts as held open; 0: never.
    public var heldOpenAfter = 30.0
    /// An opening outside every unlock's window is `forced`; off: it is only `open`.
    public var forcedAlarm = true

    public init() {}

    /// The contact's line as the GPIO code requests it: no kernel debounce, the lock
    /// debounces the levels itself (`LevelDebouncer`).
    public var contactLine: ButtonSettings {
        var line = ButtonSettings()
        line.line = contact
        line.active = contactActive
        line.bias = contactBias
        line.debounce = 0
        return line
    }
}

/// The tamper input (`tamper.*`): a switch that trips when the panel's case is opened or
/// taken off the wall. Tampered holds until `ctl tamper-reset`.
public struct TamperSettings: Equatable, Sendable {
    /// `CHIP:LINE` as for `input.button`. Empty: none (the default).
    public var input = ""
    /// The level while tampered: `high` for a switch to ground with a pull-up that the
    /// closed case holds shut. A cut wire then reads tampered.
    public var inputActive: ButtonLevel = .high
    public var inputBias: ButtonBias = .asIs
    /// Seconds a level must hold before it counts.
    public var inputDebounce = 0.05
    /// Lockdown while tampered (nothing opens until `ctl tamper-reset`).
    public var lockdown = false

    public init() {}

    /// The input's line as the GPIO code requests it (debounced by the lock, as the contact).
    public var inputLine: ButtonSettings {
        var line = ButtonSettings()
        line.line = input
        line.active = inputActive
        line.bias = inputBias
        line.debounce = 0
        return line
    }
}
