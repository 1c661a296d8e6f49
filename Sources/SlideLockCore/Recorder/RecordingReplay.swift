/// A flight recorder's file played back as `slidelock play` does: its header's settings,
/// screen and moments, its events through a fresh touch pipeline, on a virtual clock; and
/// the verdicts the replay came to, to compare with the recorded one.
public enum RecordingReplay {
    /// `script` with the header's moments merged in by time, each before the touches at
    /// the same time (the loop handles them before it reads the devices).
    public static func merge(_ header: RecordingHeader, into script: TouchScript, fileName: String, screen: Size)
        throws(TouchScriptError) -> TouchScript
    {
        let moments = try header.scriptSteps(fileName: fileName, screen: screen)
        let ordered = (moments.map { ($0, 0) } + script.steps.map { ($0, 1) }).enumerated().sorted {
            ($0.element.0.time, $0.element.1, $0.offset) < ($1.element.0.time, $1.element.1, $1.offset)
        }
        return TouchScript(steps: ordered.map(\.element.0))
    }

    /// The verdicts one played frame came to (`VerdictRecorder.verdict` on its log).
    public static func verdicts(in frame: Playback.Frame) -> [VerdictRecorder.Verdict] {
        let entries = frame.log.compactMap(VerdictRecorder.entry(parsing:))
        return frame.effects.compactMap { effect in
            switch effect {
            case .unlock: return VerdictRecorder.verdict(unlock: true, entries: entries)
            case .slideCancelled: return VerdictRecorder.verdict(unlock: false, entries: entries)
            default: return nil
            }
        }
    }

    /// The replayed verdict at the recorded moment (within the millisecond the header
    /// keeps), if any.
    public static func match(_ header: RecordingHeader, _ replayed: [VerdictRecorder.Verdict]) -> VerdictRecorder
        .Verdict?
    {
        replayed.first { abs($0.time - header.verdictTime) < 0.0015 }
    }

    /// What a recorder's file replays: its raw evemu events through a fresh touch pipeline
    /// (mapped onto `screen` turned by `rotation`), the header's moments merged in. Touch-script
    /// lines beside a header are an error: a recording's touches are its raw events alone.
    /// A file with no events at all (a `ctl unlock` with no touch in the window) replays its
    /// moments.
    public static func script(
        _ text: String, header: RecordingHeader, fileName: String, screen: Size, rotation: ImageRotation,
        settings: Settings
    ) throws -> TouchScript {
        var script = TouchScript(steps: [])
        if EvemuReplay.isRecording(text) {
            let recording = try EvemuRecording(parsing: text, fileName: fileName)
            script = try EvemuReplay.script(
                recording, fileName: fileName, screen: screen, rotation: rotation, settings: settings.input.touch)
        } else if let line = try TouchScript.parse(text, fileName: fileName).steps.first?.line {
            throw TouchScriptError(
                fileName: fileName, line: line,
                message: "a touch-script line in a recording: its touches are raw evemu events (E: lines)")
        }
        return try merge(header, into: script, fileName: fileName, screen: screen)
    }

    /// The whole replay of `text` with `settings` (before the header's): the header, and
    /// the verdicts in order. Throws what parsing throws; nil header: not a recorder file.
    public static func run(_ text: String, fileName: String, settings: Settings) throws -> (
        header: RecordingHeader, verdicts: [VerdictRecorder.Verdict]
    )? {
        guard let header = try RecordingHeader(parsing: text, fileName: fileName) else { return nil }
        let s = try header.apply(to: settings, fileName: fileName)
        let screen = Size(width: Double(header.width), height: Double(header.height))
        let script = try script(
            text, header: header, fileName: fileName, screen: screen,
            rotation: ImageRotation(degrees: header.rotation) ?? .upright, settings: s)
        var verdicts: [VerdictRecorder.Verdict] = []
        for frame in Playback(settings: s, width: header.width, height: header.height, script: script) {
            verdicts += Self.verdicts(in: frame)
        }
        return (header, verdicts)
    }
}
