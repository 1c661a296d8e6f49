/// The strftime formats the clock accepts: glibc's conversions, except those that show
/// seconds (the clock is redrawn once a minute, so a seconds field would stand still and
/// lie) and those that break the line. Checked when the config is read, so `WallClock`
/// only ever formats one of these.
public enum ClockFormat {
    /// Conversions whose text changes within a minute: `%S` seconds, `%T` (`%H:%M:%S`),
    /// `%r` (`%I:%M:%S %p`), `%s` (seconds since the epoch), `%c` and `%X` (the locale's
    /// date and time, with seconds in the C locale the lock runs in), `%+` (date(1)'s
    /// format on the libcs that have it).
    public static let finerThanAMinute: Set<UInt8> = Set("STrscX+".utf8)

    /// Conversions that end the line: newline and tab.
    static let lineBreaking: Set<UInt8> = Set("nt".utf8)

    /// Every other conversion glibc's strftime knows (with `%%`).
    static let known: Set<UInt8> = Set("aAbBCdDeFgGhHIjklmMpPRuUVwWxyYzZ%".utf8)

    /// glibc's flags between `%` and the conversion, then a field width, then `E` or `O`.
    static let flags: Set<UInt8> = Set("_-0^#".utf8)

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
        // Byte by byte, as strftime reads it: a `%` is its own byte whatever precedes it
        // (a Character would fuse it with a prepended mark, `؀%S`, and hide the conversion).
        var bytes = format.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            var spec: [UInt8] = [byte]
            var next = bytes.next()
            while let f = next, flags.contains(f) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(f) {
                spec.append(f)
                next = bytes.next()
            }
            if let m = next, m == UInt8(ascii: "E") || m == UInt8(ascii: "O") {
                spec.append(m)
                next = bytes.next()
            }
            guard let conversion = next else { return "ends in a lone % (write %% for a percent sign)" }
            spec.append(conversion)
            guard conversion < 0x80 else {
                return "a % before a non-ASCII character is no conversion (write %% for a percent sign)"
            }
            let shown = String(decoding: spec, as: UTF8.self)
            if finerThanAMinute.contains(conversion) {
                return "shows seconds (\(shown)): the clock is redrawn once a minute; use %H:%M or %R"
            }
            if lineBreaking.contains(conversion) { return "\(shown) breaks the line (the clock is one line)" }
            if !known.contains(conversion) { return "unknown conversion \(shown)" }
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
