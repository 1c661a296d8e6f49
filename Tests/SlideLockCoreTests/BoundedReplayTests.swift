import Testing

@testable import SlideLockCore

/// `play` as a tool is bounded: times, gaps, memory and work per event.
@Suite struct BoundedReplayTests {
    func parse(_ text: String) throws -> TouchScript {
        try TouchScript.parse(text, fileName: "t.txt", screen: Size(width: 800, height: 480))
    }

    @Test func timesPastADayAreAnError() throws {
        #expect(throws: TouchScriptError.self) { try parse("1e300 down 112 240\n") }
        do {
            _ = try parse("0 down 112 240\n86400.5 up\n")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "t.txt:2: time 86400.500 is past the limit of 86400 s")
        }
        #expect(try parse("0 down 112 240\n86400 up\n").steps.count == 2)
    }

    @Test func idleGapsAreSkippedNotRendered() throws {
        // Two taps a legal day apart: only the frames around them are made.
        let script = try parse("0 down 112 240\n0.1 up\n80000 down 112 240\n80000.1 up\n")
        var frames: [Playback.Frame] = []
        for frame in Playback(settings: Settings(), width: 800, height: 480, fps: 1000, script: script) {
            frames.append(frame)
            if frames.count > 10_000 { break }
        }
        #expect(frames.count < 3000)
        #expect(
            frames.flatMap(\.log) == [
                "t=0.000 pressed", "t=0.100 release",
                "t=80000.000 pressed", "t=80000.100 release",
            ])
        // Frame times stay index / fps across the jump.
        #expect(frames.allSatisfy { $0.time == Double($0.index) / 1000 })
    }

    @Test func aHookResultADayLaterWaitsAtMostTheCap() throws {
        var settings = Settings()
        settings.action.mode = .hook
        var lines = ["0.000 down 112 240"]
        for i in 1...30 { lines.append("\(Double(i) / 60) move \(112 + 20 * i) 240") }
        lines += ["0.6 up", "86000 action ok"]
        let script = try parse(lines.joined(separator: "\n"))
        var count = 0
        var log: [String] = []
        for frame in Playback(settings: settings, width: 800, height: 480, fps: 60, script: script) {
            count += 1
            log += frame.log
            if count > 100_000 { break }
        }
        #expect(count < 2 * 60 * 35)
        #expect(log.contains("t=86000.000 unlocked"))
    }

    @Test func evemuTimestampsPastInt64MicrosecondsAreMalformed() {
        let text = "N: Panel\nA: 35 0 799 0 0 0\nE: 9300000000000000.000000 0003 0035 0001\n"
        #expect(throws: EvemuParseError(file: "x.events", line: 3, message: "malformed event line")) {
            try EvemuRecording(parsing: text, fileName: "x.events")
        }
        let late = "N: Panel\nA: 35 0 799 0 0 0\nE: 1.000000 0003 0035 0001\nE: 1000001.000000 0000 0000 0000\n"
        #expect(
            throws: EvemuParseError(
                file: "x.events", line: 4,
                message: "event 1000000.000 s after the first is past the limit of 86400 s")
        ) {
            try EvemuRecording(parsing: late, fileName: "x.events")
        }
    }

    @Test func velocityTrackerKeepsABoundedHistory() {
        var tracker = VelocityTracker()
        for i in 0..<100_000 { tracker.add(time: 1, position: Double(i % 7)) }
        tracker.add(time: 1.05, position: 3)
        #expect(tracker.velocity(releaseTime: 1.05).isFinite)
    }

    /// A million moves at one timestamp: linear (it used to copy the history per move).
    @Test func aMillionMovesAtOneTimestampEnd() {
        var session = LockSession(settings: Settings(), width: 800, height: 480)
        _ = session.handle(.touchDown(id: 0, point: Point(x: 112, y: 240), time: 0))
        for i in 0..<1_000_000 {
            _ = session.handle(.touchMove(id: 0, point: Point(x: 112 + Double(i % 3), y: 240), time: 0.5))
        }
        _ = session.handle(.touchUp(id: 0, time: 0.6))
        #expect(session.state == .locked)
    }
}

extension BoundedReplayTests {
    /// Found by the evemu fuzzer: a clock that runs backwards made events before the first
    /// (negative times). Now the line that goes back is named.
    @Test func evemuTimeGoingBackwardsIsAnError() {
        let text = "N: Panel\nA: 35 0 799 0 0 0\nE: 0.144000 0003 0035 0400\nE: 0.132000 0003 0035 0375\n"
        #expect(
            throws: EvemuParseError(
                file: "x.events", line: 4,
                message: "time goes backwards (-0.012 s after 0.000 s)")
        ) {
            try EvemuRecording(parsing: text, fileName: "x.events")
        }
    }
}
