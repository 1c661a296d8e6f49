// The keys of the text above the track: the message line and the clock (all in [display]).

extension ConfigKey {
    static let screenTextKeys: [ConfigKey] = [
        message,
        .bool("display", "clock", \.display.text.clock),
        clockFormat("clock_format", \.display.text.clockFormat, mayBeEmpty: false),
        clockFormat("date_format", \.display.text.dateFormat, mayBeEmpty: true),
    ]

    /// One line of text; no control characters (a newline would not be one line).
    static let message = ConfigKey(
        section: "display", name: "message", accepts: "text (one line, empty for none)",
        apply: { (settings, text) throws(ConfigValueError) in
            let value = try ConfigValue.text(text)
            if let problem = ScreenTextSettings.messageProblem(value) { throw ConfigValueError(message: problem) }
            settings.display.text.message = value
        },
        format: { $0.display.text.message })

    /// A strftime format that changes at most once a minute (`ClockFormat.check`).
    static func clockFormat(
        _ name: String, _ field: WritableKeyPath<Settings, String> & Sendable, mayBeEmpty: Bool
    ) -> ConfigKey {
        ConfigKey(
            section: "display", name: name,
            accepts: "strftime format, no seconds" + (mayBeEmpty ? " (empty: none)" : ""),
            apply: { (settings, text) throws(ConfigValueError) in
                let value = try ConfigValue.text(text)
                if value.isEmpty && mayBeEmpty {
                    settings[keyPath: field] = value
                    return
                }
                if let problem = ClockFormat.problem(value) { throw ConfigValueError(message: problem) }
                settings[keyPath: field] = value
            },
            format: { $0[keyPath: field] })
    }
}

extension ScreenTextSettings {
    /// A message is one line on a panel: a few hundred bytes is already more than fits.
    public static let maximumMessageBytes = 512

    /// Why `text` cannot be the message line, or nil when it can: the one rule for
    /// `display.message` and `slidelock ctl message`. Control characters (C0, DEL, C1 with
    /// NEL) and the line and paragraph separators would not leave it one line.
    public static func messageProblem(_ text: String) -> String? {
        if text.utf8.count > maximumMessageBytes {
            return "longer than \(maximumMessageBytes) bytes of UTF-8 (an emoji takes 4; one line above the track)"
        }
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        if text.unicodeScalars.contains(where: { breaking.contains($0.properties.generalCategory) }) {
            return "contains a control character or line separator (one line, no tabs or newlines)"
        }
        return nil
    }
}
