/// One key of a configuration file that is not the lock's own (the MQTT bridge's
/// `mqtt.conf`): its owner keeps the table, this module keeps the dialect, so both files
/// read alike and their errors name file, line and key alike.
public struct ConfigTableKey<Target>: Sendable {
    public typealias Apply = @Sendable (inout Target, String) throws(ConfigValueError) -> Void

    public let section: String
    public let name: String
    public let apply: Apply

    /// `section.name`, set by `apply` from the value as written (trimmed and unquoted).
    public init(section: String, name: String, apply: @escaping Apply) {
        self.section = section
        self.name = name
        self.apply = apply
    }

    public var path: String { section + "." + name }
}

/// Reads one file of the INI dialect (`ConfigParser`) against a table of `ConfigTableKey`s.
public enum ConfigTable {
    /// `start` with every assignment of `source` applied in order (the last one of a key
    /// wins, as in the lock's files), and the line each key was last set on, by
    /// `section.key`, for checks that span keys. Throws every error found, bounded as the
    /// lock's are (`ConfigLoader.bounded`).
    public static func load<Target>(
        _ source: ConfigSource, keys: [ConfigTableKey<Target>], into start: Target
    ) throws(ConfigErrors) -> (value: Target, lines: [String: Int]) {
        var sections: [String] = []
        for key in keys where !sections.contains(key.section) { sections.append(key.section) }
        var value = start
        var lines: [String: Int] = [:]
        var errors: [ConfigError] = []
        for item in ConfigParser.parse(source, sections: sections) {
            switch item {
            case .failure(let error):
                errors.append(error)
            case .success(let assignment):
                guard let key = keys.first(where: { $0.section == assignment.section && $0.name == assignment.key })
                else {
                    var message = "unknown key \"\(assignment.key)\" in [\(assignment.section)]"
                    let here = keys.filter { $0.section == assignment.section }.map(\.name)
                    if errors.count < ConfigLoader.shownErrors,
                        let near = ConfigKey.closest(assignment.key, among: here)
                    {
                        message += " (did you mean \(near)?)"
                    }
                    errors.append(ConfigError(file: assignment.file, line: assignment.line, message: message))
                    continue
                }
                do {
                    try key.apply(&value, assignment.value)
                    lines[key.path] = assignment.line
                } catch {
                    var message = error.message
                    if ConfigParser.looksLikeInlineComment(assignment.value) {
                        message += " (comments go on their own line)"
                    }
                    errors.append(
                        ConfigError(file: assignment.file, line: assignment.line, key: key.path, message: message))
                }
            }
        }
        guard errors.isEmpty else { throw ConfigErrors(ConfigLoader.bounded(errors)) }
        return (value, lines)
    }
}
