import Testing

@testable import SlideLockCore

/// A panel wired as the loop wires it, with the flight recorder beside it: raw events go
/// to the recorder and through the pipeline to the session; effects and log lines to the
/// verdict recorder, which returns the verdicts to write.
private struct RecordedPanel {
    var pipeline = TouchPipeline(axes: panelAxes, screen: Size(width: 800, height: 480), settings: TouchSettings())!
    var session = LockSession(settings: Settings(), width: 800, height: 480)
    var recorder: VerdictRecorder
    var nextID = 1
    var trackingID: Int32 = 10
    var verdicts: [VerdictRecorder.Verdict] = []
    let path = "/dev/input/event3"

    init(limits: FlightRecorder.Limits = .init(), settings: Settings = Settings(), state: [RawInputEvent] = []) {
        session = LockSession(settings: settings, width: 800, height: 480)
        recorder = VerdictRecorder(limits: limits)
        var description = EvemuRecording(name: "Test panel", axes: panelAxes)
        description.events = state
        recorder.ring.adopt(path: path, description: description)
    }

    mutating func handle(_ events: [LockEvent]) {
        var entries: [LockLogEntry] = []
        for event in events {
            for effect in session.handle(event) {
                if case .unlock = effect { recorder.announce(unlock: true) }
                if case .slideCancelled = effect { recorder.announce(unlock: false) }
            }
            entries += session.takeLog()
        }
        verdicts += recorder.observe(session.authority, entries: entries)
    }

    mutating func raw(_ e: [RawInputEvent]) {
        for event in e {
            recorder.ring.record(event, from: path)
            handle(
                pipeline.advance(to: event.time, nextID: &nextID).events + pipeline.feed(event, nextID: &nextID).events)
        }
    }

    /// One report of slot 0 at x (landing it when `land`), or its lift.
    mutating func frame(_ t: Double, x: Double?, land: Bool = false) {
        var e: [RawInputEvent] = []
        func abs(_ code: UInt16, _ v: Int32) {
            e.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: code, value: v))
        }
        if land {
            trackingID += 1
            abs(Evdev.ABS_MT_TRACKING_ID, trackingID)
        }
        if let x {
            abs(Evdev.ABS_MT_POSITION_X, Int32(x.rounded()))
            abs(Evdev.ABS_MT_POSITION_Y, 240)
        } else {
            abs(Evdev.ABS_MT_TRACKING_ID, -1)
        }
        e.append(RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        raw(e)
    }

    mutating func slide(from t0: Double, seconds: Double, to x1: Double = endX + 5, hz: Double = 100) {
        frame(t0, x: homeX, land: true)
        let n = Int((seconds * hz).rounded())
        for i in 1...n { frame(t0 + seconds * Double(i) / Double(n), x: homeX + (x1 - homeX) * Double(i) / Double(n)) }
        frame(t0 + seconds + 1 / hz, x: nil)
    }

    /// A finger that drags, then moves the rest of the track in 0.2 ms: a burst of samples.
    mutating func burst(from t0: Double) {
        frame(t0, x: homeX, land: true)
        for i in 1...10 { frame(t0 + 0.02 * Double(i), x: homeX + 4 * Double(i)) }
        frame(t0 + 0.2001, x: homeX + 300)
        frame(t0 + 0.2002, x: endX + 5)
        frame(t0 + 0.25, x: nil)
    }

    mutating func tick(_ t: Double) { handle(pipeline.advance(to: t, nextID: &nextID).events + [.tick(time: t)]) }

    func files(_ v: VerdictRecorder.Verdict) -> [VerdictRecorder.File] {
        recorder.files(for: v, screen: Size(width: 800, height: 480), rotation: .upright, settings: session.settings)
    }
}

