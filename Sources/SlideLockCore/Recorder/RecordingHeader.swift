/// What a verdict depended on, beyond the raw events: carried in `# slidelock-...` comment
/// lines at the top of a recording (evemu readers skip them), read back by `slidelock play`.
///
///     # slidelock-verdict: rejected too-fast
///     # slidelock-verdict-at: 0.412
///     # slidelock-screen: 800x480
///     # slidelock-rotate: 0
///     # slidelock-set: gesture.max_speed=20000
///     # slidelock-event: 0.100 uncertain wake
///     # slidelock-truncated: seconds
///     # slidelock-log: t=0.412 too-fast 61234 px/s, limit 20000
///
/// `display.physical_size` is the size the lock laid out with: configured, or what the
/// touch panel reported (`auto` only when neither was known), so a replay lays the thumb
/// out where the lock had it. A header without it (from before sizes in millimetres) plays
/// proportionally, whatever the player's own config says.
///
/// Times are seconds after the recording's first event. `event` lines are touch-script
/// lines (`TouchScript`): the moments the authority was told of that the raw events do
/// not carry (signals, wakes, ctl, a display lost). `log` lines are the session's own
/// log, for people.
public struct RecordingHeader: Equatable, Sendable {
    /// `unlock`, or `rejected REASON`.
    public var verdict: String
    /// When the verdict was taken.
    public var verdictTime: Double
    /// The logical screen touch mapped onto, pixels.
    public var width: Int
    public var height: Int
    /// Degrees clockwise.
    public var rotation: Int
    /// `section.key=value` for every setting but the theme's and the hook's.
    public var settings: [String]
    /// Touch-script lines, with their times.
    public var events: [String]
    public var truncated: [String]
    public var log: [String]
    /// The file's line of each `events` line, when parsed (errors name it).
    var eventLines: [Int] = []

    public init(
        verdict: String, verdictTime: Double, width: Int, height: Int, rotation: Int, settings: [String],
        events: [String] = [], truncated: [String] = [], log: [String] = []
    ) {
        self.verdict = verdict
        self.verdictTime = verdictTime
        self.width = width
        self.height = height
        self.rotation = rotation
        self.settings = settings
        self.events = events
        self.truncated = truncated
        self.log = log
    }

    static let prefix = "# slidelock-"
    /// The `set` line of the size the thumb was laid out for.
    static let physicalSizePrefix = "display.physical_size="

    /// Every setting a verdict may depend on, as `section.key=value`: all but the theme's
    /// (colours and fonts) and the hooks' command lines (kept out of the files).
    public static func settingLines(_ settings: Settings) -> [String] {
        ConfigKey.all.filter(isRecorded).map { $0.path + "=" + $0.format(settings) }
    }

    /// Only these keys are written, and read back: a file cannot name a font or a program.
    static func isRecorded(_ key: ConfigKey) -> Bool { key.section != "theme" && !key.name.hasSuffix("hook") }

    /// The comment lines, one per value, in the order documented above.
    public var lines: [String] {
        var out = [
            Self.prefix + "verdict: " + verdict,
            Self.prefix + "verdict-at: " + LockLogEntry.format(verdictTime),
            Self.prefix + "screen: \(width)x\(height)",
            Self.prefix + "rotate: \(rotation)",
        ]
        out += settings.map { Self.prefix + "set: " + $0 }
        out += events.map { Self.prefix + "event: " + $0 }
        out += truncated.map { Self.prefix + "truncated: " + $0 }
        out += log.map { Self.prefix + "log: " + $0 }
        return out
    }

