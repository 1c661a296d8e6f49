import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// Keeps what the recorder writes; fails every write when told.
final class FakeRecordingStore: RecordingStore {
    var files: [(name: String, text: String)] = []
    var failure: SystemError?
    func store(name: String, text: String) throws(SystemError) {
        if let failure { throw failure }
        files.append((name, text))
    }
    func unixMilliseconds() -> Int64 { 1_796_430_754_321 }
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
        #expect(file.name == "2026-12-05T00-32-34.321Z-unlock-event9.evemu")
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
}
