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
    static let button = ConfigKey(
        section: "input", name: "button", accepts: "CHIP:LINE (chip path or label) or empty",
        apply: { (settings, text) throws(ConfigValueError) in
            let value = try ConfigValue.text(text)
            guard value.isEmpty || ButtonSettings.parse(value) != nil else {
                throw ConfigValueError(
                    message: "bad value \"\(value)\" (expected CHIP:LINE, e.g. /dev/gpiochip0:17 or pinctrl-bcm2711:17)"
                )
            }
            settings.input.button.line = value
        },
        format: { $0.input.button.line })

    static let feedbackKeys: [ConfigKey] = [
        .text("action", "feedback_hook", \.action.feedbackHook)
    ]
}
