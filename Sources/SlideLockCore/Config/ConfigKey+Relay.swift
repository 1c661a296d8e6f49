// The door relay's keys (`relay.*`, RelaySettings): its line, level and pulse, and a buzzer.

extension ConfigKey {
    static let relayKeys: [ConfigKey] = [
        gpioLine("relay", "line", \.relay.line, example: "gpiochip0:17"),
        .choice("relay", "active", \.relay.active),
        // The old settings file's range: a millisecond to a minute.
        .number("relay", "pulse", \.relay.pulse, .seconds(0.001...60)),
        gpioLine("relay", "buzzer", \.relay.buzzer, example: "gpiochip0:27"),
        .choice("relay", "buzzer_active", \.relay.buzzerActive),
    ]

    /// A `CHIP:LINE` key (or empty), checked for its shape here; the chip and line are
    /// looked for when the line is requested.
    static func gpioLine(
        _ section: String, _ name: String, _ field: WritableKeyPath<Settings, String> & Sendable, example: String
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "CHIP:LINE (chip path, name or label) or empty",
            apply: { (settings, text) throws(ConfigValueError) in
                let value = try ConfigValue.text(text)
                guard value.isEmpty || ButtonSettings.parse(value) != nil else {
                    throw ConfigValueError(message: "bad value \"\(value)\" (expected CHIP:LINE, e.g. \(example))")
                }
                settings[keyPath: field] = value
            },
            format: { $0[keyPath: field] })
    }
}
