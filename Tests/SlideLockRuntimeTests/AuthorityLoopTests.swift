import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// Forged unlocks, live: the loop with a raw-event panel behind a real touch pipeline (ghost
/// filter on), the idle gate, signals and reloads, deciding as the core tests do. An 800x480
/// screen, as `UnlockAuthorityTests`.
@Suite struct AuthorityLoopTests {
    func fixture(_ overrides: [String] = [], idle: Bool = false) throws -> LoopFixture {
        let f = try LoopFixture(["animation.hue=off"] + overrides, sizes: [(800, 480)], panel: true)
        if idle {
            try f.add(
                IdleControl(
                    settings: f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100, log: f.log.logger))
        }
        return f
    }

    var unlockLines: (LoopFixture) -> Int { { f in f.logLines.filter { $0.contains("unlocked by a") }.count } }

    // MARK: Real slides

    /// The open set: a hand's minimum-jerk stroke (10t^3 - 15t^4 + 6t^5 of the way at t of
    /// the time) from rest on the thumb over the whole travel and 24 px past its end, with
    /// +-2 px of jitter across and +-1 px along: 0.065 s (1.3 x min_duration) at 90, 120 and
    /// 200 Hz, 0.09 s at 60 Hz, 0.1 s at 30 Hz, a 3 s slide at 60 Hz, at every threshold
    /// allowed.
    @Test(arguments: [(90.0, 0.065), (120, 0.065), (200, 0.065), (60, 0.09), (30, 0.1), (60, 3)], [0.5, 0.75, 1])
    func realSlidesUnlock(_ rate: (Double, Double), _ threshold: Double) throws {
        let f = try fixture(["gesture.threshold=\(threshold)"])
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        let (hz, seconds) = rate
        let length = end.x - home.x + 24
        var seed: UInt32 = 0x1234_5678
        func jitter(_ amplitude: Double) -> Double {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return (Double(seed >> 8) / Double(1 << 24) * 2 - 1) * amplitude
        }
        var t = 101.0
        for _ in 0..<3 {
            panel.frame(t, [(0, home.x + jitter(1), home.y + jitter(2))])
            t += 1 / hz
        }
        let begin = t - 1 / hz
        while t < begin + seconds + 0.5 / hz {
            let p = min((t - begin) / seconds, 1)
            let along = length * (10 * p * p * p - 15 * p * p * p * p + 6 * p * p * p * p * p)
            panel.frame(t, [(0, home.x + along + jitter(1), home.y + jitter(2))])
            t += 1 / hz
        }
        panel.frame(t, [(0, home.x + length + jitter(1), home.y + jitter(2))])
        panel.frame(t + 1 / hz, [], lift: [0])
        f.world.endOfTest = t + 3
        _ = try f.run()
        #expect(f.states.contains(.unlocked), "\(rate) at \(threshold): \(f.logLines)")
    }

    /// A finger that lands already moving: 180 px in its first 16 ms. It was "too-fast" live.
    @Test func aFingerThatLandsMovingUnlocks() throws {
        let f = try fixture()
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.frame(101, [(0, home.x, home.y)])
        panel.frame(101.016, [(0, home.x + 180, home.y)])
        panel.frame(101.033, [(0, home.x + 360, home.y)])
        panel.frame(101.05, [(0, home.x + 500, home.y)])
        panel.frame(101.066, [(0, end.x + 5, home.y)])
        panel.frame(101.09, [], lift: [0])
        f.world.endOfTest = 104
        _ = try f.run()
        #expect(f.states.contains(.unlocked), "\(f.logLines)")
    }

    // MARK: Forged unlocks

    /// A twitch, then a burst of samples 1 ms apart carrying the finger past the end.
    @Test func aBurstAfterATwitchDoesNotUnlock() throws {
        let f = try fixture()
        let home = f.thumbCentre(progress: 0)
        let panel = try #require(f.panel)
        panel.frame(101, [(0, home.x, home.y)])
        panel.frame(101.5, [(0, home.x + 2, home.y)])
        for i in 1...4 { panel.frame(102 + Double(i) * 0.001, [(0, home.x + 2 + Double(i) * 150, home.y)]) }
        panel.frame(102.01, [], lift: [0])
        f.world.endOfTest = 104
        _ = try f.run()
        #expect(!f.states.contains(.unlocked))
        #expect(f.logLines.contains { $0.contains("too-fast") })
    }

    /// The wake touch on a blank panel, re-reported by a SYN_DROPPED resync as a new
    /// contact, slides to the end: no unlock.
    @Test func theWakeTouchAfterAResyncDoesNotUnlock() throws {
        let f = try fixture(["display.dim_after=0", "display.blank_after=2"], idle: true)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.frame(103, [(0, home.x, home.y)])
        panel.overflow(at: 103.2, relanded: 0)
        panel.stroke(home.x, end.x + 8, y: home.y, from: 103.3, seconds: 0.4, hz: 60)
        panel.frame(103.8, [], lift: [0])
        f.world.endOfTest = 105
        _ = try f.run()
        #expect(f.display.blanks.count >= 1)
        #expect(!f.states.contains(.unlocked), "\(f.logLines)")
    }

