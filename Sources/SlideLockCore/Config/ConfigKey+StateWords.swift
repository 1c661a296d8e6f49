// The words the track shows in each state, whether the label fades, and how the text and
// the track are grouped.

extension ConfigKey {
    static let stateWordKeys: [ConfigKey] = [
        .bool("theme", "label_fade", \.theme.labelFades),
        words("text_pressed", \.theme.words.pressed),
        words("text_busy", \.theme.words.busy),
        words("text_unlocked", \.theme.words.unlocked),
        words("text_failed", \.theme.words.failed),
        words("text_lockdown", \.theme.words.lockdown),
        words("text_out_of_service", \.theme.words.outOfService),
        words("text_held_open", \.theme.words.heldOpen),
        words("text_tampered", \.theme.words.tampered),
    ]

    /// One line of any script; empty for none.
    static func words(_ name: String, _ field: WritableKeyPath<Settings, String> & Sendable) -> ConfigKey {
        ConfigKey(
            section: "theme", name: name, accepts: "text (one line, empty for none)",
            apply: { (settings, text) throws(ConfigValueError) in
                let value = try ConfigValue.text(text)
                if let problem = StateWords.problem(value) { throw ConfigValueError(message: problem) }
                settings[keyPath: field] = value
            },
            format: { $0[keyPath: field] })
    }

    static let groupKey = ConfigKey.choice("layout", "group", \.layout.group)
}
