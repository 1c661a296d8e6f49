import SlideLockCore
import Testing

@testable import SlideLockMQTT

/// `ctl watch --json` lines read back: the lines as docs/ctl.md shows them, the lock's own
/// writer, and lines nobody should send.
@Suite struct WatchLineTests {
    func parse(_ line: String) -> Result<(event: WatchEvent, time: Int64), WatchLineProblem> {
        WatchLine.parse([UInt8](text: line))
    }

    func event(_ line: String) -> WatchEvent? {
        guard case .success(let read) = parse(line) else { return nil }
        return read.event
    }

    func problem(_ line: String) -> WatchLineProblem? {
        guard case .failure(let problem) = parse(line) else { return nil }
        return problem
    }

    @Test func eachChangeAsTheDocsWriteIt() {
        #expect(event(#"{"event":"state","time":5,"state":"unlocked"}"#) == .state("unlocked"))
        #expect(event(#"{"event":"state","time":5,"state":"out-of-service"}"#) == .state("out-of-service"))
        #expect(event(#"{"event":"display","time":5,"display":"away"}"#) == .display("away"))
        #expect(event(#"{"event":"lockdown","time":5,"lockdown":true}"#) == .lockdown(true))
        #expect(event(#"{"event":"message","time":5,"message":"Back at 3"}"#) == .message("Back at 3"))
        #expect(event(#"{"event":"message","time":5,"message":null}"#) == .message(nil))
        #expect(event(#"{"event":"door","time":5,"door":"held-open"}"#) == .door("held-open"))
        #expect(event(#"{"event":"tamper","time":5,"tamper":"on"}"#) == .tamper("on"))
        #expect(event(#"{"event":"unlock","time":5,"source":"ctl"}"#) == .unlock(.ctl))
        #expect(
            event(#"{"event":"rejected","time":5,"source":"slide","reason":"too-fast"}"#) == .rejected(.slide, .tooFast)
        )
        #expect(event(#"{"event":"not-opened","time":5}"#) == .notOpened)
        guard case .success(let read) = parse(#"{"event":"not-opened","time":1700000123}"#) else {
            Issue.record("not read")
            return
        }
        #expect(read.time == 1_700_000_123)
    }

    @Test func escapesAndSpacing() {
        #expect(
            event(#"{ "event" : "message" , "time" : 5 , "message" : "say \"hi\" \\ \u00e9 \ud83d\ude00 \/" }"#)
                == .message("say \"hi\" \\ é 😀 /"))
        #expect(event("{\"event\":\"message\",\"time\":5,\"message\":\"caf\u{e9}\"}") == .message("café"))
    }

    @Test func theStatusLine() {
        let line =
            #"{"event":"status","time":1700000000,"state":"out-of-service","display":"dim","lockdown":true,"#
            + #""out_of_service":"/etc/slidelock/slidelock.conf:3: bad","message":"Closed","#
            + #""last_unlock":{"time":1699999000,"source":"button"},"unlocks":{"button":1},"#
            + #""rejected_slides":{"too-fast":2},"outputs":["HDMI-A-1"],"touch_devices":[],"door":"open","#
            + #""tamper":"none","version":"9.9.9","uptime":61,"config_digest":"0123456789abcdef","#
            + #""stuck_contacts":[{"x":1,"y":2}],"added_by_a_newer_lock":{"a":[1,2]}}"#
        guard case .status(let s)? = event(line) else {
            Issue.record("no status")
            return
        }
        #expect(s.stateWord == "out-of-service")
        #expect(s.outOfService == "/etc/slidelock/slidelock.conf:3: bad")
        #expect(s.display == "dim" && s.lockdown && s.message == "Closed")
        #expect(s.lastUnlock == LastUnlock(time: 1_699_999_000, source: .button))
        #expect(s.unlocks == ["button": 1] && s.rejected == ["too-fast": 2])
        #expect(s.door == "open" && s.tamper == "none" && s.version == "9.9.9" && s.uptime == 61)
    }

    /// What the lock writes, the bridge reads: every kind of line, through Core's writer.
    @Test func everyLineTheLockWritesReadsBack() {
        var status = ControlStatus()
        status.state = .dragging
        status.message = "Tab\there \"quoted\""
        status.lastUnlock = LastUnlock(time: 12, source: .tap)
        status.unlocks = ["tap": 1, "slide": 4]
        status.rejected = ["spring-back": 3]
        status.door = "forced"
        status.tamper = "on"
        status.uptime = 99
        let events: [WatchEvent] = [
            .status(status), .state("busy"), .display("blank"), .lockdown(false), .message(nil),
            .message("x\u{2028}y"), .door("missing"), .tamper("off"), .unlock(.button), .rejected(.ctl, .lockdown),
            .notOpened,
        ]
        for written in events {
            guard case .success(let read) = WatchLine.parse([UInt8](text: written.json(time: 42))) else {
                Issue.record("not read: \(written.json(time: 42))")
                continue
            }
            #expect(read.event == written)
            #expect(read.time == 42)
        }
    }

