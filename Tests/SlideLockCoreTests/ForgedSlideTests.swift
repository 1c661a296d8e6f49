import Testing

@testable import SlideLockCore

// Red-team cases: inputs that are no slide must never unlock, whatever
// the ghost filter does; real slides still must. Geometry as in LockSessionTests
// (800x480, travel 576 px, home thumb centre x 112, end 688).

/// A multitouch panel whose axes are the 800x480 screen's pixels.
let panelAxes: [UInt16: AxisRange] = [
    Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 9),
    Evdev.ABS_MT_TRACKING_ID: AxisRange(minimum: 0, maximum: 65535),
    Evdev.ABS_MT_POSITION_X: AxisRange(minimum: 0, maximum: 799),
    Evdev.ABS_MT_POSITION_Y: AxisRange(minimum: 0, maximum: 479),
]

/// One finger on that panel (MT protocol B, slot 0): `(time, x, y)` samples, then a lift.
func panelStroke(_ samples: [(Double, Int32, Int32)], upAt: Double, trackingID: Int32 = 1) -> [RawInputEvent] {
    var raw: [RawInputEvent] = []
    for (i, (t, x, y)) in samples.enumerated() {
        if i == 0 {
            raw.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: 0))
            raw.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: trackingID))
        }
        raw.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X, value: x))
        raw.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_Y, value: y))
        raw.append(RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
    }
    raw.append(RawInputEvent(time: upAt, type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: -1))
    raw.append(RawInputEvent(time: upAt, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
    return raw
}

/// Raw events through a live pipeline (advanced like frame ticks) into a session.
func throughPipeline(
    _ raw: [RawInputEvent], touch: TouchSettings = TouchSettings(),
    settings base: Settings = Settings()
) -> Run {
    var settings = base
    settings.input.touch = touch
    var pipeline = TouchPipeline(axes: panelAxes, screen: Size(width: 800, height: 480), settings: touch)!
    var run = Run(settings)
    var nextID = 1
    for event in raw {
        run.feed(pipeline.advance(to: event.time, nextID: &nextID).events)
        run.feed(pipeline.feed(event, nextID: &nextID).events)
    }
    if let last = raw.last { run.feed(pipeline.advance(to: last.time + 1, nextID: &nextID).events) }
    return run
}

@Suite struct ForgedSlideTests {
    /// A fast flick released at 49 %: the spring carries the thumb past the end. A finger
    /// touching it there and moving 2 px backwards used to complete the unlock.
    @Test func springOvershootIsNoSlide() throws {
        // A flick faster than the speed rule allows by default, to reach the overshoot at all.
        var run = Run(settings { $0.gesture.maxSpeed = 100_000 })
        let x49 = homeX + 0.49 * 576
        run.feed([down(homeX, 0), move(homeX + 0.25 * 576, 0.01), move(x49, 0.02), up(0.021)])
        #expect(run.effects == ["slideStarted", "slideCancelled"])
        // Where the spring would put the thumb, unclamped: past the end for a while.
        let motion = try #require(run.session.motion)
        let times = stride(from: 0.021, through: 0.4, by: 0.001)
        let over = try #require(times.first { motion.state(at: $0).position > 576 + 5 }, "the flick must overshoot")
        // Drawn (and hit-tested) inside the track, however far the spring overshoots.
        #expect(times.allSatisfy { run.session.thumbOffset(at: $0) <= 576 && run.session.visual(at: $0).progress <= 1 })
        let raw = motion.state(at: over).position
        run.feed([
            down(homeX + min(raw, 576 + 30), over, id: 1), move(homeX + min(raw, 576 + 30) - 2, over + 0.02, id: 1),
            up(over + 0.1, id: 1),
        ])
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.springBack, .springBack])
    }

    /// A thumb caught near the end (returning home) is not slid there by the new finger:
    /// the new slide counts from where it grabbed.
    @Test func catchingTheThumbNearTheEndIsNoSlide() throws {
        var run = Run()
        run.feed([down(homeX, 0)] + slide(homeX, homeX + 0.95 * 576, from: 0, seconds: 0.4) + [up(0.6)])
        let p = run.session.visual(at: 0.62).progress
        #expect(p > 0.8)
        let x = homeX + p * 576
        run.feed([down(x, 0.62, id: 1)] + slide(x, endX + 20, from: 0.62, seconds: 0.2, id: 1) + [up(0.9, id: 1)])
        #expect(run.log.contains("grab"))
        #expect(!run.effects.contains("unlock"))
        #expect(run.session.state == .locked)
    }

    @Test func threeHugeSamplesInThreeMillisecondsDoNotUnlock() {
        var run = Run()
        run.feed([
            down(homeX, 0), move(homeX + 205, 0.001), move(homeX + 410, 0.002), move(homeX + 615, 0.003), up(0.01),
        ])
        #expect(!run.effects.contains("unlock"))
        #expect(run.log.contains { $0.hasPrefix("too-fast") })
    }

    @Test func aOneSampleJumpFromTheThumbToTheEndDoesNotUnlock() {
        var run = Run()
        run.feed([down(homeX, 0), move(endX + 10, 0.016), up(0.05)])
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.tooFast])
        // After a still pause the jump is slow enough on average, but it took no time.
        var paused = Run()
        paused.feed([down(homeX, 0), move(endX + 10, 0.5), up(0.6)])
        #expect(!paused.effects.contains("unlock"))
        #expect(paused.refusals.reasons == [.tooQuick])
        #expect(paused.log.contains { $0.hasPrefix("too-quick") })
    }

    @Test func manySmallStepsInAFewMillisecondsDoNotUnlock() {
        var run = Run()
        let steps = (1...40).map { move(homeX + Double($0) * 15, Double($0) * 0.0001) }
        run.feed([down(homeX, 0)] + steps + [up(0.01)])
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.tooFast])
    }

    @Test func theRulesHoldWithTheGhostFilterOff() {
        var touch = TouchSettings()
        touch.ghostFilter = false
        let jump = throughPipeline(panelStroke([(0, 112, 240), (0.016, 700, 240)], upAt: 0.05), touch: touch)
        #expect(!jump.effects.contains("unlock") && jump.log.contains { $0.hasPrefix("too-fast") })
        #expect(jump.refusals.reasons == [.tooFast])
        let burst = throughPipeline(
            panelStroke(
                [(0, 112, 240), (0.001, 317, 240), (0.002, 522, 240), (0.003, 727, 240)],
                upAt: 0.01), touch: touch)
        #expect(!burst.effects.contains("unlock"))
        #expect(burst.refusals.reasons == [.tooFast])
    }

    @Test func aContactThatTeleportsWhilePendingDoesNotUnlock() {
        // 4 samples in 4 ms, each step under the filter's jump limit (233 px).
        let run = throughPipeline(
            panelStroke(
                [(0, 112, 240), (0.001, 312, 240), (0.002, 512, 240), (0.003, 700, 240)],
                upAt: 0.004))
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.tooFast])
    }

    @Test func threeBigStepsWithTheGhostFilterOnDoNotUnlock() {
        let run = throughPipeline(
            panelStroke(
                [
                    (0, 112, 240), (0.05, 112, 240), (0.051, 317, 240), (0.052, 522, 240),
                    (0.053, 727, 240),
                ], upAt: 0.2))
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.tooFast])
    }

    @Test func aRealSlideThroughThePipelineUnlocks() {
        let samples = (0...30).map { i in (Double(i) / 60, Int32(112 + i * 20), Int32(240)) }
        let run = throughPipeline(panelStroke(samples, upAt: 0.6))
        #expect(run.effects.contains("unlock"))
    }

    @Test func aFastButHumanFlickStillUnlocks() {
        // 80 ms home to end at 60 Hz: 7,200 px/s.
        var run = Run()
        run.feed([down(homeX, 0)] + slide(homeX, endX + 10, from: 0, seconds: 0.08) + [up(0.1)])
        #expect(run.effects.contains("unlock"))
    }

    @Test func aGrabDuringSpringBackStartsANewSlideFromThere() {
        var run = Run(settings { $0.gesture.threshold = 0.5 })
        run.feed([down(homeX, 0)] + slide(homeX, homeX + 0.45 * 576, from: 0, seconds: 0.3) + [up(0.4)])
        let p = run.session.visual(at: 0.45).progress
        let x = homeX + p * 576
        // Catching it and sliding on by less than half the travel is not enough...
        run.feed([down(x, 0.45, id: 1)] + slide(x, x + 0.3 * 576, from: 0.45, seconds: 0.2, id: 1) + [up(0.7, id: 1)])
        #expect(!run.effects.contains("unlock"))
        // ...a fresh slide of half the travel from where it is caught is.
        run.tick(from: 0.7, to: 0.75)
        let q = run.session.visual(at: 0.75).progress
        let y = homeX + q * 576
        run.feed([down(y, 0.75, id: 2)] + slide(y, y + 0.55 * 576, from: 0.75, seconds: 0.3, id: 2) + [up(1.1, id: 2)])
        #expect(run.effects.contains("unlock"))
    }

    @Test func limitsAreConfigKeys() throws {
        let s = try ConfigLoader.load(sources: [], overrides: ["gesture.max_speed=5000", "gesture.min_duration=0.2"])
        #expect(s.gesture.maxSpeed == 5000 && s.gesture.minDuration == 0.2)
        #expect(throws: ConfigErrors.self) { try ConfigLoader.load(sources: [], overrides: ["gesture.max_speed=1e9"]) }
        #expect(throws: ConfigErrors.self) { try ConfigLoader.load(sources: [], overrides: ["gesture.min_duration=0"]) }
    }
}

