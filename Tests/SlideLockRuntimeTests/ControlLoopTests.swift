import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// `slidelock ctl` against the loop with fakes: answers, the authority's decisions, and a
/// hostile crowd of clients that never stalls a frame.
@Suite struct ControlLoopTests {
    static let nobody = ControlPeer(pid: 9, uid: 65534, gid: 65534)

    func fixture(_ overrides: [String] = []) throws -> (LoopFixture, FakeControlListener, FakeAudit) {
        let f = try LoopFixture(overrides)
        let listener = FakeControlListener()
        let audit = FakeAudit()
        let control = LockControl(server: ControlServer(listener: listener, access: ControlAccess()), audit: audit)
        control.wallClock = { 1_700_000_000 }
        try f.add(control)
        return (f, listener, audit)
    }

    @Test func statusSaysLockedAsJSON() throws {
        let (f, c, audit) = try fixture()
        let link = c.send(f.world, "status --json", at: 101)
        f.world.endOfTest = 102
        _ = try f.run()
        #expect(link.reply.hasPrefix("ok {\"state\":\"locked\",\"display\":\"on\",\"lockdown\":false"), "\(link.reply)")
        #expect(link.reply.contains("\"outputs\":[\"FAKE-1\"]"))
        #expect(link.closed)
        // Reading is not audited, and is logged at debug level only.
        #expect(audit.records.isEmpty)
        #expect(f.logLines.contains { $0.hasPrefix("debug: ctl status --json from uid 0") })
    }

    @Test func ctlUnlockExitsInExitMode() throws {
        let (f, c, audit) = try fixture()
        let link = c.send(f.world, "unlock", at: 101)
        #expect(try f.run() == 0)
        #expect(link.reply == "ok unlocked\n")
        #expect(f.logLines.contains { $0.contains("unlocked by ctl (uid 0 gid 0 pid 7)") })
        let unlock = try #require(audit.records.first { $0.kind == .unlock })
        #expect(unlock.field("SLIDELOCK_SOURCE") == "ctl" && unlock.field("SLIDELOCK_PEER_UID") == "0")
        #expect(audit.records.contains { $0.field("SLIDELOCK_EVENT") == "ctl-unlock" })
    }

