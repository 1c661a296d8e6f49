/// File names of recordings: `2026-12-05T00-12-34.567Z-rejected-too-fast-event3.evemu`.
/// The UTC time first, so names sort in time order (and pruning removes the oldest).
public enum RecordingName {
    public static let suffix = ".evemu"

    /// The name for `device` (a path: its last component is used) of a verdict taken at
    /// `unixMilliseconds` (wall clock). Only `[A-Za-z0-9.-]` survive in the verdict and
    /// device parts: a name is never a path.
    public static func make(unixMilliseconds: Int64, verdict: String, device: String) -> String {
        let base = device.split(separator: "/").last.map(String.init) ?? "device"
        return stamp(unixMilliseconds: unixMilliseconds) + "-" + clean(verdict) + "-" + clean(base) + suffix
    }

    /// True for a name `make` could have written (what pruning may remove).
    public static func isRecording(_ name: String) -> Bool {
        name.hasSuffix(suffix) && name.count > 25 && name.first?.isNumber == true && !name.contains("/")
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