    /// The header of a recording's text; nil when it has no `slidelock-verdict` line (a
    /// plain evemu-record file). `fileName` names the line of an error.
    public init?(parsing text: String, fileName: String) throws(EvemuParseError) {
        var found: [String: (value: String, line: Int)] = [:]
        var settings: [String] = []
        var events: [String] = []
        var truncated: [String] = []
        var log: [String] = []
        var lineNumbers: [Int] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard raw.hasPrefix(Self.prefix) else {
                // The header is the file's top: it ends at the first device line.
                if raw.hasPrefix("#") || raw.isEmpty { continue } else { break }
            }
            let body = raw.dropFirst(Self.prefix.count)
            guard let colon = body.firstIndex(of: ":") else {
                throw EvemuParseError(file: fileName, line: number, message: "malformed slidelock header line")
            }
            let key = String(body[..<colon])
            let value = String(body[body.index(after: colon)...].drop { $0 == " " })
            switch key {
            case "set": settings.append(value)
            case "event":
                events.append(value)
                lineNumbers.append(number)
            case "truncated": truncated.append(value)
            case "log": log.append(value)
            case "verdict", "verdict-at", "screen", "rotate":
                guard found[key] == nil else {
                    throw EvemuParseError(file: fileName, line: number, message: "slidelock-\(key) given twice")
                }
                found[key] = (value, number)
            default:
                // Lines a newer slidelock writes are skipped, not refused.
                continue
            }
        }
        guard let verdict = found["verdict"]?.value else { return nil }
        func fail(_ key: String, _ what: String) -> EvemuParseError {
            EvemuParseError(file: fileName, line: found[key]?.line ?? 1, message: "slidelock-\(key): " + what)
        }
        let size = (found["screen"]?.value ?? "").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw fail("screen", "expected WxH") }
        if let problem = ScreenBounds.problem(width: size[0], height: size[1]) {
            throw fail("screen", "\(size[0])x\(size[1]) is out of range (\(problem))")
        }
        guard let rotation = found["rotate"].flatMap({ Int($0.value) }), [0, 90, 180, 270].contains(rotation) else {
            throw fail("rotate", "expected 0, 90, 180 or 270")
        }
        guard let at = found["verdict-at"].flatMap({ ConfigValue.decimal($0.value) }), at >= 0,
            at <= TouchScript.maximumTime
        else {
            throw fail("verdict-at", "expected seconds")
        }
        self.init(
            verdict: verdict, verdictTime: at, width: size[0], height: size[1], rotation: rotation,
            settings: settings, events: events, truncated: truncated, log: log)
        eventLines = lineNumbers
    }

    /// `settings` with the recorded values applied; the first bad line is the error.
    public func apply(to settings: Settings, fileName: String) throws(ConfigError) -> Settings {
        var out = settings
        for line in self.settings {
            let parts = line.split(separator: "=", maxSplits: 1)
            let path = parts.first.map(String.init) ?? ""
            let dot = path.split(separator: ".", maxSplits: 1)
            let assignment = ConfigAssignment(
                file: fileName, line: nil, section: dot.first.map(String.init) ?? "",
                key: dot.count > 1 ? String(dot[1]) : "", value: parts.count > 1 ? String(parts[1]) : "")
            // A key this build does not know (a newer or older slidelock) is skipped, and so
            // is one never recorded.
            guard let key = ConfigKey.named(section: assignment.section, assignment.key), Self.isRecorded(key) else {
                continue
            }
            if let error = ConfigLoader.apply(assignment, to: &out) { throw error }
        }
        if !self.settings.contains(where: { $0.hasPrefix(Self.physicalSizePrefix) }) { out.display.physicalSize = nil }
        return out
    }

    /// The `event` lines as script steps, to merge with the replayed touches. Only moments
    /// (`TouchScript.Action.isMoment`): a recording's touches are its raw events, and a
    /// header line cannot stand in for them.
    public func scriptSteps(fileName: String, screen: Size) throws(TouchScriptError) -> [TouchScript.Step] {
        // Each line at its own line number, so an error names the file's line.
        let numbers = eventLines.count == events.count ? eventLines : Array(1...max(1, events.count))
        var text = ""
        var at = 1
        for (line, number) in zip(events, numbers) {
            text += String(repeating: "\n", count: max(0, number - at)) + line
            at = max(at, number)
        }
        let steps = try TouchScript.parse(text, fileName: fileName, screen: screen).steps
        if let touch = steps.first(where: { !$0.action.isMoment }) {
            throw TouchScriptError(
                fileName: fileName, line: touch.line,
                message: "slidelock-event: only uncertain, hidden, shown and ctl moments; "
                    + "a recording's touches are its raw events")
        }
        return steps
    }
}
