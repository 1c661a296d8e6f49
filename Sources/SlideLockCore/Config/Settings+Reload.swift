// What a reload (SIGHUP, `ctl reload`) can change in a running lock, and what only a start can.

extension Settings {
    /// The keys a running lock cannot take on: the devices it opened (the display, the touch
    /// panels and keyboards, the button's, the door contact's and the tamper input's GPIO
    /// lines and the watch built on them, the control socket), the touch pipeline
    /// built around them, and the flight recorder. A reload that changes one is refused as a
    /// whole, so what runs is always what the lock says it runs.
    static let startOnlyKeys: [String] = [
        "display.rotate", "display.device", "display.connector", "display.mode", "display.fbdev",
        "display.touch_output", "display.format", "display.master_wait", "display.on_exit",
        "input.device", "input.grab", "input.keyboard_lockout", "input.mouse", "input.tablet",
        "input.ghost_filter", "input.min_contact_seconds", "input.min_contact_samples", "input.max_jump",
        "input.corner_margin", "input.calibration",
        "input.button", "input.button_active", "input.button_debounce", "input.button_bias",
        "door.contact", "door.contact_active", "door.contact_bias", "door.contact_debounce", "door.open_window",
        "door.held_open_after", "door.forced_alarm", "tamper.input", "tamper.input_active", "tamper.input_bias",
        "tamper.input_debounce", "tamper.lockdown",
        "control.socket",
        "audit.recordings", "audit.keep", "audit.max_bytes", "audit.max_seconds",
    ]

    /// The start-only keys (`section.key`) whose value differs in `fresh`, in key-table order.
    public func startOnlyChanges(to fresh: Settings) -> [String] {
        ConfigKey.all.filter { Settings.startOnlyKeys.contains($0.path) && $0.format(self) != $0.format(fresh) }
            .map(\.path)
    }

    /// The line a reload refused for `keys` logs (and `ctl reload` points to).
    public static func startOnlyRefusal(_ keys: [String]) -> String {
        let verb = keys.count == 1 ? "changes" : "change"
        return "configuration not reloaded: \(keys.joined(separator: ", ")) \(verb) only at start "
            + "(restart the lock), keeping the old configuration"
    }
}
