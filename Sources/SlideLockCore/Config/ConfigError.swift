/// One problem in the configuration, located as precisely as we know it:
/// `file:line: section.key: message` (parts we do not know are left out).
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source name: a path, `--set` or `--theme`.
    public var file: String
    /// 1-based line in `file`; nil for command-line values and whole-file problems.
    public var line: Int?
    /// `section.key` when the problem is with one value.
    public var key: String?
    public var message: String
    // An unreadable file has no location inside it; its message already names the file.
    var showsLocation = true

    /// An error at `file:line`, about `key` when given.
    public init(file: String, line: Int?, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// A file that could not be read, e.g. `cannot read x.conf: Permission denied`.
    public static func unreadable(file: String, reason: String) -> ConfigError {
        var error = ConfigError(file: file, line: nil, message: "cannot read \(file): \(reason)")
        error.showsLocation = false
        return error
    }

    /// The line `check-config` and the executable print.
    public var description: String {
        var text = ""
        if showsLocation {
            text = file
            if let line { text += ":\(line)" }
            text += ": "
        }
        if let key { text += key + ": " }
        return text + message
    }
}

/// Every problem found in one load, in source order; thrown so that a person can fix
/// them all in one go instead of one per run.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]

    /// Wraps the collected errors.
    public init(_ errors: [ConfigError]) { self.errors = errors }

    /// One error per line.
    public var description: String {
        var text = ""
        for (index, error) in errors.enumerated() {
            if index > 0 { text += "\n" }
            text += error.description
        }
        return text
    }
}
