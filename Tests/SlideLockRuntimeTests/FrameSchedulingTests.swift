import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

@Suite struct FrameSchedulingTests {
    /// A frame drawn ahead while a flip was pending is shown only if nothing but time changed:
    /// every frame shows the thumb under the newest finger position processed before it was queued.
    @Test(arguments: [FakePacing.paced, .unpaced])
    func framesDrawnAheadAreNeverStale(pacing: FakePacing) throws {
        let f = try LoopFixture([], pacing: pacing)
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 0.8)
        // Moves every 7 ms, out of step with the 16.7 ms vblanks; still down at the end.
        var moves: [(time: Double, x: Double)] = []
        f.world.touch(101, .touchDown(id: 1, point: from, time: 101))
        for i in 1...60 {
            let t = 101 + Double(i) * 0.007
            let x = from.x + (to.x - from.x) * Double(i) / 60
            f.world.touch(t, .touchMove(id: 1, point: Point(x: x, y: from.y), time: t))
            moves.append((t, x))
        }
        f.world.endOfTest = 102
        _ = try f.run()
        var checked = 0
        for frame in f.output.shown where frame.queued > 101.01 {
            guard let latest = moves.last(where: { $0.time <= frame.queued }) else { continue }
            let x = try #require(f.thumbX(in: frame))
            #expect(abs(x - latest.x) <= 1.5, "frame queued at \(frame.queued) shows \(x), finger at \(latest.x)")
            checked += 1
        }
        #expect(checked >= 20)
    }

    /// Paced: at most one flip per vblank, and with the hue animating none is missed.
    @Test func oneFlipPerVblankWhileAnimating() throws {
        let f = try LoopFixture([], pacing: .paced)
        f.world.endOfTest = 102
        _ = try f.run()
        let completions = f.output.shown.compactMap(\.completed).filter { $0 > 100.1 }
        let interval = f.output.frameInterval
        for (a, b) in zip(completions, completions.dropFirst()) { #expect(abs((b - a) - interval) < 1e-6) }
        #expect(completions.count >= Int(1.8 / interval))
        let ledger = f.loop.views[0].ledger
        #expect(ledger.missedBySelf == 0 && ledger.missed == 0 && ledger.flipsPerVblank == 1, "\(ledger.summary)")
    }

    /// `--trace`: a frame is a latency sample only when it shows a touch no earlier frame
    /// showed; with the hue animating on after the finger lifts, those frames carry no input.
    @Test func traceCountsOnlyFramesThatShowNewInput() throws {
        let path = "/tmp/slidelock-trace-test-\(getpid()).jsonl"
        defer { unlink(path) }
        let f = try LoopFixture([], pacing: .paced, trace: try FrameTrace(path: path))
        f.world.slide(start: 101, from: f.thumbCentre(progress: 0), to: f.thumbCentre(progress: 0.6))
        f.world.endOfTest = 103
        _ = try f.run()
        let summary = try TraceSummary.parse(try FileIO.readText(path))
        let out = try #require(summary.outputs.first)
        let interval = f.output.frameInterval
        #expect(out.frames >= Int(1.8 / interval), "the hue keeps flipping: \(out.frames) frames")
        // 32 touch events over 0.34 s: about one sample per vblank while the finger moves.
        #expect(out.samples >= 15 && out.samples <= 32, "\(out.samples) samples")
        let worst = try #require(out.max)
        #expect(worst <= 2 * interval + 1e-6, "worst \(worst) s")
    }

    /// While a finger drags with the hue animating, frames are drawn at their latch time,
    /// not as soon as the last flip completed: a touch is on screen within one refresh plus
    /// the latch margin, and still no vblank is missed.
    @Test func aDragIsDrawnLateEnoughToShowTheNewestTouch() throws {
        let path = "/tmp/slidelock-latch-test-\(getpid()).jsonl"
        defer { unlink(path) }
        let f = try LoopFixture([], pacing: .paced, trace: try FrameTrace(path: path))
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 0.7)
        // Moves every 7 ms (out of step with the vblanks), the finger still down at the end.
        f.world.touch(101, .touchDown(id: 1, point: from, time: 101))
        for i in 1...60 {
            let t = 101 + Double(i) * 0.007
            f.world.touch(
                t, .touchMove(id: 1, point: Point(x: from.x + (to.x - from.x) * Double(i) / 60, y: from.y), time: t))
        }
        f.world.endOfTest = 101.6
        _ = try f.run()
        let out = try #require(TraceSummary.parse(try FileIO.readText(path)).outputs.first)
        let interval = f.output.frameInterval
        #expect(out.samples >= 20)
        let worst = try #require(out.max)
        // Drawn as soon as the last flip completed, a touch waited up to two refreshes.
        #expect(worst <= interval + 0.0045, "worst \(worst) s")
        let ledger = f.loop.views[0].ledger
        #expect(ledger.missed == 0 && ledger.missedBySelf == 0, "\(ledger.summary)")
    }

    /// Nothing animating: after the first frame the loop sleeps with no timeout at all.
    @Test func sleepsForeverWhenNothingAnimates() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.output.frames.count == 1)
        #expect(f.world.foreverWaits.count == 1)
        #expect(f.world.waits.count <= 3)
    }

    /// After a partial slide the thumb springs home; then the loop sleeps again.
    @Test func partialSlideSpringsBackThenSleeps() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced)
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 0.6)
        let lift = f.world.slide(start: 101, from: from, to: to)
        #expect(try f.run() == 128 + SIGTERM)
        let last = try #require(f.output.shown.last)
        let x = try #require(f.thumbX(in: last))
        let completed = try #require(last.completed)
        #expect(abs(x - from.x) <= 1)
        #expect(completed < lift + 1.5)
        #expect(f.states == [.locked, .pressed, .dragging, .locked])
    }

    /// fbdev has no completion events: frames are paced by the refresh interval instead.
    @Test func framebufferFramesKeepTheRefreshInterval() throws {
        let f = try LoopFixture([], pacing: .framebuffer)
        f.world.endOfTest = 101
        _ = try f.run()
        let times = f.output.shown.map(\.queued)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= f.output.frameInterval - 0.0011) }
        #expect(times.count >= 50)
    }

    /// A flip the driver refuses ends the run with the error (the caller restores the display).
    @Test func aFailingFlipEndsTheRun() throws {
        let f = try LoopFixture([], pacing: .paced)
        f.output.failAfter = 5
        #expect(throws: (any Error).self) { _ = try f.run() }
    }

    @Test func lateWakeUpsWidenTheLatchMarginUntilLatchingStops() throws {
        let f = try LoopFixture([])
        f.world.endOfTest = 101
        _ = try f.run()
        let view = f.loop.views[0]
        let last = try #require(f.output.lastFlipSeconds)
        let quiet = try #require(view.latchTime())
        // Wake-ups 3 ms late: the margin covers twice that.
        view.noteWakeLateness(0.003)
        let busy = try #require(view.latchTime())
        #expect(busy < quiet)
        #expect(busy <= last + view.frameInterval - 0.006 + 1e-9)
        // 6 ms late on a 60 Hz panel: waiting gains nothing, flip as soon as possible.
        view.noteWakeLateness(0.006)
        #expect(view.latchTime() == nil)
    }
}