@Suite struct FlightRecorderTests {
    /// Replays a written file as `slidelock play` does; the recorded and replayed verdicts.
    func replay(_ file: VerdictRecorder.File) throws -> (String, String?) {
        let run = try #require(try RecordingReplay.run(file.text, fileName: "rec.evemu", settings: Settings()))
        return (run.header.verdict, RecordingReplay.match(run.header, run.verdicts)?.name)
    }

    @Test func aSlideRecordsAndReplaysToAnUnlock() throws {
        var p = RecordedPanel()
        p.tick(100)
        p.slide(from: 101, seconds: 0.4)
        let v = try #require(p.verdicts.first)
        #expect(v.name == "unlock")
        let files = p.files(v)
        #expect(files.count == 1)
        let (recorded, replayed) = try replay(files[0])
        #expect(recorded == "unlock")
        #expect(replayed == "unlock")
        #expect(files[0].text.contains("# slidelock-verdict-at: 0.410"))
    }

    @Test func aBurstRecordsAndReplaysToTheSameRejection() throws {
        var p = RecordedPanel()
        p.tick(100)
        p.burst(from: 101)
        let v = try #require(p.verdicts.first)
        #expect(v.name.hasPrefix("rejected "), "\(v)")
        let (recorded, replayed) = try replay(try #require(p.files(v).first))
        #expect(recorded == v.name)
        #expect(replayed == v.name)
    }

    /// A wake signal while the finger is down is in the header, and the replay is refused
    /// for it as live was; without the moment, the same events would unlock.
    @Test func aMomentTheEventsDoNotCarryIsReplayed() throws {
        var p = RecordedPanel()
        p.tick(100)
        p.frame(101, x: homeX, land: true)
        p.frame(101.05, x: homeX + 50)
        p.handle([.uncertain(.wake, time: 101.1)])
        for i in 1...40 { p.frame(101.1 + Double(i) * 0.01, x: homeX + 50 + (endX + 5 - homeX - 50) * Double(i) / 40) }
        p.frame(101.6, x: nil)
        let v = try #require(p.verdicts.first)
        #expect(v.name == "rejected uncertain-wake", "\(v)")
        let file = try #require(p.files(v).first)
        #expect(file.text.contains("# slidelock-event: 0.100 uncertain wake"))
        let (_, replayed) = try replay(file)
        #expect(replayed == v.name)
        let stripped = file.text.split(separator: "\n").filter { !$0.hasPrefix("# slidelock-event") }
        let run = try #require(
            try RecordingReplay.run(stripped.joined(separator: "\n"), fileName: "f", settings: Settings()))
        #expect(RecordingReplay.match(run.header, run.verdicts) == nil)
        #expect(run.verdicts.map(\.name) == ["unlock"])
    }

    /// The window starts at the landing: a slide long before is not in it.
    @Test func theWindowStartsAtTheLanding() throws {
        var p = RecordedPanel()
        p.tick(100)
        p.burst(from: 101)
        p.slide(from: 110, seconds: 0.4)
        #expect(p.verdicts.count == 2 && p.verdicts[0].name.hasPrefix("rejected ") && p.verdicts[1].name == "unlock")
        let v = try #require(p.verdicts.last)
        let track = try #require(p.recorder.ring.tracks().first)
        #expect(track.events.allSatisfy { $0.time >= 110 })
        #expect(try replay(try #require(p.files(v).first)).1 == v.name)
    }

    /// A finger held past the seconds bound: the recording says it lost events.
    @Test func theBoundsAreSaidInTheHeader() throws {
        var p = RecordedPanel(limits: .init(seconds: 1, bytes: 1 << 20))
        p.tick(100)
        p.frame(101, x: homeX, land: true)
        for i in 1...300 { p.frame(101 + Double(i) * 0.01, x: homeX + Double(i % 3)) }
        let track = try #require(p.recorder.ring.tracks().first)
        #expect(track.truncated == .seconds)
        #expect(track.events.last!.time - track.events.first!.time <= 1.01)
        var q = RecordedPanel(limits: .init(seconds: 100, bytes: 4096))
        q.frame(1, x: homeX, land: true)
        for i in 1...300 { q.frame(1 + Double(i) * 0.01, x: homeX + Double(i % 3)) }
        let t = try #require(q.recorder.ring.tracks().first)
        #expect(t.truncated == .bytes)
        #expect(t.events.count * FlightRecorder.eventBytes <= 4096 + 10 * FlightRecorder.eventBytes)
    }

