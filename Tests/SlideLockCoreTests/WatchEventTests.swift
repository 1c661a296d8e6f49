import Testing

@testable import SlideLockCore

/// `ctl watch`'s lines, the contract the MQTT bridge reads: spelled out here by hand, not
/// built from the code that writes them.
@Suite struct WatchEventTests {
    @Test func eachEventHasItsTextLine() {
        let lines: [(WatchEvent, String)] = [
            (.state("unlocked"), "state unlocked"), (.state("out-of-service"), "state out-of-service"),
            (.display("blank"), "display blank"), (.lockdown(true), "lockdown on"), (.lockdown(false), "lockdown off"),
            (.message("Back \"at\" 3"), "message \"Back \\\"at\\\" 3\""), (.message(nil), "message -"),
            (.door("held-open"), "door held-open"), (.tamper("on"), "tamper on"), (.unlock(.button), "unlock button"),
            (.rejected(.slide, .tooFast), "rejected slide too-fast"), (.notOpened, "not-opened"),
        ]
        for (event, line) in lines { #expect(event.text == line) }
    }

    @Test func eachEventHasItsJSONObject() {
        #expect(WatchEvent.state("busy").json(time: 7) == #"{"event":"state","time":7,"state":"busy"}"#)
        #expect(WatchEvent.lockdown(true).json(time: 7) == #"{"event":"lockdown","time":7,"lockdown":true}"#)
        #expect(WatchEvent.message(nil).json(time: 7) == #"{"event":"message","time":7,"message":null}"#)
        #expect(
            WatchEvent.rejected(.ctl, .lockdown).json(time: 7)
                == #"{"event":"rejected","time":7,"source":"ctl","reason":"lockdown"}"#)
        #expect(WatchEvent.notOpened.json(time: 7) == #"{"event":"not-opened","time":7}"#)
        let status = WatchEvent.status(ControlStatus()).json(time: 7)
        #expect(status.hasPrefix(#"{"event":"status","time":7,"state":"locked","display":"on","#), "\(status)")
    }

    @Test func theStatusLineIsTheStatusWithItsName() {
        var s = ControlStatus()
        s.door = "closed"
        #expect(WatchEvent.status(s).text == "status " + s.text)
        #expect(WatchEvent.status(s).text.contains(" door=closed "))
    }

    @Test func changesAreWhatAPersonWouldSeeChange() {
        var old = ControlStatus()
        old.uptime = 5
        var new = old
        new.uptime = 6
        new.unlocks = ["slide": 1] // a tally is no change: the decision has its own line
        #expect(WatchEvent.changes(from: old, to: new) == [])
        new.state = .unlocked
        new.display = "dim"
        new.lockdown = true
        new.message = "hi"
        new.door = "open"
        new.tamper = "on"
        #expect(
            WatchEvent.changes(from: old, to: new) == [
                .state("unlocked"), .display("dim"), .lockdown(true), .message("hi"), .door("open"), .tamper("on"),
            ])
        var broken = old
        broken.outOfService = "bad config"
        #expect(WatchEvent.changes(from: old, to: broken) == [.state("out-of-service")])
    }

    @Test func aDecisionIsAnUnlockOrARejection() {
        #expect(WatchEvent(UnlockDecision(time: 1, source: .tap, refusal: nil)) == .unlock(.tap))
        #expect(
            WatchEvent(UnlockDecision(time: 1, source: .button, refusal: UnlockRefusal(.lockdown)))
                == .rejected(.button, .lockdown))
    }
}
