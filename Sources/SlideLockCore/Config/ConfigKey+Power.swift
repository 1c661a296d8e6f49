// The panel-power keys: idle dim and blank, backlight and brightness (all in [display]).

extension ConfigKey {
    static let powerKeys: [ConfigKey] = [
        // A day at most: past that a typo (seconds taken for minutes) is likelier than intent.
        // At least `PanelPowerSettings.shortestIdle` (or 0, off): a panel that dims again
        // before a person can land a finger after the wake touch can never be opened.
        idleDelay("dim_after", \.display.power.dimAfter),
        .number("display", "dim_level", \.display.power.dimLevel, .closed(0...1)),
        idleDelay("blank_after", \.display.power.blankAfter),
        backlight,
        .number("display", "brightness", \.display.power.brightness, .closed(0...1)),
    ]

    /// Seconds without a touch before the panel dims or blanks: 0 (never) or
    /// `PanelPowerSettings.shortestIdle`...86400.
    static func idleDelay(_ name: String, _ field: WritableKeyPath<Settings, Double> & Sendable) -> ConfigKey {
        let shortest = ConfigValue.format(PanelPowerSettings.shortestIdle)
        return ConfigKey(
            section: "display", name: name, accepts: "0 (off) or number \(shortest)...86400",
            apply: { (settings, text) throws(ConfigValueError) in
                let value = try ConfigValue.number(text, in: .closed(0...86400))
                guard value == 0 || value >= PanelPowerSettings.shortestIdle else {
                    throw ConfigValueError(message: "\(text) is too short (0 for never, or at least \(shortest) s)")
                }
                settings[keyPath: field] = value
            },
            format: { ConfigValue.format($0[keyPath: field]) })
    }

    /// `auto`, `none`, or a device name in /sys/class/backlight (no path: the name is
    /// joined to the sysfs directory, so `..` and slashes are refused).
    static let backlight = ConfigKey(
        section: "display", name: "backlight", accepts: "auto|none|device name",
        apply: { (settings, text) throws(ConfigValueError) in
            switch text {
            case "auto": settings.display.power.backlight = .auto
            case "none": settings.display.power.backlight = .none
            default:
                guard !text.isEmpty, !text.contains("/"), text != ".", text != ".." else {
                    throw ConfigValueError(
                        message:
                            "bad backlight \"\(text)\" (expected auto, none or a device name in /sys/class/backlight)")
                }
                settings.display.power.backlight = .named(text)
            }
        },
        format: { $0.display.power.backlight.text })
}