    /// A new contact in the slot the kernel last named carries no ABS_MT_SLOT: the window
    /// starts with the slot restored, so the replay decodes it where live did.
    @Test func theSlotIsRestoredAtTheWindowStart() throws {
        var ring = FlightRecorder()
        ring.adopt(path: "a", description: EvemuRecording(name: "a", axes: panelAxes))
        func ev(_ t: Double, _ type: UInt16, _ code: UInt16, _ v: Int32) {
            ring.record(RawInputEvent(time: t, type: type, code: code, value: v), from: "a")
        }
        ev(1, Evdev.EV_ABS, Evdev.ABS_MT_SLOT, 2)
        ev(1, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 5)
        ev(1, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, 300)
        ev(1, Evdev.EV_SYN, Evdev.SYN_REPORT, 0)
        ev(2, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, -1)
        ev(2, Evdev.EV_SYN, Evdev.SYN_REPORT, 0)
        ev(3, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 6)
        ev(3, Evdev.EV_SYN, Evdev.SYN_REPORT, 0)
        let events = try #require(ring.tracks().first).events
        #expect(events.allSatisfy { $0.time == 3 })
        #expect(events.first == RawInputEvent(time: 3, type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: 2))
        #expect(events.contains(RawInputEvent(time: 3, type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X, value: 300)))
    }

    @Test func writtenFilesParseBack() throws {
        var device = EvemuRecording(
            name: "Panel \"x\"", properties: [Evdev.INPUT_PROP_DIRECT], axes: panelAxes,
            supportedCodes: [Evdev.EV_KEY: [Evdev.BTN_TOUCH]])
        device.id = .init(bus: 0x18, vendor: 1, product: 2, version: 3)
        let events = [
            RawInputEvent(time: 12.5, type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: -1),
            RawInputEvent(time: 12.500001, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
        ]
        let text = EvemuWriter.text(device, events: events, comments: ["# hello"])
        let back = try EvemuRecording(parsing: text)
        #expect(back.name == device.name)
        #expect(back.id == device.id)
        #expect(back.axes == device.axes)
        #expect(back.isDirect)
        #expect(back.supports(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH))
        #expect(back.events.map(\.value) == [-1, 0])
        #expect(abs(back.events[1].time - 0.000001) < 1e-9)
    }

    @Test func headerErrorsNameTheFile() throws {
        let bad =
            "# slidelock-verdict: unlock\n# slidelock-verdict-at: 0\n# slidelock-screen: 0x5\n# slidelock-rotate: 0\n"
        #expect(
            throws: EvemuParseError(
                file: "f", line: 3, message: "slidelock-screen: 0x5 is out of range (each side 16...8192)")
        ) {
            try RecordingHeader(parsing: bad, fileName: "f")
        }
        #expect(throws: EvemuParseError(file: "f", line: 1, message: "slidelock-rotate: expected 0, 90, 180 or 270")) {
            try RecordingHeader(parsing: "# slidelock-verdict: unlock\n# slidelock-screen: 16x16\n", fileName: "f")
        }
        let twice = "# slidelock-verdict: unlock\n# slidelock-verdict: unlock\n"
        #expect(throws: EvemuParseError(file: "f", line: 2, message: "slidelock-verdict given twice")) {
            try RecordingHeader(parsing: twice, fileName: "f")
        }
        #expect(try RecordingHeader(parsing: "N: x\n", fileName: "f") == nil)
        let header = RecordingHeader(
            verdict: "unlock", verdictTime: 0, width: 800, height: 480, rotation: 0, settings: ["gesture.max_speed=5"])
        #expect(throws: ConfigError.self) { try header.apply(to: Settings(), fileName: "f") }
        // A file names no program and no font: those lines are not applied.
        let hostile = RecordingHeader(
            verdict: "unlock", verdictTime: 0, width: 800, height: 480, rotation: 0,
            settings: [
                "action.hook=/bin/evil", "action.idle_hook=/bin/evil", "theme.fonts=/etc/shadow", "nosuch.key=1",
            ])
        #expect(try hostile.apply(to: Settings(), fileName: "f") == Settings())
        #expect(!RecordingHeader.settingLines(Settings()).contains { $0.hasPrefix("theme.") || $0.contains("hook=") })
    }

    @Test func namesCountAndAreNeverPaths() {
        #expect(RecordingName.stamp(unixMilliseconds: 0) == "1970-01-01T00-00-00.000Z")
        #expect(RecordingName.stamp(unixMilliseconds: 1_796_430_754_321) == "2026-12-05T00-32-34.321Z")
        let name = RecordingName.make(
            sequence: 3, unixMilliseconds: 0, verdict: "rejected ../../x", device: "/dev/input/event3")
        #expect(name == "0000000003-1970-01-01T00-00-00.000Z-rejected-..-..-x-event3.evemu")
        #expect(RecordingName.sequence(of: name) == 3)
        // An older slidelock's name (time first) counts as the oldest.
        #expect(RecordingName.sequence(of: "2099-01-01T00-00-00.000Z-unlock-event3.evemu") == 0)
        #expect(RecordingName.isRecording("2099-01-01T00-00-00.000Z-unlock-event3.evemu"))
        #expect(!name.contains("/"))
        #expect(RecordingName.isRecording(name))
        #expect(!RecordingName.isRecording("notes.txt"))
    }
}

