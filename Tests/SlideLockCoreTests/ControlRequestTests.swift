import Testing

@testable import SlideLockCore

@Suite struct ControlRequestTests {
    func parse(_ text: String) -> Result<ControlRequest, ControlRequestError> {
        ControlRequest.parse(line: Array(text.utf8))
    }

    @Test func everyRequestRoundTripsThroughItsLine() throws {
        let requests: [ControlRequest] = [
            .status(json: false), .status(json: true), .lock, .wake, .reload, .unlock,
            .message("Door closed today", seconds: nil), .message("Back at 2", seconds: 90),
            .message("half", seconds: 0.5), .clearMessage, .lockdown(true), .lockdown(false),
            .watch(json: false), .watch(json: true), .tamperReset, .identify, .display(.awake), .display(.dim),
            .display(.blank),
        ]
        for request in requests {
            #expect(try parse(request.line).get() == request, "\(request.line)")
        }
    }

    @Test func messageArgumentsInAnyOrder() throws {
        let r = try ControlRequest.parse(arguments: ["message", "Door closed", "--for", "30"]).get()
        #expect(r == .message("Door closed", seconds: 30))
        #expect(r.line == "message --for 30 Door closed")
        let spaced = try ControlRequest.parse(arguments: ["message", "a  b", "c"]).get()
        #expect(spaced == .message("a b c", seconds: nil))
    }

    @Test(arguments: [
        ("", "no request"), ("open", "unknown request \"open\""), ("unlock now", "unlock takes no arguments"),
        ("status --xml", "status takes only --json"), ("lockdown maybe", "lockdown takes on or off"),
        ("message", "message needs TEXT"), ("message --for 10", "message needs TEXT"),
        ("message --for 0 hi", "bad seconds"), ("message --for 86401 hi", "bad seconds"),
        ("message --for nan hi", "bad seconds"), ("message --for", "needs SECONDS"),
        ("message --clear hi", "takes nothing else"), ("message --bold hi", "unknown option"),
        ("message --for 1 --for 2 hi", "needs SECONDS"), ("watch --text", "watch takes only --json"),
        ("tamper-reset now", "tamper-reset takes no arguments"), ("identify 10", "identify takes no arguments"),
        ("display", "display takes on, dim or off"),
        ("display blank", "display takes on, dim or off"), ("display on off", "display takes on, dim or off"),
    ])
    func badRequestsSayWhy(_ line: String, _ why: String) {
        guard case .failure(let error) = parse(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.message.contains(why), "\(line): \(error.message)")
    }

    @Test func oversizedLinesAreRefused() {
        let long = "message " + String(repeating: "x", count: ControlRequest.maxLineBytes)
        guard case .failure(let error) = parse(long) else {
            Issue.record("parsed")
            return
        }
        #expect(error.message.contains("longer than 1024 bytes"))
    }

    /// The longest message `display.message` takes is a message `ctl` can send, and the
    /// length it refuses is said in bytes, by the client, before anything is sent.
    @Test func aMessageIsMeasuredInBytesByTheClientAsInTheConfig() throws {
        let longest = String(repeating: "\u{1F6AA}", count: 128) // 512 bytes
        #expect(ScreenTextSettings.messageProblem(longest) == nil)
        let request = try ControlRequest.parse(arguments: ["message", "--for", "86400", longest]).get()
        #expect(try parse(request.line).get() == .message(longest, seconds: 86_400))
        guard
            case .failure(let error) = ControlRequest.parse(arguments: [
                "message", String(repeating: "\u{1F6AA}", count: 150),
            ])
        else {
            Issue.record("150 emoji parsed")
            return
        }
        #expect(error.message == "message: longer than 512 bytes of UTF-8 (an emoji takes 4; one line above the track)")
    }

    /// One rule for the message line, in the config and over the socket: C1 controls, NEL
    /// and the line and paragraph separators are refused by both.
    @Test(arguments: ["\u{80}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{7}", "\u{7F}"])
    func aCharacterTheConfigRefusesCtlRefuses(_ character: String) {
        let text = "Back" + character + "soon"
        #expect(
            ScreenTextSettings.messageProblem(text)
                == "contains a control character or line separator (one line, no tabs or newlines)")
        guard case .failure(let error) = ControlRequest.parse(arguments: ["message", text]) else {
            Issue.record("ctl took U+\(String(character.unicodeScalars.first!.value, radix: 16))")
            return
        }
        #expect(error.message.hasPrefix("message: contains a control character"))
    }

    @Test func binaryAndControlCharactersAreRefused() {
        let binary: [[UInt8]] = [
            [0xff, 0xfe, 0x00], Array("status".utf8) + [0], Array("message hi\u{1b}[2J".utf8),
            Array("message a\tb".utf8), Array("message a\rb".utf8), [0xc3], Array("lock\u{7f}".utf8),
        ]
        for bytes in binary {
            guard case .failure = ControlRequest.parse(line: bytes) else {
                Issue.record("\(bytes) parsed")
                return
            }
        }
        guard case .failure = ControlRequest.parse(arguments: ["message", "two\nlines"]) else {
            Issue.record("a newline in a message parsed")
            return
        }
    }

    @Test func onlyStatusAndWatchLeaveEverythingAsItWas() {
        #expect(!ControlRequest.status(json: true).changesState)
        #expect(!ControlRequest.watch(json: false).changesState)
        #expect(ControlRequest.tamperReset.changesState && ControlRequest.display(.blank).changesState)
        #expect(ControlRequest.lock.changesState && ControlRequest.unlock.changesState)
    }
}

