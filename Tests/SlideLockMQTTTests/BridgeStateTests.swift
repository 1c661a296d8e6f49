import SlideLockCore
import Testing

@testable import SlideLockMQTT

/// What a subscriber to `slidelock/panel1/#` sees for each watch line.
@Suite struct BridgeStateTests {
    static let status =
        #"{"event":"status","time":1700000000,"state":"locked","display":"on","lockdown":false,"#
        + #""out_of_service":null,"message":null,"last_unlock":{"time":1699999000,"source":"slide"},"#
        + #""unlocks":{"slide":3},"rejected_slides":{"too-fast":2,"too-quick":1},"outputs":["HDMI-A-1"],"#
        + #""touch_devices":["Goodix"],"door":"closed","tamper":"off","version":"0.1.0","uptime":600,"#
        + #""config_digest":"0123456789abcdef","stuck_contacts":[]}"#

    /// The attributes as they stand after `status`, with `uptime` and what changed after.
    static func attributes(
        state: String = "locked", display: String = "on", lockdown: String = "false", message: String = "null",
        lastUnlock: String = #"{"time":1699999000,"source":"slide"}"#, unlocks: String = #"{"slide":3}"#,
        rejected: String = #"{"too-fast":2,"too-quick":1}"#, door: String = "closed", tamper: String = "off",
        uptime: Int = 600
    ) -> String {
        #"{"state":""# + state + #"","display":""# + display + #"","lockdown":"# + lockdown
            + #","out_of_service":null,"message":"# + message + #","last_unlock":"# + lastUnlock + #","unlocks":"#
            + unlocks + #","rejected_slides":"# + rejected + #","door":""# + door + #"","tamper":""# + tamper
            + #"","version":"0.1.0","uptime":"# + String(uptime) + "}"
    }

    func published(_ lines: [String]) -> (state: BridgeState, messages: [String]) {
        var state = BridgeState(topics: BridgeTopics(prefix: "slidelock/panel1"))
        var messages: [String] = []
        for line in lines { messages += state.read(line: [UInt8](text: line)).map(\.description) }
        return (state, messages)
    }

    /// The messages one line after the status makes.
    func after(_ line: String) -> [String] {
        Array(published([Self.status, line]).messages.dropFirst(published([Self.status]).messages.count))
    }

