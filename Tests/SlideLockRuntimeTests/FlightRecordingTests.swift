import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// Keeps what the recorder writes, names and prunes as the directory does; fails every
/// write when told.
final class FakeRecordingStore: RecordingStore {
    var files: [(name: String, text: String)] = []
    var failure: SystemError?
    var keep = 50
    func store(verdict: String, device: String, text: String) throws(SystemError) -> RecordingDirectory.Stored {
        if let failure { throw failure }
        let name = RecordingName.make(
            sequence: RecordingName.next(after: files.map(\.name)), unixMilliseconds: 1_796_430_754_321,
            verdict: verdict, device: device)
        files.append((name, text))
        let removed = RecordingName.pruned(files.map(\.name), keep: keep, written: name)
        files.removeAll { removed.contains($0.name) }
        return .init(name: name, removed: removed)
    }
}

/// The flight recorder in the loop: a slide and a rejected burst recorded through the
/// runtime with a fake panel, written, read back and played to the same verdict.
@Suite struct FlightRecordingTests {
    func fixture(_ store: FakeRecordingStore, _ overrides: [String] = []) throws -> LoopFixture {
        let f = try LoopFixture(["animation.hue=off"] + overrides, sizes: [(800, 480)], panel: true)
        let recording = FlightRecording(settings: f.settings.audit, store: store, log: f.log.logger)
        f.panel?.onRaw = { recording.take($0) }
        try f.add(recording)
        return f
    }

    func replayed(_ text: String) throws -> (recorded: String, replayed: String?) {
        let run = try #require(try RecordingReplay.run(text, fileName: "rec.evemu", settings: Settings()))
        return (run.header.verdict, RecordingReplay.match(run.header, run.verdicts)?.name)
    }

    @Test func aSlideIsRecordedAndReplaysToAnUnlock() throws {
        let store = FakeRecordingStore()
        let f = try fixture(store)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.stroke(home.x, end.x + 8, y: home.y, from: 101, seconds: 0.35, hz: 60)
        panel.frame(101.37, [], lift: [0])
        f.world.endOfTest = 104
        #expect(try f.run() == 0)
        let file = try #require(store.files.first)
        #expect(store.files.count == 1)
        #expect(file.name == "0000000001-2026-12-05T00-32-34.321Z-unlock-event9.evemu")
        #expect(file.text.contains("# slidelock-screen: 800x480"))
        let r = try replayed(file.text)
        #expect(r.recorded == "unlock")
        #expect(r.replayed == "unlock")
    }

    @Test func aRejectedBurstReplaysToTheSameRejection() throws {
        let store = FakeRecordingStore()
        let f = try fixture(store)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        // A slow drag, then the rest of the track in two reports 0.1 ms apart.
        panel.stroke(home.x, home.x + 60, y: home.y, from: 101, seconds: 0.2, hz: 60)
        panel.frame(101.2001, [(0, home.x + 300, home.y)])
        panel.frame(101.2002, [(0, end.x + 5, home.y)])
        panel.frame(101.25, [], lift: [0])
        f.world.endOfTest = 104
        _ = try f.run()
        #expect(!f.states.contains(.unlocked))
        let file = try #require(store.files.first, "\(f.logLines)")
        #expect(file.name.contains("-rejected-"))
        let r = try replayed(file.text)
        #expect(r.recorded.hasPrefix("rejected "))
        #expect(r.replayed == r.recorded)
    }

    /// A store that cannot write: one warning, and the lock opens all the same.
    @Test func aFailedWriteIsLoggedOnceAndChangesNothing() throws {
        let store = FakeRecordingStore()
        store.failure = SystemError(operation: "open", errno: 13, path: "/var/lib/slidelock/recordings/x")
        let f = try fixture(store)
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        let panel = try #require(f.panel)
        panel.stroke(home.x, home.x + 60, y: home.y, from: 101, seconds: 0.2, hz: 60)
        panel.frame(101.2001, [(0, end.x + 5, home.y)])
        panel.frame(101.25, [], lift: [0])
        panel.stroke(home.x, end.x + 8, y: home.y, from: 102, seconds: 0.35, hz: 60)
        panel.frame(102.37, [], lift: [0])
        f.world.endOfTest = 105
        #expect(try f.run() == 0)
        #expect(f.logLines.filter { $0.contains("recorder:") }.count == 1, "\(f.logLines)")
    }

