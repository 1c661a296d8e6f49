import Testing

@testable import SlideLockCore

// Forged unlocks, each through the live touch path (`Glass`:
// raw events -> pipeline with the ghost filter on -> idle gate -> session). Geometry: the
// 800x480 screen, travel 576 px, thumb home x 112, end x 688. Each test says why the
// code before the authority unlocked (the 1/120 s step floor, duration from the first
// 1 px move, the gates' own finger memories) where it was not run against it.

/// Settings with idle dim at 10 s and blank at 30 s.
func idleSettings() -> Settings {
    var s = Settings()
    s.display.power.dimAfter = 10
    s.display.power.blankAfter = 30
    return s
}

@Suite struct ForgedUnlockTests {
    /// Burst after a twitch: a finger rests on the thumb, twitches 2 px, then four samples
    /// 1 ms apart carry it 600 px. Before: each step was taken to last 1/120 s (under the
    /// speed limit) and min_duration counted from the twitch.
    @Test func burstAfterATwitch() {
        var g = Glass()
        g.frame(0, [(0, 112, 240)])
        g.tick(0.05)
        g.frame(1.0, [(0, 114, 240)])
        for i in 1...4 { g.frame(1.0 + Double(i) * 0.001, [(0, 114 + Double(i) * 150, 240)]) }
        g.lift(at: 1.01)
        #expect(!g.unlocked)
        #expect(g.log.contains { $0.hasPrefix("too-fast") })
    }

    /// The same burst with every sample at one timestamp: a burst, never a batch.
    @Test func burstAtOneTimestamp() {
        var g = Glass()
        g.frame(0, [(0, 112, 240)])
        g.tick(0.05)
        g.frame(1.0, [(0, 114, 240)])
        for i in 1...4 { g.frame(1.001, [(0, 114 + Double(i) * 150, 240)]) }
        g.lift(at: 1.01)
        #expect(!g.unlocked)
        #expect(g.log.contains { $0.hasPrefix("too-fast") })
    }

