/// The old `/etc/default/slidelock-relay` (KEY=value lines), read while `[relay]` has no
/// line (`RelaySettings(legacy:)`), and by `slidelock check-config --relay-defaults FILE`,
/// which prints it as four `KEY=VALUE` lines (three more with a buzzer), values from a closed
/// alphabet.
public struct RelayDefaults: Equatable, Sendable {
    public var chip = "gpiochip0"
    public var line: Int?
    public var activeLow = false
    public var pulseMilliseconds = 500
    /// The buzzer for `slidelock relay beep` (the feedback hook): its chip (nil: the
    /// relay's), line (nil: none) and active level.
    public var buzzerChip: String?
    public var buzzerLine: Int?
    public var buzzerActiveLow = false

    public init() {}

    public static let keys = [
        "RELAY_CHIP", "RELAY_LINE", "RELAY_ACTIVE", "RELAY_PULSE_MS", "BUZZER_CHIP", "BUZZER_LINE", "BUZZER_ACTIVE",
    ]

    /// Parses `text` (KEY=value lines, `#` comments, values optionally in matching quotes):
    /// every problem, each one line naming `file`, the line and the key.
    public static func parse(_ text: String, file: String) -> Result<RelayDefaults, ConfigErrors> {
        var settings = RelayDefaults()
        var errors: [ConfigError] = []
        var lineText = ""
        var number = 0
        func error(_ key: String?, _ message: String) {
            errors.append(ConfigError(file: file, line: number, key: key, message: message))
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.unicodeScalars.contains("\u{0}") {
                error(nil, "contains a NUL character")
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                error(nil, "expected KEY=value, found: \(line.prefix(80))")
                continue
            }
            let key = String(line[..<equals])
            var value = line[line.index(after: equals)...]
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = value.dropFirst().dropLast()
            }
            switch key {
            case "RELAY_CHIP", "BUZZER_CHIP":
                let allowed = value.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                        || "/._-".unicodeScalars.contains($0)
                }
                if value.isEmpty || value.count > 64 || !allowed {
                    error(
                        nil,
                        "\(key) must name a GPIO chip such as gpiochip0 (see gpiodetect), not '\(value.prefix(80))'"
                    )
                } else if key == "BUZZER_CHIP" {
                    settings.buzzerChip = String(value)
                } else {
                    settings.chip = String(value)
                }
            case "BUZZER_LINE":
                if value.isEmpty {
                    settings.buzzerLine = nil
                } else if let n = Int(value), value.allSatisfy(\.isASCIIDigit), n <= 65535 {
                    settings.buzzerLine = n
                } else {
                    error(
                        nil,
                        "BUZZER_LINE must be a line offset (a number such as 27 for GPIO27), not '\(value.prefix(80))'")
                }
            case "BUZZER_ACTIVE":
                switch value {
                case "high": settings.buzzerActiveLow = false
                case "low": settings.buzzerActiveLow = true
                default: error(nil, "BUZZER_ACTIVE must be high or low, not '\(value.prefix(80))'")
                }
            case "RELAY_LINE":
                lineText = String(value.prefix(80))
                if value.isEmpty {
                    settings.line = nil
                } else if let n = Int(value), value.allSatisfy(\.isASCIIDigit), n <= 65535 {
                    settings.line = n
                } else {
                    error(nil, "RELAY_LINE must be a line offset (a number such as 17 for GPIO17), not '\(lineText)'")
                    settings.line = -1
                }
            case "RELAY_ACTIVE":
                switch value {
                case "high": settings.activeLow = false
                case "low": settings.activeLow = true
                default: error(nil, "RELAY_ACTIVE must be high or low, not '\(value.prefix(80))'")
                }
            case "RELAY_PULSE_MS":
                if let n = Int(value), value.allSatisfy(\.isASCIIDigit), value.first != "0", (1...60000).contains(n) {
                    settings.pulseMilliseconds = n
                } else {
                    error(
                        nil,
                        "RELAY_PULSE_MS must be a whole number of milliseconds from 1 to 60000, not '\(value.prefix(80))'"
                    )
                }
            default:
                error(nil, "unknown setting \(key.prefix(80)) (known: \(keys.joined(separator: ", ")))")
            }
        }
        if settings.line == nil {
            errors.append(
                ConfigError(
                    file: file, line: nil,
                    message:
                        "RELAY_LINE is not set: give the line offset, e.g. RELAY_LINE=17 for GPIO17 (see gpioinfo \(settings.chip))"
                ))
        }
        guard errors.isEmpty else { return .failure(ConfigErrors(ConfigLoader.bounded(errors))) }
        return .success(settings)
    }

    /// The lines the relay script reads: the relay's four, then the buzzer's three when it has one.
    public var lines: String {
        let relay =
            "RELAY_CHIP=\(chip)\nRELAY_LINE=\(line ?? 0)\nRELAY_ACTIVE=\(activeLow ? "low" : "high")\nRELAY_PULSE_MS=\(pulseMilliseconds)\n"
        guard let buzzerLine else { return relay }
        return relay
            + "BUZZER_CHIP=\(buzzerChip ?? chip)\nBUZZER_LINE=\(buzzerLine)\nBUZZER_ACTIVE=\(buzzerActiveLow ? "low" : "high")\n"
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (and a CR from a DOS line end).
    fileprivate var trimmingSpaces: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
