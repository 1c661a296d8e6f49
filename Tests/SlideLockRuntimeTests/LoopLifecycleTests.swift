import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import Testing

@testable import SlideLockRuntime

@Suite struct LoopLifecycleTests {
    @Test func stateSequencePerSlide() throws {
        let ok = try LoopFixture(
            ["action.on_unlock=hook", "action.hook=/bin/true"], action: FakeAction(succeeds: true))
        ok.fullSlide(at: 101)
        ok.world.endOfTest = 106
        _ = try ok.run()
        #expect(ok.states == [.locked, .pressed, .dragging, .busy, .unlocked, .locked])
        #expect(ok.notifier.statuses == ["pressed", "dragging", "busy", "unlocked", "locked"])

        let failing = try LoopFixture(
            ["action.on_unlock=hook", "action.hook=/bin/false"], action: FakeAction(succeeds: false))
        failing.fullSlide(at: 101)
        failing.world.endOfTest = 106
        _ = try failing.run()
        #expect(failing.states == [.locked, .pressed, .dragging, .busy, .failed, .locked])

        let exit = try LoopFixture([])
        exit.fullSlide(at: 101)
        _ = try exit.run()
        #expect(exit.states == [.locked, .pressed, .dragging, .unlocked])
    }

    @Test func readyOnceTheFirstFrameIsOnScreen() throws {
        let f = try LoopFixture([], pacing: .paced)
        f.world.endOfTest = 101
        _ = try f.run()
        #expect(f.notifier.readyAt.count == 1)
        #expect(f.readyCalls == 1)
        #expect(f.notifier.readyAt[0] >= (f.output.shown.first?.completed ?? .infinity))
    }

    @Test func sighupReloadKeepsTheOldConfigOnError() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced)
        f.reloadResult = { throw ConfigErrors([.unreadable(file: "/etc/slidelock/slidelock.conf", reason: "broken")]) }
        f.world.signal(101, SIGHUP)
        // The old config still unlocks in exit mode.
        f.fullSlide(at: 102)
        #expect(try f.run() == 0)
        #expect(
            f.logLines.contains {
                $0.contains("configuration not reloaded, keeping the old one") && $0.contains("broken")
            })
        #expect(f.output.frames.count > 1)
    }

    @Test func sighupReloadAppliesAGoodConfig() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced)
        f.reloadResult = {
            try ConfigLoader.load(sources: [], overrides: ["animation.hue=off", "theme.background=#203040"])
        }
        f.world.signal(101, SIGHUP)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.logLines.contains { $0.contains("configuration reloaded") })
        let last = try #require(f.output.shown.last)
        #expect(last.pixels[0] & 0xFFFFFF == 0x203040)
    }

    /// A steady slide from home to the end; with `relock`, SIGUSR1 arrives half way. Without
    /// it the same slide opens (the control), with it the relock forgets the finger.
    @Test(arguments: [false, true])
    func sigusr1RelocksMidDrag(relock: Bool) throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced)
        let from = f.thumbCentre(progress: 0)
        f.world.touch(101, .touchDown(id: 1, point: from, time: 101))
        for i in 1...20 {
            let t = 101 + Double(i) * 0.03
            f.world.touch(t, .touchMove(id: 1, point: f.thumbCentre(progress: Double(i) / 20), time: t))
        }
        if relock { f.world.signal(101.31, SIGUSR1) }
        f.world.touch(101.7, .touchUp(id: 1, time: 101.7))
        let status = try f.run()
        guard relock else {
            #expect(f.states.contains(.unlocked))
            return
        }
        #expect(status == 128 + SIGTERM)
        #expect(!f.states.contains(.unlocked))
        #expect(f.log.all.contains { $0.contains("uncertain-relock") }, "\(f.log.all)")
        let last = try #require(f.output.shown.last)
        let x = try #require(f.thumbX(in: last))
        #expect(abs(x - from.x) <= 1)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func stopSignalsNeverReportAnUnlock(_ signal: Int32) throws {
        let f = try LoopFixture([])
        f.world.signal(101, signal)
        #expect(try f.run() == 128 + signal)
    }

    /// The watchdog is fed at half its interval while the loop runs, even with nothing to draw.
    @Test func watchdogIsFedWhileIdle() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced, watchdog: 2)
        f.world.endOfTest = 110
        _ = try f.run()
        #expect(f.notifier.pets.count >= 9)
        for (a, b) in zip(f.notifier.pets, f.notifier.pets.dropFirst()) { #expect(b - a <= 1.0 + 1e-6) }
    }

    /// An output whose flips keep hanging (and whose re-set then fails) is lost: the loop
    /// stops feeding the watchdog so systemd restarts slidelock.
    @Test func watchdogStarvesWhenTheOutputCannotBeRecovered() throws {
        let f = try LoopFixture([], pacing: .paced, watchdog: 2)
        f.output.hangFrom = 102
        f.output.failsAfterAbandon = true
        f.world.endOfTest = 112
        _ = try f.run()
        let lastPet = try #require(f.notifier.pets.last)
        #expect(lastPet < 103)
        #expect(f.logLines.contains { $0.contains("no longer feeding the watchdog") })
    }

    /// Without a watchdog, an output that cannot be recovered ends the run with an error.
    @Test func unrecoverableOutputWithoutWatchdogThrows() throws {
        let f = try LoopFixture([], pacing: .paced)
        f.output.hangFrom = 101
        f.output.failsAfterAbandon = true
        #expect(throws: (any Error).self) { _ = try f.run() }
    }

    /// A flip that hangs once is given up on; the output gets a full frame and runs on.
    @Test func aHungFlipIsRecovered() throws {
        let f = try LoopFixture([], pacing: .paced, watchdog: 2)
        f.output.hangOnceAt = 101
        f.world.endOfTest = 104
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.output.abandoned >= 1)
        #expect(f.logLines.contains { $0.contains("did not complete") })
        #expect((f.notifier.pets.last ?? 0) > 103)
    }

    /// The lock screen opens its fonts once: every output draws its label with them, and a
    /// font warning is said once, not once per output.
    @Test func outputsShareTheFontsOpenedAtStart() throws {
        let wanted = ["No Such Family", "DejaVu Sans"]
        let fonts = try LabelFonts(wanted, weight: .bold)
        let f = try LoopFixture(
            ["theme.fonts=No Such Family, DejaVu Sans"], sizes: [(400, 240), (320, 240)], fonts: fonts)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.output.frames.count >= 1 && f.display.outputs[1].frames.count >= 1)
        #expect(f.loop.views.map(\.renderer.openedFontSets) == [0, 0])
        let said = f.logLines.filter { $0.contains("font: font family \"No Such Family\" is not installed") }
        #expect(said.count == 1, "\(f.logLines)")
    }
}