    /// 600 px in 17 ms with no twitch. Before: the first step after the rest was credited
    /// 1/30 s, which with the 17 ms made min_duration.
    @Test func sixHundredPixelsInSeventeenMilliseconds() {
        var g = Glass()
        g.frame(0, [(0, 112, 240)])
        g.tick(0.5)
        for i in 1...4 { g.frame(0.5 + Double(i) * 0.00425, [(0, 112 + Double(i) * 150, 240)]) }
        g.lift(at: 0.6)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.tooFast])
    }

    /// A crossing within max_speed (19 px a millisecond) that takes 31 ms, after a twitch a
    /// second earlier: the rest before it earns nothing. Before: duration ran from the twitch.
    @Test func fastCrossingAfterATwitchIsTooQuick() {
        var g = Glass()
        g.frame(0, [(0, 112, 240)])
        g.tick(0.05)
        g.frame(1.0, [(0, 114, 240)])
        for i in 1...31 { g.frame(2.0 + Double(i) * 0.001, [(0, 114 + Double(i) * 19, 240)]) }
        g.lift(at: 2.05)
        #expect(!g.unlocked)
        #expect(g.log.contains { $0.hasPrefix("too-quick") })
    }

    /// The threshold reached in one report, then a drift back before the lift (the fuzzers'
    /// oracle found it): the finger rests on the thumb, one report 30 ms later carries it
    /// 300 px past the half threshold, three 4 px steps go back. Before: the crossing was
    /// timed to the last sample, so the steps after it made up min_duration.
    @Test(arguments: [0.5, 1.0])
    func thresholdInOneReportThenDriftBack(threshold: Double) {
        var s = Settings()
        s.gesture.threshold = threshold
        var g = Glass(s)
        g.frame(0, [(0, 112, 240)])
        g.tick(0.5)
        let end = 112 + 576 * threshold + 12
        g.frame(0.53, [(0, end, 240)])
        for i in 1...3 { g.frame(0.53 + Double(i) * 0.03, [(0, end - Double(i) * 4, 240)]) }
        g.lift(at: 0.65)
        #expect(!g.unlocked)
        #expect(g.log.contains { $0.hasPrefix("too-quick") })
    }

    /// The wake touch after a SYN_DROPPED resync: the finger that woke the blank panel is
    /// re-reported as cancel + new down. Before: the cancel emptied the idle gate's memory
    /// and the "new" finger slid to an unlock.
    @Test func wakeTouchAfterAResyncNeverUnlocks() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 112, 240)])
        g.tick(41.1)
        g.frame(41.15, [(0, 150, 240)])
        g.slots[0].trackingID += 1 // the kernel lost the lift and landing
        g.overflowAndResync(at: 41.3)
        g.stroke(112 + 38, 700, from: 41.3, seconds: 0.5, hz: 60, landed: true)
        g.lift(at: 41.9)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown, .landedBeforeShown])
    }

    /// Same, with the snapshot showing the same contact: the gap alone makes it uncertain.
    @Test func wakeTouchContinuingThroughAResyncNeverUnlocks() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 112, 240)])
        g.overflowAndResync(at: 41.2)
        g.stroke(112, 700, from: 41.2, seconds: 0.5, hz: 60, landed: true)
        g.lift(at: 41.8)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown])
    }

    /// The touch device re-enumerates with the wake finger down.
    @Test func wakeTouchAfterReenumerationNeverUnlocks() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 112, 240)])
        g.tick(41.1)
        g.reenumerate(at: 41.2)
        g.tick(41.3)
        g.stroke(112, 700, from: 41.3, seconds: 0.5, hz: 60, landed: true)
        g.lift(at: 41.9)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown, .landedBeforeShown])
    }

    /// Companion 1: the wake touch is ghost-cancelled (a jump) while still down; a second
    /// finger then slides. Before: the cancel emptied the gate's memory of the wake touch.
    @Test func companionAfterTheWakeTouchWasGhostCancelled() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 400, 300)])
        g.tick(41.1)
        g.frame(41.12, [(0, 400, 40)]) // 260 px in 20 ms: beyond the jump limit
        g.stroke(slot: 1, 112, 700, from: 41.3, seconds: 0.5, hz: 60)
        g.lift(1, at: 41.9)
        g.lift(0, at: 42)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.extraFinger, .landedBeforeShown])
    }

    /// Companion 2: a second finger lands on the dark panel with the wake touch; the ghost
    /// filter releases it after the wake finger lifted. Before: its late down passed the
    /// gate as a fresh touch on a lit panel.
    @Test func companionReleasedByTheGhostFilterAfterTheWakeTouchLifted() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 400, 300), (1, 112, 240)])
        g.lift(0, at: 41.01)
        g.tick(41.05)
        g.stroke(slot: 1, 112, 700, from: 41.05, seconds: 0.5, hz: 60, landed: true)
        g.lift(1, at: 41.6)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown, .landedBeforeShown])
    }

    /// Companion 3: SIGUSR2 within 30 ms of a touch on the dark panel, while the ghost filter
    /// still holds it. Before: the down released after the signal met an awake panel.
    @Test func touchJustBeforeASignalWakeNeverUnlocks() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 112, 240)])
        g.signalWake(at: 41.01)
        g.tick(41.04)
        g.stroke(112, 700, from: 41.04, seconds: 0.5, hz: 60, landed: true)
        g.lift(at: 41.6)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown])
    }

    /// Companion 4: SIGHUP reloads while the wake touch is down. Before: the new session
    /// and idle gate knew nothing of it.
    @Test func wakeTouchAcrossAReloadNeverUnlocks() {
        var g = Glass(idleSettings())
        g.tick(40)
        g.frame(41, [(0, 112, 240)])
        g.reload(at: 41.01)
        g.tick(41.05)
        g.stroke(112, 700, from: 41.05, seconds: 0.5, hz: 60, landed: true)
        g.lift(at: 41.6)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.landedBeforeShown])
    }

    /// The one-finger rule after each moment that used to make the session forget a resting
    /// finger (a cancel, SIGUSR1, a relayout, SIGHUP): a second finger's slide never unlocks.
    @Test(arguments: ["cancel", "relock", "relayout", "reload", "resync", "remap"])
    func oneFingerRuleSurvives(_ moment: String) {
        var g = Glass()
        g.frame(0, [(0, 400, 400)]) // resting off the thumb
        g.tick(0.1)
        switch moment {
        case "cancel":
            // A third finger lands and is cancelled by a jump.
            g.frame(0.2, [(2, 600, 100)])
            g.tick(0.25)
            g.frame(0.26, [(2, 600, 450)])
            g.lift(2, at: 0.3)
        case "relock": g.apply(.reset(time: 0.3))
        case "relayout":
            let layout = SceneBuilder(settings: g.session.settings, width: 800, height: 480).layout
            _ = g.session.relayout(layout, time: 0.3)
        case "reload": g.reload(at: 0.3)
        case "resync": g.overflowAndResync(at: 0.3)
        default: g.apply(.uncertain(.remap, time: 0.3))
        }
        g.stroke(slot: 1, 112, 700, from: 1, seconds: 0.5, hz: 60)
        g.lift(1, at: 1.6)
        #expect(!g.unlocked, "after \(moment)")
        // Once every finger has lifted, a slide unlocks again.
        g.lift(0, at: 2)
        g.stroke(slot: 1, 112, 700, from: 3, seconds: 0.5, hz: 60)
        g.lift(1, at: 3.6)
        #expect(g.unlocked, "after \(moment), all lifted")
    }

    /// A finger held back by the ghost filter is still a finger on the glass: a slide made
    /// while it rests there does not unlock (it used to be invisible until proven).
    @Test func aFingerTheGhostFilterHoldsBackStillCounts() {
        var g = Glass()
        g.stroke(112, 400, from: 0, seconds: 0.3, hz: 60)
        g.frame(0.31, [(1, 600, 100)]) // lands, still unproven
        g.stroke(400, 700, from: 0.31, seconds: 0.2, hz: 60, landed: true)
        g.lift(0, at: 0.52)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.secondFinger])
    }

    /// The authority refuses what is not a slide and logs every decision with its source.
    @Test func otherSourcesAreRefusedWithTheirSource() {
        var a = UnlockAuthority(gesture: GestureSettings(), layout: Glass().session.layout)
        for request in [UnlockRequest.tap(contact: 1, time: 3)] {
            #expect(!a.decide(request).isGranted)
        }
        #expect(
            a.takeLog().map(\.description) == [
                "t=3.000 source-disabled tap"
            ])
    }
}

