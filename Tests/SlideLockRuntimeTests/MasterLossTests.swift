import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// Another program takes DRM master while the lock runs (shipped defaults: the hue animates).
@Suite struct MasterLossTests {
    @Test func aSlideWhileMasterIsTakenNeverUnlocksAndTheLockComesBackWhole() throws {
        let f = try Self.slideWhileAway([], taken: 101...102, slideAt: 101.2, end: 104)
        #expect(!f.states.contains(.unlocked))
        #expect(f.logLines.contains { $0.contains("DRM master is back after") })
        // Nothing was handed to the display while it was not ours.
        #expect(f.output.frames.filter { $0.queued > 101.02 && $0.queued < 102 }.isEmpty)
        // Back within a retry and a frame, as a modeset with the thumb at home.
        let back = try #require(f.output.frames.first { $0.queued >= 102 })
        #expect(back.modeset)
        #expect(back.queued <= 102 + LockLoop.masterRetryInterval + 1.0 / 60 + 0.001)
        let x = try #require(f.thumbX(in: back))
        #expect(abs(x - f.thumbCentre(progress: 0).x) <= 1)
        // And it animates on: flips, not modesets, after that.
        #expect(f.output.shown.filter { $0.queued > back.queued }.count > 60)
        #expect(f.display.masterRetakes == 1)
        // The second the display was not ours is no vblank slidelock missed.
        #expect(f.loop.views[0].ledger.missedBySelf == 0)
        #expect(f.loop.views[0].ledger.vblanks < 200)
    }

    @Test func aFingerDownWhenMasterIsLostUnlocksNothingButTheNextSlideDoes() throws {
        let f = try LoopFixture([])
        let home = f.thumbCentre(progress: 0)
        let half = f.thumbCentre(progress: 0.5)
        let end = f.thumbCentre(progress: 1)
        f.world.touch(100.5, .touchDown(id: 1, point: home, time: 100.5))
        f.world.touch(100.8, .touchMove(id: 1, point: half, time: 100.8))
        f.display.masterTaken = 101...101.5
        // The same finger finishes the slide on the lock that is back, and lifts.
        for (i, t) in stride(from: 101.6, through: 101.7, by: 0.02).enumerated() {
            let x = half.x + (end.x + 10 - half.x) * Double(i + 1) / 6
            f.world.touch(t, .touchMove(id: 1, point: Point(x: x, y: end.y), time: t))
        }
        f.world.touch(101.8, .touchUp(id: 1, time: 101.8))
        // A fresh slide on the visible lock unlocks as usual.
        f.fullSlide(at: 102.5)
        #expect(try f.run() == 0)
        #expect(f.states == [.locked, .pressed, .dragging, .locked, .pressed, .dragging, .unlocked])
        #expect(f.logLines.filter { $0.contains("unlocked by a") }.count == 1)
        #expect(f.world.now() > 102.5)
    }

    @Test func anUnseenFingerReportedAgainByAResyncUnlocksNothing() throws {
        let f = try LoopFixture([])
        let home = f.thumbCentre(progress: 0)
        f.display.masterTaken = 101...101.5
        f.world.touch(101.2, .touchDown(id: 1, point: home, time: 101.2)) // landed unseen
        // After the lock is back, a resync (SYN_DROPPED) cancels it and reports it again.
        f.world.touch(101.8, .touchCancel(id: nil, time: 101.8))
        f.world.touch(101.8, .touchDown(id: 2, point: home, time: 101.8))
        Self.dragToTheEnd(f, id: 2, from: 101.82, lift: 102.2)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(!f.states.contains(.unlocked))
        // Refused for landing no later than the resync's moment of uncertainty (rule 1).
        #expect(f.logLines.contains { $0.hasSuffix("session: ignored-touch landed-before-shown") })
    }

