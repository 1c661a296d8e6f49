import SlideLockCore
import Testing

@testable import SlideLockMQTT

/// Messages from the broker: only the exact words, only on our topics, only when allowed,
/// never a retained one.
@Suite struct BridgeCommandsTests {
    func route(
        _ topic: String, _ payload: String, retained: Bool = false, open: Bool = true, commands: Bool = true
    ) -> Result<ControlRequest, IgnoredCommand> {
        var router = BridgeCommands(settings: panelSettings(allowOpen: open, allowCommands: commands))
        return router.route(topic: topic, payload: [UInt8](text: payload), retained: retained)
    }

    func request(_ topic: String, _ payload: String) -> ControlRequest? {
        guard case .success(let request) = route(topic, payload) else { return nil }
        return request
    }

    func ignored(
        _ topic: String, _ payload: String, retained: Bool = false, open: Bool = true, commands: Bool = true
    ) -> String? {
        guard case .failure(let why) = route(topic, payload, retained: retained, open: open, commands: commands) else {
            return nil
        }
        return why.description
    }

    @Test func eachCommand() {
        #expect(request("slidelock/panel1/set", "OPEN") == .unlock)
        #expect(request("slidelock/panel1/set", "UNLOCK") == .unlock)
        #expect(request("slidelock/panel1/set", "LOCK") == .lock)
        #expect(request("slidelock/panel1/lockdown/set", "ON") == .lockdown(true))
        #expect(request("slidelock/panel1/lockdown/set", "OFF") == .lockdown(false))
        #expect(request("slidelock/panel1/display/set", "on") == .display(.awake))
        #expect(request("slidelock/panel1/display/set", "dim") == .display(.dim))
        #expect(request("slidelock/panel1/display/set", "off") == .display(.blank))
        #expect(request("slidelock/panel1/identify/set", "PRESS") == .identify)
        #expect(request("slidelock/panel1/message/set", "Back at 3 — ☕") == .message("Back at 3 — ☕", seconds: nil))
        #expect(request("slidelock/panel1/message/set", "") == .clearMessage)
    }

    @Test func openingNeedsAllowOpenAndNothingElse() {
        #expect(ignored("slidelock/panel1/set", "OPEN", open: false) == "not-allowed: allow_open is off")
        #expect(ignored("slidelock/panel1/set", "UNLOCK", open: false) == "not-allowed: allow_open is off")
        #expect(ignored("slidelock/panel1/set", "OPEN", open: true, commands: false) == nil)
        #expect(
            ignored("slidelock/panel1/set", "LOCK", open: true, commands: false) == "not-allowed: allow_commands is off"
        )
        #expect(ignored("slidelock/panel1/set", "LOCK", open: false, commands: true) == nil)
    }

    @Test func theOtherCommandsNeedAllowCommands() {
        for (topic, payload) in [
            ("lockdown/set", "ON"), ("lockdown/set", "OFF"), ("display/set", "dim"), ("identify/set", "PRESS"),
            ("message/set", "hello"), ("message/set", ""),
        ] {
            #expect(
                ignored("slidelock/panel1/" + topic, payload, open: true, commands: false)
                    == "not-allowed: allow_commands is off")
        }
    }

    @Test func onlyTheExactWords() {
        let lock = "bad-payload: expected exactly LOCK, OPEN or UNLOCK"
        for payload in ["open", "Open", " OPEN", "OPEN ", "OPEN\n", "OPEN\0", "OPENOPEN", "", "1", "true", "ＯＰＥＮ"] {
            #expect(ignored("slidelock/panel1/set", payload) == lock, "\(payload)")
        }
        #expect(ignored("slidelock/panel1/lockdown/set", "on") == "bad-payload: expected exactly OFF or ON")
        #expect(ignored("slidelock/panel1/lockdown/set", "true") == "bad-payload: expected exactly OFF or ON")
        #expect(ignored("slidelock/panel1/display/set", "blank") == "bad-payload: expected exactly dim, off or on")
        #expect(ignored("slidelock/panel1/display/set", "ON") == "bad-payload: expected exactly dim, off or on")
        #expect(ignored("slidelock/panel1/identify/set", "press") == "bad-payload: expected exactly PRESS")
        #expect(
            route("slidelock/panel1/set", String(repeating: "OPEN", count: 100_000)).failure?.kind == .badPayload)
        var invalid = BridgeCommands(settings: panelSettings(allowOpen: true))
        #expect(
            invalid.route(topic: "slidelock/panel1/set", payload: [0xFF, 0x4F], retained: false).failure?.kind
                == .badPayload)
    }

    @Test func retainedCommandsAreNeverActedOn() {
        for (topic, payload) in [("set", "OPEN"), ("set", "LOCK"), ("lockdown/set", "OFF"), ("message/set", "x")] {
            #expect(
                ignored("slidelock/panel1/" + topic, payload, retained: true)
                    == "retained: a retained command is never acted on")
        }
    }

    @Test func otherTopicsAreNotCommands() {
        for topic in [
            "slidelock/panel1/set/", "slidelock/panel1/SET", "slidelock/panel1", "slidelock/panel2/set",
            "slidelock/panel1/state", "slidelock/panel1/unlock", "/slidelock/panel1/set", "slidelock/+/set",
            "slidelock/#", "slidelock/panel1/set ", "slidelock/panel1/identify",
        ] {
            #expect(ignored(topic, "OPEN") == "unknown-topic: not a command topic", "\(topic)")
        }
    }

    @Test func messagesByTheRuleOfCtlMessage() {
        let control = "bad-payload: contains a control character or line separator (one line, no tabs or newlines)"
        for text in [
            "two\nlines", "tab\there", "bell\u{7}", "esc\u{1b}[2J", "nul\u{0}", "del\u{7f}", "ls\u{2028}x", "c1\u{85}",
        ] {
            #expect(ignored("slidelock/panel1/message/set", text) == control, "\(text)")
        }
        #expect(
            ignored("slidelock/panel1/message/set", String(repeating: "é", count: 257))
                == "bad-payload: longer than 512 bytes of UTF-8 (an emoji takes 4; one line above the track)")
        #expect(
            ignored("slidelock/panel1/message/set", String(repeating: "x", count: 1025))
                == "bad-payload: not UTF-8 text of at most 1024 bytes")
        // What the lock would read otherwise than it was sent is refused, not tidied.
        let differently =
            "bad-payload: the lock would not read it as sent (outer or doubled spaces, or a word starting --)"
        for text in [" lead", "trail ", "two  spaces", "--clear", "--for 10 hi", " ", "a --b"] {
            #expect(ignored("slidelock/panel1/message/set", text) == differently, "\(text)")
        }
        #expect(request("slidelock/panel1/message/set", "a - b -") == .message("a - b -", seconds: nil))
    }

    @Test func ignoredCommandsAreCounted() {
        var router = BridgeCommands(settings: panelSettings(allowOpen: false, allowCommands: true))
        let messages: [(String, String, Bool)] = [
            ("slidelock/panel1/set", "OPEN", false), ("slidelock/panel1/set", "OPEN", true),
            ("slidelock/panel1/set", "open", false), ("elsewhere", "OPEN", false),
            ("slidelock/panel1/set", "LOCK", false),
            ("slidelock/panel1/display/set", "off", true),
        ]
        for (topic, payload, retained) in messages {
            _ = router.route(topic: topic, payload: [UInt8](text: payload), retained: retained)
        }
        #expect(router.ignored == [.notAllowed: 1, .retained: 2, .badPayload: 1, .unknownTopic: 1])
    }
}