@Suite struct AuthorityBoundsTests {
    /// 100,000 contacts land and never lift (a hostile stream straight into the session):
    /// each event costs the same, and nothing of theirs unlocks.
    @Test func manyFingersDownStayCheap() {
        var run = Run()
        for i in 0..<100_000 { run.feed([down(homeX, Double(i) * 1e-4, id: i)]) }
        run.feed(slide(homeX, endX + 10, from: 10, seconds: 0.5, id: 99_999) + [up(10.6, id: 99_999)])
        #expect(!run.effects.contains("unlock"))
        #expect(run.refusals.reasons == [.extraFinger])
        #expect(run.session.authority.contactsDown == 99_999)
    }

    /// Time running backwards, NaN points and infinite times never unlock.
    @Test func hostileTimesAndPointsNeverUnlock() {
        var back = Run()
        back.feed([down(homeX, 1), move(400, 0.9), move(endX + 10, 1.2), up(1.3)])
        #expect(!back.effects.contains("unlock"))
        #expect(back.refusals.reasons == [.tooFast])
        var nan = Run()
        nan.feed([down(homeX, 1), .touchMove(id: 0, point: Point(x: .nan, y: 240), time: 1.1)])
        nan.feed(slide(homeX, endX + 10, from: 1.2, seconds: 0.5) + [up(1.8)])
        #expect(!nan.effects.contains("unlock"))
        #expect(nan.refusals.reasons == [.tooFast])
        var inf = Run()
        inf.feed([down(homeX, 1), move(400, .infinity), move(endX + 10, .infinity), up(.infinity)])
        #expect(!inf.effects.contains("unlock"))
        #expect(inf.refusals.reasons == [.stuck])
    }
}