    @Test func theStatusSetsEverythingRetained() {
        #expect(
            published([Self.status]).messages == [
                "slidelock/panel1/availability online (retained)",
                "slidelock/panel1/state LOCKED (retained)",
                "slidelock/panel1/attributes " + Self.attributes() + " (retained)",
                "slidelock/panel1/lockdown OFF (retained)",
                "slidelock/panel1/display on (retained)",
                "slidelock/panel1/message  (retained)",
                "slidelock/panel1/door OFF (retained)",
                "slidelock/panel1/tamper OFF (retained)",
                "slidelock/panel1/rejected 3 (retained)",
            ])
    }

    @Test func statesAsHomeAssistantsLockSaysThem() {
        let words = [
            "locked": "LOCKED", "pressed": "LOCKED", "dragging": "LOCKED", "busy": "UNLOCKED",
            "unlocked": "UNLOCKED", "failed": "JAMMED", "out-of-service": "LOCKED",
        ]
        for (word, published) in words {
            let line = #"{"event":"state","time":1700000010,"state":""# + word + #""}"#
            #expect(after(line).first == "slidelock/panel1/state \(published) (retained)", "\(word)")
            #expect(after(line).dropFirst().first?.contains(#"{"state":""# + word + #"""#) == true)
        }
    }

    @Test func aChangePublishesItsStateAndTheAttributes() {
        #expect(
            after(#"{"event":"lockdown","time":1700000010,"lockdown":true}"#) == [
                "slidelock/panel1/lockdown ON (retained)",
                "slidelock/panel1/attributes " + Self.attributes(lockdown: "true", uptime: 610) + " (retained)",
            ])
        #expect(
            after(#"{"event":"display","time":1700000001,"display":"blank"}"#).first
                == "slidelock/panel1/display off (retained)")
        #expect(
            after(#"{"event":"display","time":1700000001,"display":"away"}"#).first
                == "slidelock/panel1/display None (retained)")
        #expect(
            after(#"{"event":"message","time":1700000001,"message":"Back at \"3\""}"#) == [
                "slidelock/panel1/message Back at \"3\" (retained)",
                "slidelock/panel1/attributes " + Self.attributes(message: #""Back at \"3\"""#, uptime: 601)
                    + " (retained)",
            ])
    }

    @Test func theDoorPublishesItsStateAndAnEvent() {
        #expect(
            after(#"{"event":"door","time":1700000002,"door":"forced"}"#) == [
                "slidelock/panel1/door ON (retained)",
                "slidelock/panel1/attributes " + Self.attributes(door: "forced", uptime: 602) + " (retained)",
                #"slidelock/panel1/event/door {"event_type":"forced","time":1700000002}"#,
            ])
        let doors = [
            "open": ("ON", "door-open"), "held-open": ("ON", "held-open"), "closed": ("OFF", "door-closed"),
            "missing": ("None", "door-missing"),
        ]
        for (word, (state, event)) in doors {
            let out = after(#"{"event":"door","time":1700000002,"door":""# + word + #""}"#)
            #expect(out.first == "slidelock/panel1/door \(state) (retained)")
            #expect(out.last == #"slidelock/panel1/event/door {"event_type":""# + event + #"","time":1700000002}"#)
        }
        // No contact any more (a reload): unknown, and nothing happened at the door.
        #expect(
            after(#"{"event":"door","time":1700000002,"door":"none"}"#) == [
                "slidelock/panel1/door None (retained)",
                "slidelock/panel1/attributes " + Self.attributes(door: "none", uptime: 602) + " (retained)",
            ])
        #expect(
            after(#"{"event":"not-opened","time":1700000003}"#) == [
                "slidelock/panel1/attributes " + Self.attributes(uptime: 603) + " (retained)",
                #"slidelock/panel1/event/door {"event_type":"not-opened","time":1700000003}"#,
            ])
    }

    @Test func tamper() {
        #expect(
            after(#"{"event":"tamper","time":1700000004,"tamper":"on"}"#) == [
                "slidelock/panel1/tamper ON (retained)",
                "slidelock/panel1/attributes " + Self.attributes(tamper: "on", uptime: 604) + " (retained)",
                #"slidelock/panel1/event/door {"event_type":"tampered","time":1700000004}"#,
            ])
        #expect(
            after(#"{"event":"tamper","time":1700000004,"tamper":"off"}"#).last
                == #"slidelock/panel1/event/door {"event_type":"tamper-reset","time":1700000004}"#)
    }

    @Test func unlocksAndRejections() {
        #expect(
            after(#"{"event":"unlock","time":1700000005,"source":"ctl"}"#) == [
                "slidelock/panel1/attributes "
                    + Self.attributes(
                        lastUnlock: #"{"time":1700000005,"source":"ctl"}"#, unlocks: #"{"ctl":1,"slide":3}"#,
                        uptime: 605) + " (retained)",
                #"slidelock/panel1/event/access {"event_type":"unlock","source":"ctl","time":1700000005}"#,
            ])
        #expect(
            after(#"{"event":"rejected","time":1700000006,"source":"slide","reason":"too-fast"}"#) == [
                "slidelock/panel1/rejected 4 (retained)",
                "slidelock/panel1/attributes "
                    + Self.attributes(rejected: #"{"too-fast":3,"too-quick":1}"#, uptime: 606)
                    + " (retained)",
                #"slidelock/panel1/event/access {"event_type":"rejected","source":"slide","reason":"too-fast","time":1700000006}"#,
            ])
        // The lock counts refused slides only; a refused ctl unlock is an event, not a slide.
        #expect(
            after(#"{"event":"rejected","time":1700000006,"source":"ctl","reason":"lockdown"}"#) == [
                "slidelock/panel1/attributes " + Self.attributes(uptime: 606) + " (retained)",
                #"slidelock/panel1/event/access {"event_type":"rejected","source":"ctl","reason":"lockdown","time":1700000006}"#,
            ])
    }

    @Test func nothingBeforeTheStatusNothingForJunk() {
        let (state, messages) = published([
            #"{"event":"lockdown","time":1,"lockdown":true}"#, "not json", #"{"event":"warp","time":1}"#,
            #"{"event":"door","time":1,"door":"ajar"}"#, String(repeating: "x", count: 20_000),
        ])
        #expect(messages == [])
        #expect(state.status == nil)
        #expect(state.problems == [.beforeStatus: 1, .notJSON: 1, .unknownEvent: 1, .badMember: 1, .tooLong: 1])
        // Junk after the status changes nothing either.
        #expect(after("{\"event\":\"lockdown\",\"time\":1,\"lockdown\":\"yes\"}") == [])
    }

    @Test func theLockGoneIsOfflineAndTheNextWatchStartsAfresh() {
        var (state, _) = published([Self.status])
        #expect(state.lockGone().map(\.description) == ["slidelock/panel1/availability offline (retained)"])
        #expect(state.read(line: [UInt8](text: #"{"event":"lockdown","time":1,"lockdown":true}"#)) == [])
        #expect(state.problems == [.beforeStatus: 1])
        #expect(
            state.read(line: [UInt8](text: Self.status)).first?.description
                == "slidelock/panel1/availability online (retained)")
    }

    @Test func everythingAgainForABrokerThatLostIt() {
        var state = BridgeState(topics: BridgeTopics(prefix: "slidelock/panel1"))
        #expect(state.current.map(\.description) == ["slidelock/panel1/availability offline (retained)"])
        _ = state.read(line: [UInt8](text: Self.status))
        _ = state.read(line: [UInt8](text: #"{"event":"door","time":1700000009,"door":"open"}"#))
        #expect(
            state.current.map(\.description) == [
                "slidelock/panel1/availability online (retained)",
                "slidelock/panel1/state LOCKED (retained)",
                "slidelock/panel1/attributes " + Self.attributes(door: "open", uptime: 609) + " (retained)",
                "slidelock/panel1/lockdown OFF (retained)",
                "slidelock/panel1/display on (retained)",
                "slidelock/panel1/message  (retained)",
                "slidelock/panel1/door ON (retained)",
                "slidelock/panel1/tamper OFF (retained)",
                "slidelock/panel1/rejected 3 (retained)",
            ])
    }

    @Test func theBridgesOwnAvailability() {
        let topics = BridgeTopics(prefix: "site/east")
        #expect(topics.bridgeOnline.description == "site/east/bridge online (retained)")
        #expect(topics.bridgeWill.description == "site/east/bridge offline (retained)")
        #expect(topics.bridgeWill.qos == 1)
        #expect(
            topics.commands == [
                "site/east/set", "site/east/message/set", "site/east/lockdown/set", "site/east/display/set",
                "site/east/identify/set",
            ])
    }
}
