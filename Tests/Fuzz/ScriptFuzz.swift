// libFuzzer target: the touch script parser, and a bounded replay of what parses.
@testable import SlideLockCore

@_cdecl("LLVMFuzzerTestOneInput")
public func scriptFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let screen = Size(width: 800, height: 480)
    for bounded in [screen, nil] as [Size?] {
        guard let script = try? TouchScript.parse(text, fileName: "fuzz.txt", screen: bounded) else { continue }
        for step in script.steps where !(0...TouchScript.maximumTime).contains(step.time) {
            fatalError("step at \(step.time) s passed the parser")
        }
        replay(script)
    }
    return 0
}

/// Plays the script; the idle-gap skipping must keep the frame count near the activity.
func replay(_ script: TouchScript) {
    let playback = Playback(settings: Settings(), width: 800, height: 480, fps: 60, script: script)
    var frames = 0
    for frame in playback {
        frames += 1
        _ = frame.visual
        // Every step can keep the session busy for at most `maxDuration` plus the tail and
        // the idle lead; anything beyond is a replay that renders idle time.
        let bound = (script.steps.count + 2) * Int((playback.maxDuration + Playback.idleGap + 2) * 60)
        if frames > bound { fatalError("\(frames) frames for \(script.steps.count) steps") }
    }
}
