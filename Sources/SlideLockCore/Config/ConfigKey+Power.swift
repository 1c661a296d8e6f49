// The panel-power keys: idle dim and blank, backlight and brightness (all in [display]).

extension ConfigKey {
    static let powerKeys: [ConfigKey] = [
        // A day at most: past that a typo (seconds taken for minutes) is likelier than intent.
        .number("display", "dim_after", \.display.power.dimAfter, .closed(0...86400)),
        .number("display", "dim_level", \.display.power.dimLevel, .closed(0...1)),
        .number("display", "blank_after", \.display.power.blankAfter, .closed(0...86400)),
        backlight,
        .number("display", "brightness", \.display.power.brightness, .closed(0...1)),
    ]

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
