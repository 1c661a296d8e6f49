import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// `ctl watch` against the loop with fakes: the status, then a line per change in the
/// order a person at the panel saw them; at most four watchers; one that stops reading is
/// dropped and never holds a frame back.
@Suite struct WatchLoopTests {
    func fixture(_ overrides: [String] = []) throws -> (LoopFixture, FakeControlListener) {
        let f = try LoopFixture(
            ["action.on_unlock=hook", "action.hook=/bin/true"] + overrides,
            action: FakeAction(succeeds: true, duration: 0.5))
        let listener = FakeControlListener()
        let control = LockControl(server: ControlServer(listener: listener, access: ControlAccess()))
        control.wallClock = { 1_700_000_000 }
        control.configDigest = "0123456789abcdef"
        try f.add(control)
        return (f, listener)
    }

    @Test func aWatcherSeesTheStatusThenEachChangeInOrder() throws {
        let (f, c) = try fixture()
        let watcher = c.send(f.world, "watch", at: 101)
        c.send(f.world, "lockdown on", at: 102)
        f.fullSlide(at: 103) // refused: lockdown
        c.send(f.world, "message --for 2 Back soon", at: 104)
        c.send(f.world, "lockdown off", at: 105)
        f.fullSlide(at: 108) // opens: the hook runs, succeeds, the lock shows it and relocks
        f.world.endOfTest = 115
        _ = try f.run()
        let lines = watcher.lines
        #expect(lines.first?.hasPrefix("status state=locked display=on lockdown=off") == true, "\(lines)")
        #expect(lines.first?.contains(" config=0123456789abcdef") == true)
        #expect(
            Array(lines.dropFirst()) == [
                "lockdown on", "rejected slide lockdown", "message \"Back soon\"", "lockdown off", "message -",
                "state pressed", "state dragging", "unlock slide", "state busy", "state unlocked", "state locked",
            ], "\(lines)")
        #expect(!watcher.closed)
    }

    @Test func theJSONWatcherGetsOneObjectALine() throws {
        let (f, c) = try fixture()
        let watcher = c.send(f.world, "watch --json", at: 101)
        c.send(f.world, "unlock", at: 102)
        f.world.endOfTest = 104
        _ = try f.run()
        let lines = watcher.lines
        #expect(lines.first?.hasPrefix(#"{"event":"status","time":1700000000,"state":"locked","#) == true)
        #expect(lines.dropFirst().first == #"{"event":"unlock","time":1700000000,"source":"ctl"}"#, "\(lines)")
        #expect(lines.dropFirst(2).first == #"{"event":"state","time":1700000000,"state":"busy"}"#, "\(lines)")
    }

    @Test func aFifthWatcherIsTurnedAwayAndOneThatLeavesMakesRoom() throws {
        let (f, c) = try fixture()
        let first = (0..<4).map { c.send(f.world, "watch", at: 101 + Double($0) * 0.01) }
        let fifth = c.send(f.world, "watch", at: 102)
        f.world.at(103, fd: first[0].fd) { first[0].hangsUp = true }
        let sixth = c.send(f.world, "watch", at: 104)
        f.world.endOfTest = 105
        _ = try f.run()
        #expect(fifth.reply == "error busy: 4 watchers already\n")
        #expect(fifth.closed)
        #expect(first[0].closed && !first[1].closed)
        #expect(sixth.lines.first?.hasPrefix("status ") == true)
        #expect(f.control?.server?.watcherCount == 4)
        #expect(f.logLines.contains { $0.contains("refused watch from uid 0") })
    }

    @Test func aWatcherThatSendsIsDropped() throws {
        let (f, c) = try fixture()
        let chatty = c.connect(f.world, at: 101, [(101, Array("watch\n".utf8)), (102, Array("status\n".utf8))])
        f.world.endOfTest = 103
        _ = try f.run()
        #expect(chatty.lines.count == 1)
        #expect(chatty.closed)
        #expect(f.logLines.contains { $0.contains("sent bytes while watching, dropped") }, "\(f.logLines)")
    }

    /// Four watchers, one of which stops reading, while a finger drags and the site floods
    /// the lock with messages: frames keep the refresh, the silent one is dropped at once
    /// and nothing is kept for it, the others see every message.
    @Test func aSilentWatcherIsDroppedAndNoFrameIsLate() throws {
        let (f, c) = try fixture()
        let readers = (0..<3).map { c.send(f.world, "watch", at: 100.5 + Double($0) * 0.01) }
        let silent = c.send(f.world, "watch", at: 100.6)
        f.world.at(101, fd: silent.fd) { silent.reads = false }
        for i in 0..<8 { c.send(f.world, "message flood \(i)", at: 101 + Double(i) * 0.1) }
        f.holdAndDrag(from: 101)
        f.world.endOfTest = 103
        _ = try f.run()
        #expect(f.framesShown(from: 101, to: 102) >= 55, "\(f.framesShown(from: 101, to: 102)) frames in the second")
        #expect(silent.closed)
        #expect(silent.lines.count == 1) // its status, nothing after
        #expect(f.logLines.contains { $0.contains("not reading its lines, dropped") })
        for reader in readers {
            let messages = reader.lines.filter { $0.hasPrefix("message \"flood") }
            #expect(messages.count == 8, "\(reader.lines)")
        }
        #expect(f.control?.server?.watcherCount == 3)
        #expect(!f.states.contains(.unlocked))
    }

    @Test func displayOffThenATouchOnlyWakes() throws {
        let (f, c) = try fixture(["display.dim_after=0", "display.blank_after=0"])
        try f.add(
            IdleControl(
                settings: f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100, log: f.log.logger))
        let watcher = c.send(f.world, "watch", at: 101)
        let off = c.send(f.world, "display off", at: 102)
        f.fullSlide(at: 103) // lands on a dark panel: it wakes it, and opens nothing
        let dim = c.send(f.world, "display dim", at: 106)
        let on = c.send(f.world, "display on", at: 107)
        f.world.endOfTest = 108
        _ = try f.run()
        #expect(off.reply == "ok display blank\n")
        #expect(dim.reply == "ok display dim\n")
        #expect(on.reply == "ok display on\n")
        #expect(Array(watcher.lines.dropFirst()) == ["display blank", "display on", "display dim", "display on"])
        #expect(!f.states.contains(.unlocked))
        #expect(f.action?.starts.isEmpty == true)
    }

    /// `ctl identify`: a white band round the screen for 10 s, a feedback run (a buzzer's
    /// beep), then the frame as before; nothing about it unlocks.
    @Test func identifyShowsABorderForTenSecondsAndBeeps() throws {
        let (f, c) = try fixture(["action.feedback_hook=/bin/true"])
        let identify = c.send(f.world, "identify", at: 101)
        f.world.endOfTest = 113
        _ = try f.run()
        #expect(identify.reply == "ok\n")
        func corner(_ frame: PresentedFrame) -> UInt32 { frame.pixels[0] & 0xFF_FFFF }
        func shown(at t: Double) -> PresentedFrame? { f.output.shown.last { ($0.completed ?? 0) <= t } }
        let before = try #require(shown(at: 100.9))
        let during = try #require(shown(at: 105))
        let after = try #require(shown(at: 112.9))
        #expect(corner(before) != 0xFF_FFFF)
        #expect(corner(during) == 0xFF_FFFF)
        // 3 % of the 240 px side: rows 0-6 are the band; the eighth is the background.
        #expect(during.pixels[6 * f.output.width + 200] & 0xFF_FFFF == 0xFF_FFFF)
        #expect(during.pixels[7 * f.output.width + 200] == before.pixels[7 * f.output.width + 200])
        #expect(after.pixels == before.pixels)
        #expect(f.action?.feedbacks.map(\.event) == [.identify])
        #expect(!f.states.contains(.unlocked))
    }

    @Test func displayWithoutIdleControlSaysSo() throws {
        let (f, c) = try fixture()
        let off = c.send(f.world, "display off", at: 101)
        let reset = c.send(f.world, "tamper-reset", at: 101.5)
        f.world.endOfTest = 102
        _ = try f.run()
        #expect(off.reply == "error no panel power control\n")
        #expect(reset.reply == "error no tamper input (tamper.input)\n")
    }
}
