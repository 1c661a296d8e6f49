import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// The request-to-exit button in the loop: a press opens through the same action path as
/// a slide, logged as the button's.
@Suite struct ButtonLoopTests {
    @Test func aPressUnlocksInExitMode() throws {
        let f = try LoopFixture()
        let button = FakeButton(world: f.world)
        try f.add(button)
        button.press(101)
        #expect(try f.run() == 0)
        #expect(f.world.now() < 101.1)
        #expect(f.logLines.contains { $0.contains("unlocked by the button") }, "\(f.logLines)")
        #expect(f.logLines.contains { $0.contains("session: unlock button") })
    }

    @Test func aPressStartsTheHookOnceAndBouncesDoNothing() throws {
        let action = FakeAction(succeeds: true, duration: 0.5)
        let f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"], action: action)
        let button = FakeButton(world: f.world)
        try f.add(button)
        // What a kernel without debounce might let through: presses 5 ms apart.
        for i in 0..<4 { button.press(101 + Double(i) * 0.005) }
        f.world.endOfTest = 104
        _ = try f.run()
        #expect(action.starts.count == 1)
        #expect(f.logLines.filter { $0.contains("unlocked by the button") }.count == 1)
        // Three refused, one logged: the journal gets a refusal a second at most.
        #expect(f.logLines.filter { $0.contains("not-ready button busy") }.count == 1, "\(f.logLines)")
    }

    @Test func aMissingChipIsOneLineAndNoButton() throws {
        let log = LogCollector()
        var settings = ButtonSettings()
        settings.line = "no-such-chip:3"
        #expect(LockScreen.makeButton(settings, log: log.logger, devices: "/nonexistent") == nil)
        #expect(
            log.all == [
                "error: input.button = no-such-chip:3: no GPIO chip \"no-such-chip\" (by path or label; no chips found); running without the button"
            ], "\(log.all)")
        settings.line = "/dev/no-gpiochip:3"
        #expect(LockScreen.makeButton(settings, log: log.logger) == nil)
        #expect(log.all.last?.contains("input.button = /dev/no-gpiochip:3: no GPIO chip \"/dev/no-gpiochip\"") == true)
    }
}

/// Feedback: each moment a person can be told of reaches the feedback hook, from the loop.
@Suite struct FeedbackLoopTests {
    @Test func slideStartCancelAndUnlockAreDispatchedInOrder() throws {
        let action = FakeAction(succeeds: true)
        let f = try LoopFixture(["action.on_unlock=exit"], action: action)
        action.world = f.world
        // A slide that goes half way and is let go, then a full one.
        let from = f.thumbCentre(progress: 0)
        let half = f.thumbCentre(progress: 0.5)
        let lift = f.world.slide(start: 101, from: from, to: half)
        f.fullSlide(at: lift + 1)
        #expect(try f.run() == 0)
        #expect(action.feedbacks.map(\.event) == [.slideStart, .cancel, .slideStart, .unlock])
    }

    @Test func aFailedHookIsItsOwnMoment() throws {
        let action = FakeAction(succeeds: false, duration: 0.2)
        let f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"], action: action)
        f.world.endOfTest = 104
        let lift = f.fullSlide(at: 101)
        _ = try f.run()
        #expect(action.feedbacks.map(\.event) == [.slideStart, .failed])
        let failed = try #require(action.feedbacks.last?.time)
        #expect(failed >= lift + 0.2 && failed < lift + 0.3)
    }

    @Test func hookModeTellsOfTheOpeningWhenTheHookSucceeded() throws {
        let action = FakeAction(succeeds: true, duration: 0.2)
        let f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"], action: action)
        f.world.endOfTest = 104
        let lift = f.fullSlide(at: 101)
        _ = try f.run()
        #expect(action.feedbacks.map(\.event) == [.slideStart, .unlock])
        #expect(action.feedbacks.map(\.source) == ["slide", "slide"])
        #expect((action.feedbacks.last?.time ?? 0) >= lift + 0.2)
    }

    /// The feedback hook gets `SLIDELOCK_SOURCE` like the unlock hook: a real run of it.
    @Test func theFeedbackHookIsToldTheSource() throws {
        let out = "/tmp/slidelock-feedback-source-\(getpid())"
        defer { unlink(out) }
        let log = LogCollector()
        let action = HookAction(
            unlock: nil,
            feedback: [.unlock: ["/bin/sh", "-c", "echo \"$SLIDELOCK_EVENT $SLIDELOCK_SOURCE\" > \(out)"]],
            settings: ActionSettings(), output: "FAKE-1", log: log.logger)
        action.feedback(.unlock, source: "button", now: 0)
        var text = ""
        for _ in 0..<200 where !text.hasSuffix("\n") {
            usleep(10_000)
            text = (try? FileIO.readText(out)) ?? ""
        }
        action.stop(now: 1)
        #expect(text == "unlock button\n", "\(log.all)")
    }

    @Test func exitWaitsForTheUnlockFeedbackAtMostHalfASecond() throws {
        for (duration, expected) in [(0.2, 0.2), (3.0, 0.5)] {
            let action = FakeAction(succeeds: true)
            action.feedbackDuration = duration
            let f = try LoopFixture(["animation.hue=off"], action: action)
            action.world = f.world
            let lift = f.fullSlide(at: 101)
            #expect(try f.run() == 0)
            let waited = f.world.now() - lift
            #expect(
                waited >= expected - 1e-6 && waited <= expected + 2 * f.output.frameInterval, "\(duration): \(waited)")
            #expect(action.stops.isEmpty || duration > 0.5)
        }
    }

    @Test func aButtonUnlockIsTold() throws {
        let action = FakeAction(succeeds: true)
        let f = try LoopFixture([], action: action)
        action.world = f.world
        let button = FakeButton(world: f.world)
        try f.add(button)
        button.press(101)
        #expect(try f.run() == 0)
        #expect(action.feedbacks.map(\.event) == [.unlock])
        #expect(f.logLines.contains { $0.contains("unlocked by the button") })
    }

    /// The unlock action (a door relay's hook) is told which source the authority granted.
    @Test func theHookIsToldWhichSourceOpened() throws {
        let action = FakeAction(succeeds: true, duration: 0.2)
        let f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"], action: action)
        f.world.endOfTest = 106
        let button = FakeButton(world: f.world)
        try f.add(button)
        f.fullSlide(at: 101)
        button.press(104)
        _ = try f.run()
        #expect(action.sources == [.slide, .button])
        #expect(f.logLines.filter { $0.contains("unlocked by a") && $0.contains("ms slide") }.count == 1)
        #expect(f.logLines.filter { $0.contains("unlocked by the button") }.count == 1)
    }
}
