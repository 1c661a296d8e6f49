/// Builds `Settings` from layered config texts and command-line overrides, and writes
/// `Settings` back out as a config file. Pure: the caller reads the files.
public enum ConfigLoader {
    /// Every `section.key`, in the order `render` writes them (for --help and docs).
    public static var keys: [String] { ConfigKey.all.map(\.path) }

    /// Layers `sources` (e.g. the system file, conf.d files in name order, then --config),
    /// then `--theme` (as if `--set theme.name=…` came first), then each `--set
    /// section.key=value` in `overrides`. `theme.name` is resolved first (the last valid one
    /// wins), and every other assignment is applied in order over that base theme.
    /// Throws every error found, not just the first.
    public static func load(
        sources: [ConfigSource], overrides: [String] = [],
        theme: String? = nil
    ) throws(ConfigErrors) -> Settings {
        try loadAdvised(sources: sources, overrides: overrides, theme: theme).settings
    }

    /// `load`, with the values the lock runs with but `check-config` refuses: each is
    /// replaced by what the lock uses, and said as an advisory (`ConfigLoader+Advisories`).
    public static func loadAdvised(
        sources: [ConfigSource], overrides: [String] = [],
        theme: String? = nil
    ) throws(ConfigErrors) -> (settings: Settings, advisories: [ConfigError]) {
        var items: [Result<ConfigAssignment, ConfigError>] = []
        for source in sources {
            items += ConfigParser.parse(source, sections: ConfigKey.sections)
        }
        if let theme {
            items.append(
                .success(
                    ConfigAssignment(
                        file: "--theme", line: nil, section: "theme",
                        key: "name", value: theme)))
        }
        items += overrides.map(ConfigParser.parseOverride)

        var settings = Settings()
        settings.theme = baseTheme(items)
        var errors: [ConfigError] = []
        var lastSet: [String: ConfigAssignment] = [:]
        for item in items {
            switch item {
            case .failure(let error):
                errors.append(error)
            case .success(let assignment):
                if let error = apply(assignment, to: &settings, suggesting: errors.count < shownErrors) {
                    errors.append(error)
                } else {
                    lastSet[assignment.path] = assignment
                }
            }
        }
        // Checked once everything is applied: the hook may be set after on_unlock, or in
        // another file.
        if settings.action.mode == .hook, ConfigParser.trimmed(Substring(settings.action.hook)).isEmpty,
            let location = lastSet["action.on_unlock"]
        {
            errors.append(
                ConfigError(
                    file: location.file, line: location.line, key: location.path,
                    message: "on_unlock = hook needs action.hook (a command line)"))
        }
        guard errors.isEmpty else { throw ConfigErrors(bounded(errors)) }
        let advisories = advise(&settings, lastSet: lastSet)
        // A hook opens a door: unless told otherwise, the track says so.
        if settings.action.mode == .hook && lastSet["theme.text_unlocked"] == nil {
            settings.theme.words.unlocked = StateWords.hookUnlocked
        }
        return (settings, advisories)
    }

    /// Errors shown at most: a 1 MiB file of bad lines would otherwise print half a million.
    public static let shownErrors = 20

    /// The first `shownErrors` of `errors`, then one line saying how many more there are.
    public static func bounded(_ errors: [ConfigError]) -> [ConfigError] {
        guard errors.count > shownErrors else { return errors }
        var more = ConfigError(
            file: "", line: nil, message: "\(errors.count - shownErrors) more errors not shown (fix these first)")
        more.showsLocation = false
        return Array(errors.prefix(shownErrors)) + [more]
    }

    /// `settings` as a config file: every key in table order under its section header.
    /// Loading the result gives back the same `Settings`.
    public static func render(_ settings: Settings) -> String {
        var text = "# slidelock: effective configuration\n"
        var section = ""
        for key in ConfigKey.all {
            if key.section != section {
                text += "\n[\(key.section)]\n"
                section = key.section
            }
            text += key.name + " = " + ConfigValue.quoted(key.format(settings)) + "\n"
        }
        return text
    }

    /// The built-in theme named by the last valid `theme.name`, else the default one.
    /// Invalid names are reported when the assignments are applied.
    static func baseTheme(_ items: [Result<ConfigAssignment, ConfigError>]) -> Theme {
        for case .success(let assignment) in items.reversed() where assignment.path == "theme.name" {
            if let theme = Theme.named(assignment.value) { return theme }
        }
        return .default
    }

    /// Applies one assignment; the error, located, when the key or value is bad. An unknown
    /// key gets a "did you mean" only while `suggesting` (the errors that will be shown: a
    /// file of a hundred thousand bad keys is not compared with every key).
    static func apply(_ assignment: ConfigAssignment, to settings: inout Settings, suggesting: Bool = true)
        -> ConfigError?
    {
        guard let key = ConfigKey.named(section: assignment.section, assignment.key) else {
            guard ConfigKey.sections.contains(assignment.section) else {
                let message = ConfigParser.unknownSection(assignment.section, sections: ConfigKey.sections)
                return ConfigError(file: assignment.file, line: assignment.line, message: message)
            }
            var message = "unknown key \"\(assignment.key)\" in [\(assignment.section)]"
            if suggesting, let hint = ConfigKey.suggestion(for: assignment.key, in: assignment.section) {
                message += " " + hint
            }
            return ConfigError(file: assignment.file, line: assignment.line, message: message)
        }
        do {
            try key.apply(&settings, assignment.value)
            return nil
        } catch {
            var message = error.message
            if assignment.line != nil, ConfigParser.looksLikeInlineComment(assignment.value) {
                message += " (comments go on their own line)"
            }
            return ConfigError(file: assignment.file, line: assignment.line, key: key.path, message: message)
        }
    }
}
