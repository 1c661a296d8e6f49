/// The strftime formats the clock accepts: glibc's conversions, except those that show
/// seconds (the clock is redrawn once a minute, so a seconds field would stand still and
/// lie) and those that break the line. Checked when the config is read, so `WallClock`
/// only ever formats one of these.
public enum ClockFormat {
    /// Conversions whose text changes within a minute: `%S` seconds, `%T` (`%H:%M:%S`),
    /// `%r` (`%I:%M:%S %p`), `%s` (seconds since the epoch), `%c` and `%X` (the locale's
    /// date and time, with seconds in the C locale the lock runs in), `%+` (date(1)'s
    /// format on the libcs that have it).
    public static let finerThanAMinute: Set<Character> = ["S", "T", "r", "s", "c", "X", "+"]

    /// Conversions that end the line: newline and tab.
    static let lineBreaking: Set<Character> = ["n", "t"]

    /// Every other conversion glibc's strftime knows (with `%%`).
    static let known: Set<Character> = Set("aAbBCdDeFgGhHIjklmMpPRuUVwWxyYzZ%")

    /// glibc's flags between `%` and the conversion, then a field width, then `E` or `O`.
    static let flags: Set<Character> = ["_", "-", "0", "^", "#"]

    /// Longest format taken: a time and a date line, not a paragraph.
    public static let maximumBytes = 64

    /// Why `format` cannot be the clock's, or nil when it can: `shows seconds (%S): the
    /// clock changes once a minute`.
    public static func problem(_ format: String) -> String? {
        if format.isEmpty { return "empty (a strftime format such as %H:%M)" }
        if format.utf8.count > maximumBytes { return "longer than \(maximumBytes) bytes" }
        if format.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character (one line, no tabs or newlines)"
        }
        var chars = format.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { continue }
            var spec = "%"
            var next = chars.next()
            while let f = next, flags.contains(f) || f.isASCII && f.isNumber {
                spec.append(f)
                next = chars.next()
            }
            if let m = next, m == "E" || m == "O" {
                spec.append(m)
                next = chars.next()
            }
            guard let conversion = next else { return "ends in a lone % (write %% for a percent sign)" }
            spec.append(conversion)
            if finerThanAMinute.contains(conversion) {
                return "shows seconds (\(spec)): the clock is redrawn once a minute; use %H:%M or %R"
            }
            if lineBreaking.contains(conversion) { return "\(spec) breaks the line (the clock is one line)" }
            if !known.contains(conversion) { return "unknown conversion \(spec)" }
        }
        return nil
    }
}

/// The clock's text of one minute: the time and the date line under it (empty for none).
public struct ClockText: Equatable, Sendable {
    public var time: String
    public var date: String

    public init(time: String, date: String = "") {
        self.time = time
        self.date = date
    }
}