@Suite struct ControlStatusTests {
    @Test func jsonEscapesWhatItMust() {
        #expect(JSONText.string("a\"b\\c\n\u{1}é") == "\"a\\\"b\\\\c\\n\\u0001é\"")
    }

    @Test func statusAsJSONAndText() {
        var s = ControlStatus()
        s.message = "Back \"soon\""
        s.outputs = ["DSI-1"]
        s.touchDevices = ["/dev/input/event0 (ft5x06)"]
        s.version = "9.8.7"
        s.door = "held-open"
        s.tamper = "off"
        s.uptime = 61
        s.configDigest = "00c0ffee00c0ffee"
        s.record(UnlockDecision(time: 1, source: .slide, refusal: UnlockRefusal(.tooQuick)), wallTime: 10)
        s.record(UnlockDecision(time: 2, source: .slide, refusal: UnlockRefusal(.tooQuick)), wallTime: 11)
        s.record(UnlockDecision(time: 3, source: .ctl, refusal: nil), wallTime: 1_700_000_000)
        #expect(
            s.json
                == "{\"state\":\"locked\",\"display\":\"on\",\"lockdown\":false,\"out_of_service\":null,"
                + "\"message\":\"Back \\\"soon\\\"\","
                + "\"last_unlock\":{\"time\":1700000000,\"source\":\"ctl\"},\"unlocks\":{\"ctl\":1},"
                + "\"rejected_slides\":{\"too-quick\":2},\"outputs\":[\"DSI-1\"],"
                + "\"touch_devices\":[\"/dev/input/event0 (ft5x06)\"],\"door\":\"held-open\",\"tamper\":\"off\","
                + "\"version\":\"9.8.7\",\"uptime\":61,\"config_digest\":\"00c0ffee00c0ffee\",\"stuck_contacts\":[]}")
        #expect(
            s.text.hasPrefix("state=locked display=on lockdown=off unlocks=1 rejected=2 last-unlock=1700000000/ctl"))
        #expect(
            s.text.hasSuffix(
                " touch=1 door=held-open tamper=off version=9.8.7 uptime=61 config=00c0ffee00c0ffee"
                    + " message=\"Back \\\"soon\\\"\""))
        #expect(ControlStatus().version == SlideLockVersion.number)
    }

    @Test func auditRecordsCarryTheirFields() {
        let peer = ControlPeer(pid: 42, uid: 0, gid: 0)
        let unlock = AuditRecord.decision(UnlockDecision(time: 1, source: .ctl, refusal: nil, peer: peer))
        #expect(unlock.kind == .unlock)
        #expect(unlock.field("SLIDELOCK_EVENT") == "unlock" && unlock.field("SLIDELOCK_SOURCE") == "ctl")
        #expect(unlock.field("SLIDELOCK_PEER_UID") == "0")
        let refused = AuditRecord.decision(
            UnlockDecision(
                time: 1, source: .slide, refusal: UnlockRefusal(.tooQuick, "30 ms, needs 50"), duration: 0.0304,
                distance: 612.4))
        #expect(refused.kind == .rejected && refused.field("SLIDELOCK_REASON") == "too-quick")
        #expect(refused.field("SLIDELOCK_SLIDE_MS") == "30" && refused.field("SLIDELOCK_SLIDE_PX") == "612")
        #expect(AuditRecord.lockdown(true, peer: peer).field("SLIDELOCK_EVENT") == "lockdown-on")
        let ctl = AuditRecord.control(.message("hi", seconds: 5), peer: peer, outcome: "ok")
        #expect(ctl.field("SLIDELOCK_EVENT") == "ctl-message" && ctl.field("SLIDELOCK_REQUEST") == "message --for 5 hi")
        #expect(Set(AuditRecord.Kind.allCases.map(\.rawValue)).count == 6)
    }
}
