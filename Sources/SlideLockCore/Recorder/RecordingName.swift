/// File names of recordings: `0000000042-2026-12-05T00-12-34.567Z-rejected-too-fast-event3.evemu`.
/// A counter first, one more than any in the directory: the order they were written in,
/// whatever the wall clock said (a clock that ran ahead, a wrong RTC, a spoofed NTP), so
/// pruning removes the oldest by the counter and never the one just written. The UTC time
/// after it is for people.
public enum RecordingName {
    public static let suffix = ".evemu"
    /// Digits of the counter (more when it outgrows them): names sort as they count.
    static let counterDigits = 10

    /// The name for `device` (a path: its last component is used) of a verdict taken at
    /// `unixMilliseconds` (wall clock), the `sequence`th written. Only `[A-Za-z0-9.-]`
    /// survive in the verdict and device parts: a name is never a path.
    public static func make(sequence: Int64, unixMilliseconds: Int64, verdict: String, device: String) -> String {
        let base = device.split(separator: "/").last.map(String.init) ?? "device"
        let digits = String(max(0, sequence))
        return String(repeating: "0", count: max(0, counterDigits - digits.count)) + digits + "-"
            + stamp(unixMilliseconds: unixMilliseconds) + "-" + clean(verdict) + "-" + clean(base) + suffix
    }

    /// True for a name `make` could have written, or an older slidelock that put the time
    /// first (what pruning may remove).
    public static func isRecording(_ name: String) -> Bool {
        name.hasSuffix(suffix) && name.count > 25 && name.first?.isNumber == true && !name.contains("/")
    }

    /// The counter of a recording's name; 0 for a name from before counters (the time
    /// first: older than any counted one) or one too large to read.
    public static func sequence(of name: String) -> Int64 {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= counterDigits, name.dropFirst(digits.count).first == "-" else { return 0 }
        return Int64(digits) ?? 0
    }

    /// The counter for the next recording in a directory holding `names`.
    public static func next(after names: [String]) -> Int64 {
        let newest = names.filter(isRecording).map(sequence(of:)).max() ?? 0
        return newest == Int64.max ? newest : newest + 1
    }

    /// The recordings among `names` to remove so that `keep` remain, oldest first by
    /// counter (then name); never `written`, the one just written.
    public static func pruned(_ names: [String], keep: Int, written: String) -> [String] {
        let recordings = names.filter { isRecording($0) && $0 != written }
            .sorted { (sequence(of: $0), $0) < (sequence(of: $1), $1) }
        let room = max(0, keep - (names.contains(written) ? 1 : 0))
        return Array(recordings.prefix(max(0, recordings.count - room)))
    }

    static func clean(_ text: String) -> String {
        let kept = String(
            text.map { c -> Character in
                c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == ".") ? c : "-"
            }
            .prefix(48))
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "x" : kept
    }

    /// `YYYY-MM-DDTHH-MM-SS.mmmZ` (UTC; colons would trouble copies to other systems).
    public static func stamp(unixMilliseconds: Int64) -> String {
        let ms = max(0, unixMilliseconds)
        let seconds = ms / 1000
        let days = seconds / 86_400
        let rest = seconds % 86_400
        // Days since 1970-01-01 to a civil date (proleptic Gregorian), by 400-year eras.
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let milli = ms % 1000
        let m = milli < 10 ? "00\(milli)" : milli < 100 ? "0\(milli)" : "\(milli)"
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600))-\(two(rest % 3600 / 60))-\(two(rest % 60)).\(m)Z"
    }
}