extension FlightRecorderTests {
    /// The ghost filter cancels a jumping contact (`uncertain-cancel`, at the jump's own
    /// timestamp): no header line for it, and the replay refuses it for the same reason.
    @Test func aMomentFromTheTouchesIsNotWrittenTwice() throws {
        var p = RecordedPanel()
        p.tick(100)
        p.frame(101, x: homeX, land: true)
        for i in 1...5 { p.frame(101 + 0.03 * Double(i), x: homeX + 20 * Double(i)) }
        p.frame(101.16, x: homeX + 600)
        p.frame(101.2, x: nil)
        let v = try #require(p.verdicts.first)
        #expect(v.name == "rejected uncertain-cancel", "\(p.verdicts)")
        let file = try #require(p.files(v).first)
        #expect(!file.text.contains("# slidelock-event:"))
        #expect(try replay(file).1 == v.name)
    }
}

/// Recordings that replay to every verdict: after a restart, a tap-to-open, a header that
/// tries to stand in for the touches.
@Suite struct RecordingReplayTests {
    func replay(_ text: String) throws -> (String, String?) {
        let run = try #require(try RecordingReplay.run(text, fileName: "rec.evemu", settings: Settings()))
        return (run.header.verdict, RecordingReplay.match(run.header, run.verdicts)?.name)
    }

    func abs(_ t: Double, _ code: UInt16, _ v: Int32) -> RawInputEvent {
        RawInputEvent(time: t, type: Evdev.EV_ABS, code: code, value: v)
    }

    func syn(_ t: Double) -> RawInputEvent {
        RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
    }

