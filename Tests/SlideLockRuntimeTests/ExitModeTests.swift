import Glibc
import SlideLockCore
import SlideLockRender
import Testing

@testable import SlideLockRuntime

/// Exit mode: after the unlock frame (and the slide-off, when on) is on screen, the loop
/// returns 0 within two refresh intervals, whatever animates and however frames complete.
@Suite struct ExitModeTests {
    static let animations: [[String]] = [
        [], // the shipped defaults: hue animating
        ["animation.hue=off"],
        ["animation.shimmer=on"],
        ["animation.exit_transition=on"],
        ["theme.icon=spinner"],
        ["animation.shimmer=on", "animation.exit_transition=on", "theme.icon=spinner"],
    ]

    @Test(arguments: animations, [FakePacing.paced, .unpaced, .framebuffer])
    func exitsPromptlyAfterTheUnlockFrame(_ overrides: [String], pacing: FakePacing) throws {
        let f = try LoopFixture(overrides, pacing: pacing)
        let lift = f.fullSlide(at: 101)
        let status = try f.run()
        #expect(status == 0, "\(f.logLines.suffix(5))")
        let transition = f.settings.animation.exitTransition ? LockSession.exitDuration : 0
        let interval = f.output.frameInterval
        // The last frame the exit needs shows the moment of the exit; the process leaves
        // no later than two refreshes after that moment.
        let exitMoment = lift + transition
        #expect(
            f.world.now() <= exitMoment + 2 * interval + 1e-6, "left at \(f.world.now()), exit moment \(exitMoment)")
        let last = try #require(f.output.shown.last)
        let completed = try #require(last.completed)
        if f.settings.animation.exitTransition && completed < exitMoment - 1e-6 {
            // Slid off, the control left the screen before the exit moment: its frame
            // changed no pixel, so the frame on screen must already be that picture.
            #expect(try last.pixels == Self.slidOff(f), "the last frame shown, at \(completed), is not the exit's")
        } else {
            #expect(completed >= exitMoment - 1e-6)
        }
        if !f.settings.animation.exitTransition {
            // The last frame shows the thumb at the end of the track.
            let x = try #require(f.thumbX(in: last))
            #expect(abs(x - f.thumbCentre(progress: 1).x) <= 2)
        }
        #expect(f.states.last == .unlocked)
        #expect(f.logLines.contains { $0.contains("session: exit") })
    }

    /// The picture once the unlocked control has slid off the screen.
    static func slidOff(_ f: LoopFixture) throws -> [UInt32] {
        var v = ControlVisual(state: .unlocked, progress: 1)
        v.exitOffset = 1
        let renderer = SceneRenderer(width: f.output.width, height: f.output.height)
        try renderer.render(SceneBuilder(settings: f.settings, width: f.output.width, height: f.output.height).scene(v))
        return Array(UnsafeBufferPointer(start: renderer.canvas.pixels, count: f.output.width * f.output.height))
    }

    @Test func exitsOnEveryOutput() throws {
        let f = try LoopFixture([], pacing: .paced, sizes: [(400, 240), (320, 240)])
        let lift = f.fullSlide(at: 101)
        #expect(try f.run() == 0)
        for output in f.display.outputs { #expect(!output.isFlipPending) }
        // Both outputs showed a frame queued after the unlock, and the process left at once.
        for output in f.display.outputs { #expect((output.shown.last?.queued ?? 0) >= lift) }
        #expect(f.world.now() <= lift + 2 * f.output.frameInterval + 1e-6)
    }

    @Test func exitDoesNotWaitForAHungFlip() throws {
        let f = try LoopFixture([], pacing: .paced)
        // Every flip after the first few hangs: the loop gives up on it and sets the mode again.
        let lift = f.fullSlide(at: 101)
        f.output.hangFrom = lift
        #expect(try f.run() == 0)
        #expect(f.output.abandoned >= 1)
        #expect(f.world.now() < lift + 1.5)
        #expect(f.logLines.contains { $0.contains("did not complete") })
    }

    @Test func hookModeDoesNotExit() throws {
        let f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"], action: FakeAction(succeeds: true))
        f.fullSlide(at: 101)
        f.world.endOfTest = 106
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.action?.starts.count == 1)
    }
}