    @Test func aDownReleasedLateWithItsLandingTimeWhileAwayUnlocksNothing() throws {
        let f = try LoopFixture([])
        let home = f.thumbCentre(progress: 0)
        f.display.masterTaken = 101...101.5
        // The ghost filter holds a new contact back and releases it with its landing time.
        f.world.touch(101.7, .touchDown(id: 1, point: home, time: 101.45))
        Self.dragToTheEnd(f, id: 1, from: 101.72, lift: 102.1)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(!f.states.contains(.unlocked))
        // Refused for its landing time, before the lock was shown again (rule 1).
        #expect(f.logLines.contains { $0.hasSuffix("session: ignored-touch landed-before-shown") })
    }

    @Test func aLossFoundWhenAFingerLandsKeepsThatFingerFromTheSession() throws {
        // Nothing animates and no watchdog runs: only the touch makes the loop look.
        let f = try Self.slideWhileAway(["animation.hue=off"], taken: 101.2...200, slideAt: 101.5, end: 103)
        #expect(!f.states.contains(.pressed))
    }

    @Test func aBlankPanelGoesDarkAgainWhenMasterIsBack() throws {
        let f = try LoopFixture(["display.dim_after=0", "display.blank_after=2"], watchdog: 2)
        try f.add(
            IdleControl(
                settings: f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100,
                log: f.log.logger))
        f.display.masterTaken = 103...104
        f.world.endOfTest = 105
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.display.blanks.count == 2)
        #expect((f.display.blanks.last ?? 0) >= 104)
    }

    /// Contact `id` (already down on the thumb) moves to past the track's end in 14 steps
    /// from `start`, then lifts at `lift`; the run ends at 104.
    static func dragToTheEnd(_ f: LoopFixture, id: Int, from start: Double, lift: Double) {
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        for i in 0..<14 {
            let t = start + Double(i) * 0.02
            let x = home.x + (end.x + 10 - home.x) * Double(i + 1) / 14
            f.world.touch(t, .touchMove(id: id, point: Point(x: x, y: end.y), time: t))
        }
        f.world.touch(lift, .touchUp(id: id, time: lift))
        f.world.endOfTest = 104
    }

    @Test func exitModeDoesNotWaitForAScreenItCannotHave() throws {
        let f = try LoopFixture([])
        let lift = f.fullSlide(at: 101)
        f.display.masterTaken = lift...200
        #expect(try f.run() == 0)
        #expect(f.world.now() < lift + 1)
    }

    @Test func whileAwayTheLoopWakesAtTheRetryPaceAndFeedsTheWatchdog() throws {
        let f = try LoopFixture([], watchdog: 2)
        f.display.masterTaken = 101...111
        f.world.endOfTest = 112
        #expect(try f.run() == 128 + SIGTERM)
        let waits = f.world.waits.filter { $0.at > 101.1 && $0.at < 110.9 }.count
        let retries = Int((9.8 / LockLoop.masterRetryInterval).rounded())
        #expect(waits >= retries - 2 && waits <= retries + 12)
        #expect(f.notifier.pets.filter { $0 > 101.1 && $0 < 110.9 }.count >= 9)
    }

    @Test func aMasterLostWhileNothingIsDrawnIsNoticedAtTheWatchdogsPace() throws {
        let f = try LoopFixture(["animation.hue=off"], watchdog: 1)
        f.display.masterTaken = 101.2...101.9
        f.world.endOfTest = 103
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.logLines.contains { $0.contains("another program took DRM master") })
        // Whatever the other program left on screen is replaced with the lock, set whole.
        let back = try #require(f.output.frames.first { $0.queued >= 101.9 })
        #expect(back.modeset)
        #expect(back.queued <= 101.9 + LockLoop.masterRetryInterval + 0.001)
    }

    /// A full slide at `slideAt` while another program holds master over `taken`, run until
    /// `end` (SIGTERM): the loss is logged whatever the settings.
    static func slideWhileAway(
        _ settings: [String], taken: ClosedRange<Double>, slideAt: Double,
        end: Double
    ) throws -> LoopFixture {
        let f = try LoopFixture(settings)
        f.display.masterTaken = taken
        f.fullSlide(at: slideAt)
        f.world.endOfTest = end
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.logLines.contains { $0.contains("another program took DRM master") })
        return f
    }

}
