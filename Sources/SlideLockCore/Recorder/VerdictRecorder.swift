/// The flight recorder's decisions beside the raw events (`FlightRecorder`): which moments
/// the authority was told of that the events do not carry, which log lines go with them,
/// and, when a verdict comes, the files that record it (one per touch device).
///
/// It watches the authority's state rather than the events given to the session, so every
/// source of a moment (signals, idle, a lost display, ctl) is recorded without being named
/// here: a change of `hiddenBy` is a `hidden`/`shown` line, a later `uncertainSince` an
/// `uncertain` line (its reason the one the authority gave the contacts then, else
/// `relock`, which doubts the same contacts). A moment stamped with a raw event's time came
/// from the touches (a ghost-filter cancel): the replay makes it again, so it is not written.
public struct VerdictRecorder: Sendable {
    /// A verdict to write: `unlock` or `rejected REASON`, at `time`.
    public struct Verdict: Equatable, Sendable {
        public var name: String
        public var time: Double
    }

    /// One file to write: the device's path and the text.
    public struct File: Equatable, Sendable {
        public var device: String
        public var text: String
    }

    /// Moments and log lines kept (the newest).
    static let historyLimit = 64
    /// Log names that are no verdict's reason.
    static let notReasons: Set<String> = [
        "pressed", "grab", "slide", "release", "exit", "unlocked", "failed", "ignored-touch", "ignored-action",
        "relayout", "relock", "reset", "wake", "dim", "blank", "on",
    ]

    public var ring: FlightRecorder
    var hiddenBy: Set<HiddenBy> = []
    var uncertainSince = -Double.infinity
    var moments: [(time: Double, line: String)] = []
    /// The authority's lockdown after the last batch.
    var lockdown = false
    var log: [LockLogEntry] = []
    /// A verdict the session's effects announced, waiting for its log line.
    var pending: [Bool] = []

    public init(limits: FlightRecorder.Limits = .init()) { ring = FlightRecorder(limits: limits) }

    /// The session granted an unlock (`unlock`: true) or a slide ended without one.
    public mutating func announce(unlock: Bool) { pending.append(unlock) }

    /// After the session handled a batch: its authority now and the log lines it wrote.
    /// Returns the verdicts announced since the last call, named from those lines.
    public mutating func observe(_ authority: UnlockAuthority, entries: [LockLogEntry]) -> [Verdict] {
        let changed = authority.hiddenBy != hiddenBy
        for by in HiddenBy.allCases where authority.hiddenBy.contains(by) != hiddenBy.contains(by) {
            let t = authority.uncertainSince.isFinite ? authority.uncertainSince : entries.last?.time ?? 0
            note(t, (authority.hiddenBy.contains(by) ? "hidden " : "shown ") + by.rawValue)
        }
        hiddenBy = authority.hiddenBy
        // What the control socket asked, from the authority's own lines: lockdown (which doubts
        // the fingers down itself) and a granted `ctl unlock`.
        var asked: Set<Double> = []
        for e in entries {
            if e.name == "lockdown", let detail = e.detail {
                note(e.time, "ctl lockdown " + detail)
                asked.insert(e.time)
            } else if e.name == "unlock", e.detail?.split(separator: " ").first == "ctl" {
                note(e.time, "ctl unlock")
            }
        }
        lockdown = authority.lockdown
        ring.heldUntil = authority.openButtonUntil(at: -.infinity) ?? -.infinity
        if authority.uncertainSince > uncertainSince, !changed, !asked.contains(authority.uncertainSince),
            !ring.hasEvent(at: authority.uncertainSince)
        {
            let t = authority.uncertainSince
            // The reason the authority gave the contacts down, when one is (no contact down:
            // the reason refuses nobody, and any one stands for the moment).
            let reasons = (Array(authority.contacts.values) + authority.released.values).compactMap {
                $0.refusal?.reason
            }
            let why = reasons.lazy.compactMap(\.uncertainty).first ?? .relock
            note(t, "uncertain " + why.rawValue)
        }
        uncertainSince = max(uncertainSince, authority.uncertainSince)
        log = Array((log + entries).suffix(Self.historyLimit))
        let verdicts = pending.compactMap { Self.verdict(unlock: $0, entries: entries) }
        pending.removeAll()
        return verdicts
    }

