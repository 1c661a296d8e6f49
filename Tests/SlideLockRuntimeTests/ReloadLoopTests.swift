import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import Testing

@testable import SlideLockRuntime

/// Reloads (SIGHUP, `ctl reload`) that take effect, or say they do not: a hook running
/// through one still reports to the session and hands over to the new hooks, a feedback run
/// is stopped through the loop (never waited for), and a key only a start can apply is
/// refused by name.
@Suite struct ReloadLoopTests {
    /// A reload while the unlock hook runs: the hook's success still shows the unlocked
    /// screen and starts the cooldown; the next unlock runs the reloaded hook.
    @Test func aHookRunningThroughAReloadStillReportsAndTheNewHookTakesOver() throws {
        let old = FakeAction(succeeds: true, duration: 0.5)
        let new = FakeAction(succeeds: true, duration: 0.5)
        var made = [old, new]
        let f = try LoopFixture(
            ["action.on_unlock=hook", "action.hook=/bin/true", "action.cooldown=5", "animation.unlocked_duration=0.5"],
            make: { _ in made.isEmpty ? new : made.removeFirst() })
        let lift = f.fullSlide(at: 101)
        f.world.signal(lift + 0.2, SIGHUP)
        // The old hook ends at lift + 0.5, unlocked until lift + 1: a slide at lift + 2 is
        // inside the cooldown, one at lift + 6 is not.
        f.fullSlide(at: lift + 2)
        f.fullSlide(at: lift + 6)
        f.world.endOfTest = lift + 9
        _ = try f.run()
        #expect(f.logLines.contains { $0.contains("configuration reloaded") })
        #expect(!f.logLines.contains { $0.contains("ignored-action") }, "\(f.logLines)")
        #expect(f.logLines.contains { $0.contains("ignored-touch cooldown") }, "\(f.logLines)")
        #expect(old.starts.count == 1)
        #expect(new.starts.count == 1, "the reloaded hook runs the next unlock")
        #expect(
            f.states == [
                .locked, .pressed, .dragging, .busy, .unlocked, .locked, .pressed, .dragging, .busy, .unlocked, .locked,
            ])
    }

    /// Two unlock hooks never run at once: a reload to exit mode mid-hook starts the session
    /// locked while the old hook runs on; after a reload back to hook mode, a slide granted
    /// then fails rather than start the new hook beside it, and the old hook's late success
    /// unlocks nothing.
    @Test func noUnlockHookStartsWhileTheReplacedOneRuns() throws {
        let old = FakeAction(succeeds: true, duration: 5)
        let new = FakeAction(succeeds: true, duration: 0.2)
        var made: [FakeAction?] = [old, nil, new]
        let hook = ["action.on_unlock=hook", "action.hook=/bin/true", "action.cooldown=0"]
        let f = try LoopFixture(hook, make: { _ in made.isEmpty ? nil : made.removeFirst() })
        var configs = [
            try ConfigLoader.load(
                sources: [], overrides: ["theme.thumb_color=#FF0000"] + hook + ["action.on_unlock=exit"]),
            try ConfigLoader.load(sources: [], overrides: ["theme.thumb_color=#FF0000"] + hook),
        ]
        f.reloadResult = { configs.removeFirst() }
        let lift = f.fullSlide(at: 101)
        f.world.signal(lift + 0.2, SIGHUP)
        f.world.signal(lift + 0.4, SIGHUP)
        f.fullSlide(at: lift + 1)
        f.world.endOfTest = lift + 8
        _ = try f.run()
        #expect(
            f.logLines.contains {
                $0.contains("hook: not starting the unlock hook: the one started before the reload still runs")
            }, "\(f.logLines)")
        #expect(old.starts.count == 1)
        #expect(new.starts.isEmpty)
        #expect(!f.states.contains(.unlocked), "\(f.states)")
        #expect(f.states.contains(.failed))
    }

    /// A reload while a feedback run that ignores SIGTERM goes on: the reload does not wait
    /// out `action.kill_grace` for it (the run is still there right after the reload, being
    /// stopped), and the loop kills and reaps it once the grace is over.
    @Test func aReloadStopsAFeedbackRunThroughTheLoop() throws {
        let hooks = LogCollector()
        let f = try LoopFixture(
            [
                "action.feedback_hook=/bin/sh -c \"trap '' TERM; exec /bin/sleep 30\"", "action.kill_grace=5",
                "animation.hue=off",
            ],
            make: { settings in try LockScreen.makeAction(settings, output: "FAKE-1", log: hooks.logger) })
        // A finger on the thumb moves it: the slide-start feedback runs.
        f.world.touch(101, .touchDown(id: 1, point: f.thumbCentre(progress: 0), time: 101))
        f.world.touch(101.05, .touchMove(id: 1, point: f.thumbCentre(progress: 0.2), time: 101.05))
        var pid: Int32 = 0
        f.world.at(101.3, fd: FakeTouch.descriptor) { pid = Self.startedPid(hooks.all) ?? 0 }
        f.world.signal(101.4, SIGHUP)
        var aliveAfterReload = false
        f.world.at(101.45, fd: FakeTouch.descriptor) { aliveAfterReload = pid > 0 && kill(pid, 0) == 0 }
        // The finger stays down: a cancel would start another run that ignores SIGTERM.
        f.world.endOfTest = 120
        _ = try f.run()
        #expect(pid > 0, "\(hooks.all)")
        #expect(aliveAfterReload, "the reload waited for the feedback run: \(hooks.all)")
        #expect(f.logLines.contains { $0.contains("configuration reloaded") })
        #expect(
            hooks.all.contains { $0.contains("hook[\(pid)]: stopping (the configuration was reloaded): SIGTERM") },
            "\(hooks.all)")
        #expect(hooks.all.contains { $0.contains("hook[\(pid)]: still running 5 s after SIGTERM, sending SIGKILL") })
        #expect(kill(pid, 0) != 0, "reaped")
    }

    /// A reload that changes a key only a start applies (the button, the recorder, the touch
    /// mapping) is refused whole, in one line naming the keys: the old configuration runs on,
    /// the rest of the new one included.
    @Test(arguments: [
        (["input.button=gpiochip0:5"], "input.button changes only at start"),
        (["audit.recordings=off"], "audit.recordings changes only at start"),
        (["input.calibration=0 1 0 1 0 0", "audit.keep=3"], "input.calibration, audit.keep change only at start"),
    ])
    func aStartOnlyKeyIsRefusedByName(changes: [String], line: String) throws {
        let f = try LoopFixture(["animation.hue=off"])
        f.reloadResult = {
            try ConfigLoader.load(
                sources: [],
                overrides: ["theme.thumb_color=#FF0000", "animation.hue=off", "theme.background=#203040"] + changes)
        }
        f.world.signal(101, SIGHUP)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(
            f.logLines.contains { $0.contains("configuration not reloaded: \(line) (restart the lock)") },
            "\(f.logLines)")
        #expect(!f.logLines.contains { $0.contains("configuration reloaded") })
        let last = try #require(f.output.shown.last)
        #expect(last.pixels[0] & 0xFFFFFF != 0x203040, "the rest of the new configuration is not taken either")
    }

    /// The process id in the first `hook[PID]: started` line.
    static func startedPid(_ lines: [String]) -> Int32? {
        guard let line = lines.first(where: { $0.contains("]: started (") }),
            let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]")
        else { return nil }
        return Int32(line[line.index(after: open)..<close])
    }
}