extension ForgedSlideTests {
    /// A real finger (18 s of drawing on an Atmel 800x480 panel), moved so it lands on the
    /// thumb: it drags the thumb about and never trips the speed rule.
    @Test(.enabled(if: Fixture.atmelPath != nil, "the shared Atmel recording is not present"))
    func aRealFingerNeverTripsTheSpeedRule() throws {
        let path = try #require(Fixture.atmelPath)
        let rec = try EvemuRecording(parsing: try String(contentsOfFile: path, encoding: .utf8), fileName: "atmel")
        let transform = TouchTransform(screen: Size(width: 800, height: 480))
        let samples = try decode(rec).map(transform.map)
        let first = try #require(samples.first)
        let dx = homeX - first.position.x
        let dy = midY - first.position.y
        var run = Run()
        var fastest = 0.0
        var last = first
        for s in samples {
            let p = Point(x: s.position.x + dx, y: s.position.y + dy)
            switch s.kind {
            case .down: run.feed([.touchDown(id: s.id, point: p, time: s.time)])
            case .move:
                let d =
                    ((s.position.x - last.position.x) * (s.position.x - last.position.x)
                    + (s.position.y - last.position.y) * (s.position.y - last.position.y)).squareRoot()
                fastest = max(fastest, d / (s.time - last.time))
                run.feed([.touchMove(id: s.id, point: p, time: s.time)])
            case .up: run.feed([.touchUp(id: s.id, time: s.time)])
            case .cancel: run.feed([.touchCancel(id: s.id, time: s.time)])
            }
            last = s
        }
        #expect(run.log.first == "pressed" && run.log.contains("slide"))
        #expect(!run.log.contains { $0.hasPrefix("too-fast") })
        #expect(fastest > 100 && fastest < Settings().gesture.maxSpeed / 2, "fastest step \(fastest) px/s")
    }
}
