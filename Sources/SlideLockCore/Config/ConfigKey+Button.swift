// The request-to-exit button's keys (`input.button*`, ButtonSettings) and the feedback hook.

extension ConfigKey {
    static let buttonKeys: [ConfigKey] = [
        button,
        .choice("input", "button_active", \.input.button.active),
        // The kernel keeps the period in microseconds (u32); past half a second a press feels lost.
        .number("input", "button_debounce", \.input.button.debounce, .seconds(0...0.5)),
        .choice("input", "button_bias", \.input.button.bias),
    ]

    /// `CHIP:LINE` or empty; checked for its shape here, for the chip and line at start.
    static let button = gpioLine("input", "button", \.input.button.line)

    /// A GPIO line, `CHIP:LINE`, or empty for none: the shape checked here, the chip and
    /// line when the lock (or `check-config`) opens it.
    static func gpioLine(
        _ section: String, _ name: String, _ field: WritableKeyPath<Settings, String> & Sendable
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "CHIP:LINE (chip path or label) or empty",
            apply: { (settings, text) throws(ConfigValueError) in
                let value = try ConfigValue.text(text)
                guard value.isEmpty || ButtonSettings.parse(value) != nil else {
                    throw ConfigValueError(
                        message:
                            "bad value \"\(value)\" (expected CHIP:LINE, e.g. /dev/gpiochip0:17 or pinctrl-bcm2711:17)"
                    )
                }
                settings[keyPath: field] = value
            },
            format: { $0[keyPath: field] })
    }

    static let feedbackKeys: [ConfigKey] = [
        .text("action", "feedback_hook", \.action.feedbackHook)
    ]
}
