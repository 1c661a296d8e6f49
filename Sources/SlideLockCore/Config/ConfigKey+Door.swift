// The door's contact and the tamper input (`door.*`, `tamper.*`; DoorSettings,
// TamperSettings), in the button's style.

extension ConfigKey {
    static let doorKeys: [ConfigKey] = [
        gpioLine("door", "contact", \.door.contact),
        .choice("door", "contact_active", \.door.contactActive),
        .choice("door", "contact_bias", \.door.contactBias),
        // Reed switches settle in milliseconds; past half a second a door's movement is late.
        .number("door", "contact_debounce", \.door.contactDebounce, .seconds(0...0.5)),
        // A strike holds for seconds, a visitor takes a few more; past ten minutes the
        // opening has nothing to do with the unlock.
        .number("door", "open_window", \.door.openWindow, .seconds(1...600)),
        // Door stations alarm after 10 to 120 s; an hour is the most that still means one.
        .number("door", "held_open_after", \.door.heldOpenAfter, .seconds(0...3600)),
        .bool("door", "forced_alarm", \.door.forcedAlarm),
    ]

    static let tamperKeys: [ConfigKey] = [
        gpioLine("tamper", "input", \.tamper.input),
        .choice("tamper", "input_active", \.tamper.inputActive),
        .choice("tamper", "input_bias", \.tamper.inputBias),
        .number("tamper", "input_debounce", \.tamper.inputDebounce, .seconds(0...0.5)),
        .bool("tamper", "lockdown", \.tamper.lockdown),
    ]
}