    /// The verdict an unlock (or a slide ended without one) stands for, named from the log
    /// lines of the batch that decided it: `unlock`, or `rejected REASON`.
    public static func verdict(unlock: Bool, entries: [LockLogEntry]) -> Verdict? {
        if unlock, let e = entries.last(where: { $0.name == "unlock" }) { return Verdict(name: "unlock", time: e.time) }
        if !unlock, let e = entries.last(where: { !notReasons.contains($0.name) && $0.name != "unlock" }) {
            return Verdict(name: "rejected " + e.name, time: e.time)
        }
        return entries.last.map { Verdict(name: unlock ? "unlock" : "rejected", time: $0.time) }
    }

    /// A log line as `LockLogEntry.description` writes it (`t=1.234 name detail`).
    public static func entry(parsing line: String) -> LockLogEntry? {
        let words = line.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0].hasPrefix("t="), let t = ConfigValue.decimal(String(words[0].dropFirst(2)))
        else { return nil }
        return LockLogEntry(time: t, name: String(words[1]), detail: words.count > 2 ? String(words[2]) : nil)
    }

    mutating func note(_ time: Double, _ line: String) {
        moments.append((time, line))
        if moments.count > Self.historyLimit { moments.removeFirst() }
    }

    /// The files recording `verdict`, one per device with events in the window; one with
    /// no events when none has any (a `ctl unlock` with no touch before it).
    public func files(
        for verdict: Verdict, screen: Size, rotation: ImageRotation, settings: Settings
    ) -> [File] {
        func header(zero: Double, truncated: FlightRecorder.Truncation?) -> RecordingHeader {
            RecordingHeader(
                verdict: verdict.name, verdictTime: max(0, verdict.time - zero),
                width: Int(screen.width), height: Int(screen.height), rotation: rotation.degrees,
                settings: RecordingHeader.settingLines(settings), events: momentLines(zero: zero, until: verdict.time),
                truncated: truncated.map { [$0.rawValue] } ?? [],
                log: log.filter { $0.time >= zero }.map { entry in
                    "t=" + LockLogEntry.format(max(0, entry.time - zero)) + " " + entry.name
                        + (entry.detail.map { " " + $0 } ?? "")
                })
        }
        let tracks = ring.tracks()
        guard !tracks.isEmpty else {
            return [
                File(
                    device: "none",
                    text: header(zero: verdict.time, truncated: nil).lines.joined(separator: "\n") + "\n")
            ]
        }
        return tracks.map { track in
            let h = header(zero: track.events.first?.time ?? 0, truncated: track.truncated)
            return File(
                device: track.path, text: EvemuWriter.text(track.device, events: track.events, comments: h.lines))
        }
    }

    /// The moments from `zero` to `until` as header lines, times from `zero`; moments before
    /// count only as what is still in force at `zero`: the hiding, and lockdown.
    func momentLines(zero: Double, until: Double) -> [String] {
        func rel(_ t: Double) -> String { LockLogEntry.format(max(0, t - zero)) }
        var hiddenAtStart: Set<String> = []
        for m in moments where m.time < zero {
            let words = m.line.split(separator: " ").map(String.init)
            if words.first == "hidden" { hiddenAtStart.insert(words[1]) }
            if words.first == "shown" { hiddenAtStart.remove(words[1]) }
        }
        let inWindow = moments.enumerated().filter { $0.element.time >= zero && $0.element.time <= until }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        // Lockdown at the start: the opposite of its first change in the window, else as now.
        let firstChange = inWindow.first { $0.line.hasPrefix("ctl lockdown ") }
        let lockdownAtStart = firstChange.map { $0.line == "ctl lockdown off" } ?? lockdown
        var lines = hiddenAtStart.sorted().map { rel(zero) + " hidden " + $0 }
        if lockdownAtStart { lines.append(rel(zero) + " ctl lockdown on") }
        return lines + inWindow.map { rel($0.time) + " " + $0.line }
    }
}
