/// One configuration text and the name errors should cite (a path, usually).
public struct ConfigSource: Equatable, Sendable {
    public var name: String
    public var text: String

    /// A source called `name` (used in error messages) holding `text`.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// One `key = value` as written, with where it was written.
struct ConfigAssignment: Equatable, Sendable {
    var file: String
    /// nil for command-line values.
    var line: Int?
    var section: String
    var key: String
    /// Trimmed and unquoted.
    var value: String

    var path: String { section + "." + key }
}

/// The INI dialect: `[section]` headers, `key = value` lines, full-line `#` / `;`
/// comments, blank lines. There are no inline comments because colours start with `#`
/// and labels may contain `;`: a value that is refused and looks as if it carried one
/// says so (`looksLikeInlineComment`). A value in double quotes keeps its surrounding spaces.
enum ConfigParser {
    /// Every line of `source` in order: an assignment or the error found on it. Sections
    /// not in `sections` are reported once, at their header, and their lines skipped.
    static func parse(_ source: ConfigSource, sections: [String]) -> [Result<ConfigAssignment, ConfigError>] {
        enum Current {
            case none
            case known(String)
            case skipped
        }
        var current = Current.none
        var items: [Result<ConfigAssignment, ConfigError>] = []
        var text = Substring(source.text)
        if text.first == "\u{FEFF}" { text = text.dropFirst() } // editors on other systems add a BOM
        // isNewline also splits "\r\n" (one Character), so CRLF files number lines right.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in lines.enumerated() {
            let line = trimmed(raw)
            func error(_ key: String?, _ message: String) {
                items.append(.failure(ConfigError(file: source.name, line: index + 1, key: key, message: message)))
            }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count >= 2 else {
                    error(nil, "expected \"[section]\"")
                    current = .skipped // its keys would otherwise land in the previous section
                    continue
                }
                let name = trimmed(line.dropFirst().dropLast())
                if sections.contains(name) {
                    current = .known(name)
                } else {
                    error(nil, unknownSection(name, sections: sections))
                    current = .skipped
                }
                continue
            }
            guard let (key, rawValue) = split(line) else {
                error(nil, "expected \"key = value\"")
                continue
            }
            switch current {
            case .skipped:
                continue
            case .none:
                error(nil, "key \"\(key)\" outside any [section]")
            case .known(let section):
                switch unquote(rawValue) {
                case .success(let value):
                    items.append(
                        .success(
                            ConfigAssignment(
                                file: source.name, line: index + 1, section: section,
                                key: key, value: value)))
                case .failure(let failure):
                    error(section + "." + key, failure.message)
                }
            }
        }
        return items
    }

    /// A `--set section.key=value` flag, as an assignment named `--set`.
    static func parseOverride(_ text: String) -> Result<ConfigAssignment, ConfigError> {
        let file = "--set"
        let bad = ConfigError(file: file, line: nil, message: "expected \"section.key=value\", got \"\(text)\"")
        guard let (path, rawValue) = split(trimmed(Substring(text))),
            let dot = path.firstIndex(of: ".")
        else { return .failure(bad) }
        let section = trimmed(path[..<dot])
        let key = trimmed(path[path.index(after: dot)...])
        guard !section.isEmpty, !key.isEmpty else { return .failure(bad) }
        switch unquote(rawValue) {
        case .success(let value):
            return .success(ConfigAssignment(file: file, line: nil, section: section, key: key, value: value))
        case .failure(let failure):
            return .failure(ConfigError(file: file, line: nil, key: path, message: failure.message))
        }
    }

    /// The message for a section not in `sections`, listing the valid ones.
    static func unknownSection(_ name: String, sections: [String]) -> String {
        "unknown section [\(name)] (expected \(ConfigValue.alternatives(sections.map { "[\($0)]" })))"
    }

    /// `key = value` split at the first `=`, both sides trimmed; nil without `=` or key.
    static func split(_ line: String) -> (key: String, value: String)? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let key = trimmed(line[..<equals])
        guard !key.isEmpty else { return nil }
        return (key, trimmed(line[line.index(after: equals)...]))
    }

    /// Strips one pair of outer double quotes. Nothing inside is special, so any text that
    /// starts with a quote can still be written by quoting it once more.
    static func unquote(_ value: String) -> Result<String, ConfigValueError> {
        guard value.hasPrefix("\"") else { return .success(value) }
        guard value.count >= 2, value.hasSuffix("\"") else {
            return .failure(ConfigValueError(message: "unterminated quote in \(value)"))
        }
        return .success(String(value.dropFirst().dropLast()))
    }

    /// A `#` or `;` after whitespace, as in `30  # seconds`: most likely a comment written
    /// after a value, which this dialect reads as part of the value.
    static func looksLikeInlineComment(_ value: String) -> Bool {
        var afterSpace = false
        for c in value.unicodeScalars {
            if afterSpace, c == "#" || c == ";" { return true }
            afterSpace = c.properties.isWhitespace
        }
        return false
    }

    /// `text` without leading and trailing whitespace.
    static func trimmed(_ text: Substring) -> String {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[start...end])
    }
}