    @Test func linesThatAreNotJSON() {
        for line in [
            "", "status state=locked", "{", "}", "[]", "\"text\"", "{\"event\":\"not-opened\",\"time\":5",
            "{\"event\":\"not-opened\",\"time\":5}{}", "{\"event\":\"not-opened\",\"time\":5},",
            "{\"event\":\"not-opened\",\"time\":5,}", "{'event':'not-opened','time':5}",
            "{\"event\":\"not-opened\",\"time\":05}", "{\"event\":\"not-opened\",\"time\":5.0}",
            "{\"event\":\"not-opened\",\"time\":5e3}", "{\"event\":\"not-opened\",\"time\":1234567890123456789}",
            "{\"event\":\"not-opened\",\"time\":+5}", "{\"event\":\"not-opened\",\"event\":\"not-opened\",\"time\":5}",
            "{\"event\":\"message\",\"time\":5,\"message\":\"a\nb\"}",
            "{\"event\":\"message\",\"time\":5,\"message\":\"\\x41\"}",
            "{\"event\":\"message\",\"time\":5,\"message\":\"\\ud83d\"}",
            "{\"event\":\"message\",\"time\":5,\"message\":\"\\udc00\"}",
            "{\"event\":\"message\",\"time\":5,\"message\":\"\\u12\"}",
            "{\"event\":\"lockdown\",\"time\":5,\"lockdown\":True}",
            "{\"event\":\"not-opened\",\"time\":5,\"x\":[[[[1]]]]}",
        ] {
            #expect(problem(line) == .notJSON, "\(line)")
        }
        // Invalid UTF-8 inside a string.
        var bytes = [UInt8](text: "{\"event\":\"message\",\"time\":5,\"message\":\"")
        bytes += [0xC3, 0x28, 0x22, 0x7D]
        #expect(WatchLine.parse(bytes).failure == .notJSON)
    }

    @Test func oversizedLinesAreNotRead() {
        let padding = String(repeating: "a", count: WatchJSON.maxBytes)
        #expect(problem(#"{"event":"message","time":5,"message":""# + padding + #""}"#) == .tooLong)
        let deep = String(repeating: "[", count: 100_000)
        #expect(problem(deep) == .tooLong)
        #expect(problem(String(repeating: "[", count: 1000)) == .notJSON)
    }

    @Test func unknownEventsAndWordsAreRefusedWhole() {
        #expect(problem(#"{"event":"open-sesame","time":5}"#) == .unknownEvent)
        #expect(problem(#"{"event":"STATE","time":5,"state":"locked"}"#) == .unknownEvent)
        for line in [
            #"{"time":5,"state":"locked"}"#, #"{"event":"state","state":"locked"}"#,
            #"{"event":"state","time":-1,"state":"locked"}"#, #"{"event":"state","time":"5","state":"locked"}"#,
            #"{"event":5,"time":5}"#, #"{"event":"state","time":5,"state":"ajar"}"#,
            #"{"event":"state","time":5,"state":"LOCKED"}"#, #"{"event":"state","time":5}"#,
            #"{"event":"display","time":5,"display":"off"}"#, #"{"event":"lockdown","time":5,"lockdown":"on"}"#,
            #"{"event":"message","time":5,"message":5}"#, #"{"event":"door","time":5,"door":"ajar"}"#,
            #"{"event":"tamper","time":5,"tamper":"yes"}"#, #"{"event":"unlock","time":5,"source":"magic"}"#,
            #"{"event":"rejected","time":5,"source":"slide","reason":"bad-luck"}"#,
            #"{"event":"rejected","time":5,"source":"slide"}"#,
            #"{"event":"status","time":5,"state":"locked"}"#,
        ] {
            #expect(problem(line) == .badMember, "\(line)")
        }
    }

    func status(
        state: String = "locked", outOfService: String = "null", lastUnlock: String = "null", unlocks: String = "{}"
    )
        -> String
    {
        #"{"event":"status","time":5,"state":""# + state + #"","out_of_service":"# + outOfService
            + #","display":"on","lockdown":false,"message":null,"last_unlock":"# + lastUnlock + #","unlocks":"#
            + unlocks + #","rejected_slides":{},"door":"none","tamper":"none","version":"1","uptime":0}"#
    }

    @Test func aStatusThatContradictsItselfIsRefused() {
        #expect(problem(status()) == nil)
        #expect(problem(status(state: "out-of-service", outOfService: #""bad file""#)) == nil)
        // Out of service without its reason, or a reason beside a working state.
        #expect(problem(status(state: "out-of-service")) == .badMember)
        #expect(problem(status(outOfService: #""x""#)) == .badMember)
        #expect(problem(status(unlocks: #"{"slide":-1}"#)) == .badMember)
        #expect(problem(status(unlocks: #"{"slide":1000000000001}"#)) == .badMember)
        #expect(problem(status(unlocks: #"{"slide":"1"}"#)) == .badMember)
        #expect(problem(status(lastUnlock: #"{"time":1}"#)) == .badMember)
        #expect(problem(status(lastUnlock: #"{"time":1,"source":"wish"}"#)) == .badMember)
        #expect(problem(status(lastUnlock: "5")) == .badMember)
    }
}

extension Result {
    var failure: Failure? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}