    /// The MQTT bridge's `--via`: in the log line and the audit record, beside the peer.
    @Test func viaReachesTheLogAndTheAudit() throws {
        let (f, c, audit) = try fixture()
        let link = c.send(f.world, "--via mqtt:slidelock/door1/set=OPEN unlock", at: 101)
        #expect(try f.run() == 0)
        #expect(link.reply == "ok unlocked\n")
        #expect(
            f.logLines.contains {
                $0.contains("ctl unlock from uid 0 gid 0 pid 7 via mqtt:slidelock/door1/set=OPEN: ok")
            })
        let record = try #require(audit.records.first { $0.field("SLIDELOCK_EVENT") == "ctl-unlock" })
        #expect(record.field("SLIDELOCK_VIA") == "mqtt:slidelock/door1/set=OPEN")
    }

    @Test func lockdownRefusesCtlUnlockAndSlides() throws {
        let (f, c, audit) = try fixture()
        c.send(f.world, "lockdown on", at: 101)
        let refused = c.send(f.world, "unlock", at: 101.5)
        f.fullSlide(at: 102)
        let status = c.send(f.world, "status", at: 103)
        c.send(f.world, "lockdown off", at: 104)
        let opened = c.send(f.world, "unlock", at: 105)
        #expect(try f.run() == 0)
        #expect(refused.reply == "error refused: lockdown\n")
        #expect(
            // The slide that landed in lockdown is a rejected slide.
            status.reply.hasPrefix("ok state=locked display=on lockdown=on unlocks=0 rejected=1"), "\(status.reply)")
        #expect(opened.reply == "ok unlocked\n")
        #expect(
            audit.records.filter { $0.kind == .lockdown }.map { $0.field("SLIDELOCK_EVENT") } == [
                "lockdown-on", "lockdown-off",
            ])
        // The finger landed in lockdown: it never took the thumb, and is audited as a
        // rejected slide.
        #expect(f.logLines.contains { $0.contains("session: ignored-touch lockdown") })
        let rejected = audit.records.filter { $0.kind == .rejected }
        #expect(rejected.map { $0.field("SLIDELOCK_SOURCE") } == ["ctl", "slide"])
        #expect(rejected.allSatisfy { $0.field("SLIDELOCK_REASON") == "lockdown" })
    }

    @Test func anotherUserIsRefused() throws {
        let (f, c, _) = try fixture()
        let link = c.send(f.world, "unlock", at: 101, peer: Self.nobody)
        f.world.endOfTest = 103
        #expect(try f.run() == 128 + SIGTERM)
        #expect(link.reply == "error permission denied\n")
        #expect(f.logLines.contains { $0.contains("ctl: refused uid 65534") })
        #expect(!f.states.contains(.unlocked))
    }

    @Test func messageAndItsEnd() throws {
        let (f, c, _) = try fixture()
        let link = c.send(f.world, "message --for 2 Back at 2", at: 101)
        f.world.endOfTest = 104
        _ = try f.run()
        #expect(link.reply == "ok\n")
        #expect(f.logLines.contains { $0.contains("session: message until t=103.000") })
        #expect(f.logLines.contains { $0.contains("session: message expired") })
    }

    @Test func relockWakeAndReloadTakeTheSignalPaths() throws {
        let (f, c, _) = try fixture()
        let lock = c.send(f.world, "lock", at: 101)
        let reload = c.send(f.world, "reload", at: 102)
        let wake = c.send(f.world, "wake", at: 103)
        f.world.endOfTest = 104
        _ = try f.run()
        #expect([lock.reply, reload.reply, wake.reply] == ["ok\n", "ok\n", "ok\n"])
        #expect(f.logLines.contains { $0.contains("reset to locked (ctl lock)") })
        #expect(f.logLines.contains { $0.contains("configuration reloaded") })
    }

    @Test func aReloadThatFailsIsAnError() throws {
        let (f, c, audit) = try fixture()
        f.reloadResult = { throw RunError(description: "bad") }
        let reload = c.send(f.world, "reload", at: 101)
        f.world.endOfTest = 102
        _ = try f.run()
        #expect(reload.reply == "error configuration not reloaded (see the log)\n")
        #expect(audit.records.first?.field("SLIDELOCK_REASON") == "configuration not reloaded (see the log)")
    }

    /// A slide too quick to count: audited with its reason, duration and distance, and
    /// counted by `status`.
    @Test func aRejectedSlideIsAuditedAndCounted() throws {
        let (f, c, audit) = try fixture()
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 1)
        f.world.slide(start: 101, from: from, to: Point(x: to.x + 10, y: to.y), steps: 3, every: 0.004)
        let status = c.send(f.world, "status --json", at: 102)
        f.world.endOfTest = 103
        _ = try f.run()
        let rejected = try #require(audit.records.first { $0.kind == .rejected }, "\(f.logLines)")
        #expect(rejected.field("SLIDELOCK_SOURCE") == "slide")
        #expect(rejected.field("SLIDELOCK_REASON") == "too-fast" || rejected.field("SLIDELOCK_REASON") == "too-quick")
        #expect(rejected.field("SLIDELOCK_SLIDE_MS") == "4") // cut at its first step
        #expect(Int(rejected.field("SLIDELOCK_SLIDE_PX") ?? "") ?? 0 > 100)
        #expect(status.reply.contains("\"rejected_slides\":{\"\(rejected.field("SLIDELOCK_REASON")!)\":1}"))
    }

    /// Oversized, binary, half-written and silent clients are answered or dropped; the lock
    /// stays locked and keeps its deadlines (no wait without one while a client is open).
    @Test func hostileClientsAreDropped() throws {
        let (f, c, _) = try fixture()
        let big = c.connect(f.world, at: 101, [(101, Array(repeating: UInt8(ascii: "a"), count: 1100))])
        let binary = c.connect(f.world, at: 101.1, [(101.1, [0xff, 0x00, 0xfe, 0x0a])])
        let half = c.connect(f.world, at: 101.2, [(101.2, Array("unlo".utf8))])
        let silent = c.connect(f.world, at: 101.3, [])
        let gone = c.connect(f.world, at: 101.4, [(101.4, Array("lockdown o".utf8))])
        gone.hangsUp = true
        f.world.endOfTest = 106
        _ = try f.run()
        #expect(big.reply == "error request longer than 1024 bytes\n")
        #expect(binary.reply.hasPrefix("error bad request: request is not UTF-8"))
        #expect(half.reply.hasPrefix("error no whole request within 2 s") && half.closed)
        #expect(silent.closed && gone.closed)
        #expect(!f.states.contains(.unlocked))
        #expect(f.control?.server?.clientCount == 0)
        #expect(!f.world.foreverWaits.contains { $0 > 101 && $0 < 103.3 })
        #expect(!f.logLines.contains { $0.contains("lockdown") && $0.contains("session") })
    }

    /// Many clients at once and a flood of requests while a finger drags: frames keep
    /// coming at the refresh, the excess is turned away, and nothing unlocks.
    @Test func aFloodNeverStallsAFrame() throws {
        let (f, c, _) = try fixture()
        var links: [FakeLink] = []
        for i in 0..<400 {
            let t = 101 + Double(i) * 0.001
            links.append(
                c.send(
                    f.world, "status --json", at: t,
                    peer: i % 2 == 0 ? Self.nobody : ControlPeer(pid: 7, uid: 0, gid: 0)))
        }
        let readers = (0..<20).map { c.connect(f.world, at: 101.05 + Double($0) * 0.001, [], reads: false) }
        // A finger holds the thumb and drags through the flood, never far enough to unlock.
        f.holdAndDrag(from: 101)
        f.world.endOfTest = 104
        _ = try f.run()
        let shown = f.framesShown(from: 101, to: 102)
        #expect(shown >= 55, "\(shown) frames in the flood's second")
        #expect(!f.states.contains(.unlocked))
        let answered = links.filter { $0.reply.hasPrefix("ok") }.count
        let busy = links.filter { $0.reply.hasPrefix("error busy") }.count
        #expect(answered >= 10 && answered <= 40, "\(answered) answered")
        #expect(busy > 0)
        #expect(links.filter { $0.peer.uid != 0 }.allSatisfy { $0.reply == "error permission denied\n" })
        #expect(readers.allSatisfy { $0.closed })
        #expect(f.control?.server?.clientCount == 0)
    }

    /// `ctl` on a blank panel: status says so, wake lights it, and an unlock still goes
    /// through the authority (nothing about a dark panel opens or blocks it).
    @Test func aBlankPanelAnswersAndWakes() throws {
        let (f, c, _) = try fixture(["display.dim_after=0", "display.blank_after=2"])
        try f.add(
            IdleControl(
                settings: f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100, log: f.log.logger))
        let blank = c.send(f.world, "status", at: 103)
        let wake = c.send(f.world, "wake", at: 104)
        let woken = c.send(f.world, "status", at: 104.5)
        f.world.endOfTest = 105
        _ = try f.run()
        #expect(blank.reply.hasPrefix("ok state=locked display=blank"), "\(blank.reply)")
        #expect(wake.reply == "ok\n")
        #expect(woken.reply.hasPrefix("ok state=locked display=on"), "\(woken.reply)")
    }
}

extension LoopFixture {
    /// The control entry added to the loop's list, if any.
    var control: LockControl? { loop.sources.lazy.compactMap { $0 as? LockControl }.first }
}