    /// The touch device re-enumerates with the wake finger still down.
    @Test func theWakeTouchAfterReenumerationDoesNotUnlock() throws {
        let f = try fixture(["display.dim_after=0", "display.blank_after=2"], idle: true)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.frame(103, [(0, home.x, home.y)])
        panel.reenumerate(at: 103.2)
        panel.stroke(home.x, end.x + 8, y: home.y, from: 103.3, seconds: 0.4, hz: 60)
        panel.frame(103.8, [], lift: [0])
        f.world.endOfTest = 105
        _ = try f.run()
        #expect(!f.states.contains(.unlocked), "\(f.logLines)")
    }

    /// SIGUSR2 within 30 ms of a touch on the blank panel (the ghost filter still holds it).
    @Test func aTouchJustBeforeSIGUSR2DoesNotUnlock() throws {
        let f = try fixture(["display.dim_after=0", "display.blank_after=2"], idle: true)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        f.world.signal(103.01, SIGUSR2)
        panel.stroke(home.x, end.x + 8, y: home.y, from: 103, seconds: 0.4, hz: 60)
        panel.frame(103.5, [], lift: [0])
        f.world.endOfTest = 105
        _ = try f.run()
        #expect(!f.states.contains(.unlocked), "\(f.logLines)")
    }

    /// SIGUSR2 wakes the blank panel and a finger lands before a frame is on it again (the
    /// VM found this race: the lock counted as shown at the wake decision): no unlock. A
    /// slide after the panel is lit does unlock.
    @Test func aTouchBeforeTheWokenPanelShowsAFrameDoesNotUnlock() throws {
        let f = try fixture(["display.dim_after=0", "display.blank_after=2"], idle: true)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        // The landing, 0.5 ms after the signal, is read in the same turn of the loop.
        f.world.signal(103, SIGUSR2)
        panel.frame(103.0005, [(0, home.x, home.y)], readAt: 103)
        for i in 1...24 {
            panel.frame(103.0005 + Double(i) / 60, [(0, home.x + (end.x + 8 - home.x) * Double(i) / 24, home.y)])
        }
        panel.frame(103.5, [], lift: [0])
        panel.stroke(home.x, end.x + 8, y: home.y, from: 104, seconds: 0.4, hz: 60)
        panel.frame(104.5, [], lift: [0])
        f.world.endOfTest = 105.5
        _ = try f.run()
        #expect(f.logLines.filter { $0.contains("unlocked by a") }.count == 1, "\(f.logLines)")
        #expect(f.logLines.contains { $0.contains("hidden-idle") }, "\(f.logLines)")
    }

    /// A finger rests off the thumb; SIGUSR1, SIGHUP or SIGUSR2 comes; a second finger
    /// slides: the one-finger rule still holds. After both lift, a slide unlocks.
    @Test(arguments: [SIGUSR1, SIGHUP, SIGUSR2]) func theOneFingerRuleSurvivesSignals(_ signal: Int32) throws {
        let f = try fixture()
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.frame(101, [(0, 400, 440)])
        f.world.signal(101.2, signal)
        panel.stroke(slot: 1, home.x, end.x + 8, y: home.y, from: 101.5, seconds: 0.4, hz: 60)
        panel.frame(102, [], lift: [1])
        panel.frame(102.2, [], lift: [0])
        f.world.endOfTest = 103.5
        _ = try f.run()
        #expect(!f.states.contains(.unlocked), "\(f.logLines)")
        #expect(f.logLines.contains { $0.contains("extra-finger") || $0.contains("landed-while-uncertain") })
    }

    /// Dimming never starts while a finger rests on the glass.
    @Test func noDimmingUnderARestingFinger() throws {
        let f = try fixture(["display.dim_after=1", "display.blank_after=0"], idle: true)
        let panel = try #require(f.panel)
        panel.frame(100.5, [(0, 400, 440)])
        panel.frame(104, [], lift: [0])
        f.world.endOfTest = 104.5
        _ = try f.run()
        let dims = f.logLines.filter { $0.contains("idle: dim") }
        #expect(dims.isEmpty, "\(f.logLines)")
    }

    /// A layout too short to slide is refused at start with one line naming the key.
    @Test func aTrackTooShortIsRefusedAtStart() throws {
        do {
            _ = try LoopFixture(["layout.track_width=0.1"])
            Issue.record("started")
        } catch let error as RunError {
            #expect(error.description.hasPrefix("layout.track_width: leaves "))
            #expect(!error.description.contains("\n"))
        }
    }
}
