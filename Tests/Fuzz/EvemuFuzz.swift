// libFuzzer target: the evemu-record parser and the replay through the touch pipeline.
@testable import SlideLockCore

@_cdecl("LLVMFuzzerTestOneInput")
public func evemuFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = EvemuReplay.isRecording(text)
    guard let recording = try? EvemuRecording(parsing: text, fileName: "fuzz.events") else { return 0 }
    for event in recording.events where !(0...TouchScript.maximumTime).contains(event.time) {
        fatalError("event at \(event.time) s passed the parser")
    }
    var touch = TouchSettings()
    for filter in [true, false] {
        touch.ghostFilter = filter
        for rotation in [ImageRotation.upright, .clockwise90] {
            guard
                let script = try? EvemuReplay.script(
                    recording, fileName: "fuzz.events",
                    screen: Size(width: 800, height: 480),
                    rotation: rotation, settings: touch)
            else { continue }
            var frames = 0
            for frame in Playback(settings: Settings(), width: 800, height: 480, fps: 30, script: script) {
                frames += 1
                _ = frame.visual
                if frames > 200_000 { fatalError("replay of \(script.steps.count) steps does not end") }
            }
        }
    }
    return 0
}