    /// The size the lock laid out with (here as `PhysicalSizing` fills it in from QEMU's
    /// 200x120 mm report) rides in the header: the replay puts the thumb where the lock had
    /// it, whatever the player's config says. Without the line (an older recording) the
    /// replay is proportional, its thumb elsewhere: the recorded press misses it.
    @Test func thePhysicalSizeRidesInTheHeader() throws {
        let store = FakeRecordingStore()
        let f = try fixture(store, ["display.physical_size=200x120"])
        let home = f.thumbCentre(progress: 0)
        let end = f.thumbCentre(progress: 1)
        #expect(home.x == 208)
        let panel = try #require(f.panel)
        panel.stroke(home.x, end.x + 8, y: home.y, from: 101, seconds: 0.35, hz: 60)
        panel.frame(101.37, [], lift: [0])
        f.world.endOfTest = 104
        #expect(try f.run() == 0)
        let file = try #require(store.files.first)
        #expect(file.text.contains("# slidelock-set: display.physical_size=200x120\n"))
        var player = Settings()
        player.display.physicalSize = Size(width: 108, height: 65)
        let run = try #require(try RecordingReplay.run(file.text, fileName: "rec.evemu", settings: player))
        #expect(RecordingReplay.match(run.header, run.verdicts)?.name == "unlock")
        let old = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("# slidelock-set: display.physical_size=") }.joined(separator: "\n")
        let proportional = try #require(try RecordingReplay.run(old, fileName: "rec.evemu", settings: player))
        #expect(RecordingReplay.match(proportional.header, proportional.verdicts)?.name != "unlock")
    }

    /// Pruning past `audit.keep` is said in the log, naming what went.
    @Test func pruningIsLogged() throws {
        let store = FakeRecordingStore()
        store.keep = 1
        let f = try fixture(store)
        let home = f.thumbCentre(progress: 0)
        let panel = try #require(f.panel)
        for t in [101.0, 102.0] {
            panel.stroke(home.x, home.x + 60, y: home.y, from: t, seconds: 0.2, hz: 60)
            panel.frame(t + 0.2001, [(0, home.x + 400, home.y)])
            panel.frame(t + 0.25, [], lift: [0])
        }
        f.world.endOfTest = 104
        _ = try f.run()
        let kept = try #require(store.files.first)
        #expect(store.files.count == 1 && RecordingName.sequence(of: kept.name) == 2)
        #expect(
            f.logLines.contains { $0.contains("recorder: removed 1 oldest past audit.keep: 0000000001-") },
            "\(f.logLines)")
    }

    /// `ctl unlock` is a verdict: its file carries the request (and the lockdown before
    /// it), and replays to the unlock at its moment; the same file without the line does not.
    @Test func ctlUnlockIsRecordedAndReplays() throws {
        let store = FakeRecordingStore()
        let f = try fixture(store)
        let listener = FakeControlListener()
        try f.add(LockControl(server: ControlServer(listener: listener, access: ControlAccess()), audit: nil))
        let home = f.thumbCentre(progress: 0)
        let panel = try #require(f.panel)
        listener.send(f.world, "lockdown on", at: 100.5)
        panel.stroke(home.x, home.x + 60, y: home.y, from: 101, seconds: 0.2, hz: 60)
        panel.frame(101.25, [], lift: [0])
        listener.send(f.world, "lockdown off", at: 101.5)
        let link = listener.send(f.world, "unlock", at: 102)
        #expect(try f.run() == 0)
        #expect(link.reply == "ok unlocked\n")
        let file = try #require(store.files.last, "\(f.logLines)")
        #expect(file.name.contains("-unlock-"))
        #expect(file.text.contains(" ctl lockdown on\n"), "\(file.text)")
        #expect(file.text.contains(" ctl unlock\n"), "\(file.text)")
        let r = try replayed(file.text)
        #expect(r.recorded == "unlock" && r.replayed == "unlock")
        let stripped = file.text.split(separator: "\n").filter { !$0.hasSuffix(" ctl unlock") }
        #expect(try replayed(stripped.joined(separator: "\n")).replayed == nil)
    }

    /// `ctl unlock` with no touch before it: one file of moments alone, which replays.
    @Test func ctlUnlockWithoutTouchesIsRecorded() throws {
        let store = FakeRecordingStore()
        let f = try fixture(store)
        let listener = FakeControlListener()
        try f.add(LockControl(server: ControlServer(listener: listener, access: ControlAccess()), audit: nil))
        listener.send(f.world, "unlock", at: 102)
        #expect(try f.run() == 0)
        let file = try #require(store.files.first, "\(f.logLines)")
        #expect(store.files.count == 1 && file.name.hasSuffix("-unlock-none.evemu"))
        let r = try replayed(file.text)
        #expect(r.recorded == "unlock" && r.replayed == "unlock")
    }
}
