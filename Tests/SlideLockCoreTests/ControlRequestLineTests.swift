import Testing

@testable import SlideLockCore

/// `--via WORD` before a request: what the client says it came through, for the audit.
@Suite struct ControlRequestLineTests {
    func read(_ line: String) -> Result<ControlRequestLine, ControlRequestError> {
        ControlRequestLine.parse(line: Array(line.utf8))
    }

    @Test func aLineWithoutViaIsTheRequestAlone() throws {
        let unlock = try read("unlock").get()
        let message = try read("message --for 5 hi there").get()
        #expect(unlock == ControlRequestLine(.unlock))
        #expect(message == ControlRequestLine(.message("hi there", seconds: 5)))
    }

    @Test func viaNamesWhatTheRequestCameThrough() throws {
        let line = try read("--via mqtt:slidelock/door1/set=OPEN unlock").get()
        #expect(line == ControlRequestLine(.unlock, via: "mqtt:slidelock/door1/set=OPEN"))
        #expect(line.line == "--via mqtt:slidelock/door1/set=OPEN unlock")
        let again = try read(line.line).get()
        #expect(again == line)
    }

    @Test func aBadViaIsRefusedAsAWholeRequest() {
        let long = String(repeating: "x", count: ControlRequestLine.maxViaBytes + 1)
        for bad in ["--via", "--via unlock", "--via --for unlock", "--via \(long) unlock", "--via a --via b unlock"] {
            guard case .failure = read(bad) else {
                Issue.record("\(bad) was read")
                continue
            }
        }
        // The rest is the request's own grammar, refused by its own rules.
        #expect(
            read("--via x open sesame")
                == .failure(ControlRequestError("unknown request \"open\" (expected \(ControlRequest.verbs))")))
        // Still one line of printable text: a control character anywhere ends it.
        #expect(
            read("--via a\u{1b}[2J unlock") == .failure(ControlRequestError("request contains a control character")))
    }

    @Test func theAuditCarriesTheViaWord() {
        let peer = ControlPeer(pid: 42, uid: 998, gid: 998)
        let record = AuditRecord.control(.unlock, peer: peer, outcome: "ok", via: "mqtt:slidelock/door1/set=OPEN")
        #expect(record.field("SLIDELOCK_VIA") == "mqtt:slidelock/door1/set=OPEN")
        #expect(record.field("SLIDELOCK_PEER_UID") == "998")
        #expect(record.message == "ctl unlock by uid 998 via mqtt:slidelock/door1/set=OPEN: ok")
        #expect(AuditRecord.control(.unlock, peer: peer, outcome: "ok").field("SLIDELOCK_VIA") == nil)
    }
}
