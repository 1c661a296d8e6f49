/// Turns an `evemu-record` recording into a touch script: the raw events go through the
/// same pipeline a live device uses (decoding, axis mapping, calibration, rotation, ghost
/// filter), so `slidelock play` shows what the panel would have done with that finger.
public enum EvemuReplay {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func script(
        _ recording: EvemuRecording, fileName: String, screen: Size,
        rotation: ImageRotation = .upright,
        settings: TouchSettings = TouchSettings()
    ) throws(Failure) -> TouchScript {
        guard var pipeline = TouchPipeline(axes: recording.axes, screen: screen, rotation: rotation, settings: settings)
        else {
            throw Failure(
                description: "\(fileName): \"\(recording.name)\" has no touch axes (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)"
            )
        }
        var nextID = 0
        var events: [LockEvent] = []
        for raw in recording.events {
            // The ghost filter releases a held contact on time alone, as frame ticks do live.
            events += pipeline.advance(to: raw.time, nextID: &nextID).events
            events += pipeline.feed(raw, nextID: &nextID).events
        }
        if let last = recording.events.last {
            events += pipeline.advance(to: last.time + 1, nextID: &nextID).events
        }
        // Line numbers count events: a recording has no script lines to point at.
        let steps = events.enumerated().compactMap { TouchScript.Step(event: $1, line: $0 + 1) }
        return TouchScript(steps: steps)
    }

    /// True when `text` looks like an evemu recording rather than a touch script.
    public static func isRecording(_ text: String) -> Bool {
        for line in text.split(separator: "\n", maxSplits: 50, omittingEmptySubsequences: true) {
            if line.hasPrefix("# EVEMU") || line.hasPrefix("N: ") || line.hasPrefix("E: ") { return true }
        }
        return false
    }
}
