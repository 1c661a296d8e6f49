import Testing

@testable import SlideLockCore

private func script(_ text: String) throws -> TouchScript {
    try TouchScript.parse(text, fileName: "play.txt", screen: Size(width: 800, height: 480))
}

/// "0.000 down 112 240", then moves every 1/60 s to x = `to`, then "up".
private func slideScript(to x1: Double, seconds: Double = 0.5, upAt: Double = 0.6) -> String {
    var lines = ["0.000 down 112 240"]
    let n = Int(seconds * 60)
    for i in 1...n {
        lines.append("\(seconds * Double(i) / Double(n)) move \(112 + (x1 - 112) * Double(i) / Double(n)) 240")
    }
    lines.append("\(upAt) up")
    return lines.joined(separator: "\n")
}

@Suite struct PlaybackTests {
    @Test func framesStepTheVirtualClock() throws {
        let frames = Array(
            Playback(
                settings: Settings(), width: 800, height: 480, fps: 30,
                script: try script("0 down 112 240\n0.1 up")))
        #expect(frames.first?.time == 0 && frames.first?.index == 0)
        for f in frames { #expect(f.time == Double(f.index) / 30) }
        #expect(frames[0].log == ["t=0.000 pressed"])
        #expect(frames[3].log == ["t=0.100 release"])
        // At rest once the press feedback has faded (0.2 s), then a 0.25 s tail.
        #expect(frames.last!.time >= 0.45 && frames.last!.time < 0.5)
    }

    @Test func exitModeUnlockEndsAfterSettling() throws {
        let frames = Array(
            Playback(
                settings: Settings(), width: 800, height: 480,
                script: try script(slideScript(to: 760))))
        let log = frames.flatMap(\.log)
        #expect(log.contains("t=0.600 unlock"))
        #expect(log.last == "t=0.600 exit")
        #expect(frames.flatMap(\.effects).contains(.exit))
        #expect(frames.last!.time < 0.6 + 0.3)
    }

    @Test func springBackRunsUntilSettled() throws {
        let frames = Array(
            Playback(
                settings: Settings(), width: 800, height: 480,
                script: try script(slideScript(to: 400))))
        #expect(frames.flatMap(\.log).contains("t=0.600 spring-back slide"))
        #expect(frames.last!.visual.progress == 0 && frames.last!.visual.state == .locked)
        let settled = frames.firstIndex { $0.time > 0.6 && $0.visual.progress == 0 }!
        #expect(frames[settled].time < 0.6 + 0.8)
    }

    @Test func actionLinesFeedTheHookResult() throws {
        var settings = Settings()
        settings.action.mode = .hook
        let frames = Array(
            Playback(
                settings: settings, width: 800, height: 480,
                script: try script(slideScript(to: 760) + "\n1.0 action fail")))
        let log = frames.flatMap(\.log)
        #expect(
            log == ["t=0.000 pressed", "t=0.017 slide", "t=0.600 unlock", "t=1.000 failed", "t=2.500 relock"])
        #expect(frames.contains { $0.visual.state == .busy })
        #expect(frames.contains { $0.visual.shake != 0 })
        #expect(frames.last!.visual.state == .locked && frames.last!.visual.progress == 0)
    }

    @Test func aHookThatNeverAnswersHitsTheCap() throws {
        var settings = Settings()
        settings.action.mode = .hook
        let frames = Array(
            Playback(
                settings: settings, width: 800, height: 480, fps: 10,
                script: try script(slideScript(to: 760)), maxDuration: 5))
        #expect(frames.last!.visual.state == .busy)
        #expect(abs(frames.last!.time - 5.6) < 1e-9)
    }

    @Test func samePlayAtDifferentRatesAgreesAtSharedTimes() throws {
        let s = try script(slideScript(to: 500))
        let at30 = Array(Playback(settings: Settings(), width: 800, height: 480, fps: 30, script: s))
        let at120 = Array(Playback(settings: Settings(), width: 800, height: 480, fps: 120, script: s))
        // After the last event both clocks hit every 1/30 s; the returning thumb must agree.
        for f in at30 where f.time > 0.6 {
            guard let g = at120.first(where: { abs($0.time - f.time) < 1e-9 }) else { continue }
            #expect(abs(f.visual.progress - g.visual.progress) * 576 < 0.5)
        }
    }
}