    /// The lock restarted with slot 0 still at the thumb's place: the kernel does not send
    /// the position again when the next finger lands there (nor Y while it slides along).
    /// The device's state at adoption (libevdev's) starts the window, so the replay has
    /// both coordinates where live had them from its own state.
    @Test func theFirstContactAfterARestartReplays() throws {
        let y: Int32 = 240
        let state = [
            abs(0, Evdev.ABS_MT_SLOT, 0), abs(0, Evdev.ABS_MT_POSITION_X, Int32(homeX)),
            abs(0, Evdev.ABS_MT_POSITION_Y, y), abs(0, Evdev.ABS_MT_SLOT, 0),
        ]
        var p = RecordedPanel(state: state)
        // What the live input does at adoption: its decoder takes libevdev's slots.
        p.handle(
            p.pipeline.resync(
                slots: [SlotState(x: Int32(homeX), y: y)], time: 100, why: .deviceAdopted,
                nextID: &p.nextID
            ).events)
        p.tick(100.5)
        p.raw([abs(101, Evdev.ABS_MT_TRACKING_ID, 20), syn(101)])
        for i in 1...40 {
            let t = 101 + Double(i) * 0.01
            p.raw([abs(t, Evdev.ABS_MT_POSITION_X, Int32(homeX + (endX + 5 - homeX) * Double(i) / 40)), syn(t)])
        }
        p.raw([abs(101.42, Evdev.ABS_MT_TRACKING_ID, -1), syn(101.42)])
        let v = try #require(p.verdicts.first)
        #expect(v.name == "unlock")
        let file = try #require(p.files(v).first)
        #expect(file.text.contains("0003 0036 0240"), "Y restored")
        #expect(try replay(file.text).1 == "unlock")
    }

    /// Tap-to-open: the second tap opens because of the first, so the window holds both.
    @Test func aTapToOpenUnlockKeepsBothTaps() throws {
        var s = Settings()
        s.gesture.tapToOpen = true
        var p = RecordedPanel(settings: s)
        p.tick(100)
        p.frame(101, x: homeX, land: true)
        p.frame(101.05, x: homeX)
        p.frame(101.1, x: nil)
        p.tick(101.3)
        p.frame(101.5, x: endX, land: true)
        p.frame(101.55, x: endX)
        p.frame(101.6, x: nil)
        let v = try #require(p.verdicts.last)
        #expect(v.name == "unlock", "\(p.verdicts)")
        let file = try #require(p.files(v).first)
        #expect(try replay(file.text).1 == "unlock")
        #expect(try #require(p.recorder.ring.tracks().first).events.first?.time == 101)
    }

    /// A header whose `event` lines are touches is not a recording of them: only the raw
    /// events are replayed, and such a line is an error naming it.
    @Test func headerTouchesAreRefused() throws {
        let head = [
            "# slidelock-verdict: unlock", "# slidelock-verdict-at: 0.500", "# slidelock-screen: 800x480",
            "# slidelock-rotate: 0", "# slidelock-event: 0.000 down 112 240", "# slidelock-event: 0.400 move 690 240",
            "# slidelock-event: 0.500 up",
        ]
        let text = head.joined(separator: "\n") + "\n"
        #expect(
            throws: TouchScriptError(
                fileName: "rec.evemu", line: 5,
                message: "slidelock-event: only uncertain, hidden, shown and ctl moments; "
                    + "a recording's touches are its raw events")
        ) { try replay(text) }
        let script = head.prefix(4).joined(separator: "\n") + "\n0.000 down 112 240\n0.4 move 690 240\n0.5 up\n"
        #expect(throws: TouchScriptError.self) { try replay(script) }
    }

    /// A header's screen is held to what a panel can be, before any canvas exists.
    @Test func aHeaderScreenBeyondAPanelIsAnError() throws {
        let text = "# slidelock-verdict: unlock\n# slidelock-verdict-at: 0\n# slidelock-screen: 16384x16384\n"
        #expect(
            throws: EvemuParseError(
                file: "f", line: 3, message: "slidelock-screen: 16384x16384 is out of range (each side 16...8192)")
        ) { try RecordingHeader(parsing: text, fileName: "f") }
        let big = "# slidelock-verdict: unlock\n# slidelock-verdict-at: 0\n# slidelock-screen: 8192x8192\n"
        #expect(throws: EvemuParseError.self) { try RecordingHeader(parsing: big, fileName: "f") }
    }
}
