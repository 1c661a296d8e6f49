import Testing

@testable import SlideLockCore

/// `input.button*`: the shape of `CHIP:LINE` and the keys' errors.
@Suite struct ButtonConfigTests {
    @Test(arguments: [
        ("/dev/gpiochip0:17", "/dev/gpiochip0", 17), ("pinctrl-bcm2711:4", "pinctrl-bcm2711", 4),
        ("gpio-sim.0-node0:0", "gpio-sim.0-node0", 0), ("a:b:3", "a:b", 3),
    ])
    func chipAndLineAreParsed(_ text: String, chip: String, line: Int) throws {
        let parsed = try #require(ButtonSettings.parse(text))
        #expect(parsed.chip == chip && parsed.offset == line)
    }

    @Test(arguments: ["17", ":17", "chip:", "chip:x", "chip:-1", "chip:65536", "chip:1 ", "chip:999999999999999999999"])
    func badLinesAreRefused(_ text: String) {
        #expect(ButtonSettings.parse(text) == nil)
    }

    @Test func theKeysLoadAndEachBadValueNamesItsKey() throws {
        let s = try ConfigLoader.load(
            sources: [],
            overrides: [
                "input.button=/dev/gpiochip1:5", "input.button_active=high", "input.button_debounce=0.05",
                "input.button_bias=pull-up",
            ])
        #expect(s.input.button.line == "/dev/gpiochip1:5")
        #expect(s.input.button.active == .high && s.input.button.debounce == 0.05 && s.input.button.bias == .pullUp)
        #expect(try ConfigLoader.load(sources: [], overrides: []).input.button == ButtonSettings())
        for (bad, key) in [
            ("input.button=gpiochip0", "input.button"), ("input.button_active=middle", "input.button_active"),
            ("input.button_debounce=2", "input.button_debounce"), ("input.button_bias=up", "input.button_bias"),
        ] {
            do {
                _ = try ConfigLoader.load(sources: [], overrides: [bad])
                Issue.record("\(bad) was accepted")
            } catch {
                #expect("\(error)".contains(key), "\(error)")
            }
        }
    }

    @Test func renderedSettingsLoadBackWithTheButtonAndTheFeedbackHook() throws {
        var s = Settings()
        s.input.button.line = "pinctrl-bcm2711:17"
        s.input.button.bias = .pullDown
        s.action.feedbackHook = "/usr/local/libexec/slidelock-relay beep"
        let text = ConfigLoader.render(s)
        let back = try ConfigLoader.load(sources: [ConfigSource(name: "x.conf", text: text)], overrides: [])
        #expect(back.input.button == s.input.button)
        #expect(back.action.feedbackHook == s.action.feedbackHook)
    }
}

/// The button's rule in `UnlockAuthority` (`buttonRefusal`), through the session.
@Suite struct ButtonAuthorityTests {
    static func session(_ overrides: [String] = [], shown: Bool = true) throws -> LockSession {
        let settings = try ConfigLoader.load(sources: [], overrides: overrides)
        var s = LockSession(settings: settings, width: 800, height: 480)
        _ = s.handle(.hidden(.startup, time: 0))
        if shown { _ = s.handle(.shown(.startup, time: 1)) }
        return s
    }

    static func log(_ s: inout LockSession) -> [String] { s.takeLog().map(\.description) }

    @Test func aPressOpensInExitModeThroughTheSlidesPath() throws {
        var s = try Self.session()
        _ = Self.log(&s)
        #expect(s.pressButton(time: 2) == [.unlock(source: .button, slideDuration: 0), .exit])
        #expect(s.state == .unlocked && s.hasExited)
        #expect(Self.log(&s).contains("t=2.000 unlock button"))
    }

    @Test func aPressStartsTheHookOnceInHookMode() throws {
        var s = try Self.session(["action.on_unlock=hook", "action.hook=/bin/true"])
        #expect(s.pressButton(time: 2) == [.unlock(source: .button, slideDuration: 0)])
        #expect(s.state == .busy)
        // A second press while the hook runs, and one in the cooldown after it, open nothing.
        #expect(s.pressButton(time: 2.01) == [])
        _ = s.handle(.actionFinished(success: true, time: 2.2))
        #expect(s.pressButton(time: 3.2) == [])
        let log = Self.log(&s)
        #expect(log.contains("t=2.010 not-ready button busy"))
        #expect(log.contains("t=3.200 not-ready button unlocked"))
    }

    @Test func aBouncingLineLogsARefusalASecondAndCountsTheRest() throws {
        var s = try Self.session(["action.on_unlock=hook", "action.hook=/bin/true"])
        _ = s.pressButton(time: 2) // the hook runs: every press after it is refused
        _ = Self.log(&s)
        for i in 1...100 { #expect(s.pressButton(time: 2 + Double(i) * 0.02) == []) } // 50 a second
        #expect(
            Self.log(&s) == [
                "t=2.020 not-ready button busy", "t=3.020 button-refusals-not-logged 49",
                "t=3.020 not-ready button busy",
            ])
        #expect(s.takeDecisions().filter { $0.source == .button }.count == 101) // the audit sees each
    }

    @Test func theCooldownRefusesAPress() throws {
        var s = try Self.session(["action.on_unlock=hook", "action.hook=/bin/true", "action.cooldown=30"])
        _ = s.pressButton(time: 2)
        _ = s.handle(.actionFinished(success: true, time: 2.2))
        let relocked = 2.2 + s.settings.animation.unlockedDuration
        _ = s.handle(.tick(time: relocked + 0.1)) // relocked, still in the cooldown
        #expect(s.state == .locked)
        #expect(s.pressButton(time: relocked + 0.2) == [])
        #expect(Self.log(&s).contains { $0.hasSuffix("not-ready button cooldown") })
        #expect(s.pressButton(time: 32.1) == [.unlock(source: .button, slideDuration: 0)])
    }

    @Test func beforeTheLockIsShownAPressIsRefused() throws {
        var s = try Self.session(shown: false)
        #expect(s.pressButton(time: 0.5) == [])
        #expect(Self.log(&s).contains("t=0.500 hidden-startup button"))
    }

    @Test func whileAnotherProgramHoldsTheDisplayAPressIsRefused() throws {
        var s = try Self.session()
        _ = s.handle(.hidden(.master, time: 2))
        #expect(s.pressButton(time: 3) == [])
        #expect(Self.log(&s).contains("t=3.000 hidden-master button"))
    }

    @Test func anIdleDimDoesNotRefuseAPress() throws {
        var s = try Self.session()
        _ = s.handle(.hidden(.idle, time: 2))
        #expect(s.pressButton(time: 3) == [.unlock(source: .button, slideDuration: 0), .exit])
    }

    @Test func lockdownRefusesAPress() throws {
        var s = try Self.session()
        _ = s.handle(.control(.lockdown(true), time: 1))
        #expect(s.pressButton(time: 2) == [])
        #expect(s.state == .locked)
        #expect(Self.log(&s).contains("t=2.000 lockdown button"))
    }

    @Test func aFingerHoldingTheThumbLetsGoWhenThePressOpens() throws {
        var s = try Self.session(["action.on_unlock=hook", "action.hook=/bin/true"])
        let thumb = s.layout.thumb(progress: 0)
        let p = Point(x: thumb.minX + thumb.width / 2, y: thumb.minY + thumb.height / 2)
        _ = s.handle(.touchDown(id: 1, point: p, time: 2))
        _ = s.handle(.touchMove(id: 1, point: Point(x: p.x + 40, y: p.y), time: 2.05))
        #expect(s.state == .dragging)
        let effects = s.pressButton(time: 2.1)
        #expect(effects == [.slideCancelled, .unlock(source: .button, slideDuration: 0)])
        #expect(s.state == .busy)
        // The finger lifting later opens nothing more.
        #expect(s.handle(.touchUp(id: 1, time: 2.2)) == [])
    }

    @Test func theAuthorityDecidesAPressAlone() {
        var a = UnlockAuthority(gesture: GestureSettings(), layout: Glass().session.layout)
        #expect(a.decide(.button(ButtonPress(time: 1))).isGranted)
        // Lockdown is the authority's own: the press does not carry it.
        a.observe(.control(.lockdown(true), time: 2))
        #expect(a.decide(.button(ButtonPress(time: 2))) == .refused(UnlockRefusal(.lockdown)))
        a.observe(.control(.lockdown(false), time: 3))
        #expect(!a.decide(.button(ButtonPress(time: 3, notReady: "busy"))).isGranted)
        #expect(
            a.takeLog().map(\.description) == [
                "t=1.000 unlock button", "t=2.000 lockdown on", "t=2.000 lockdown button", "t=3.000 lockdown off",
                "t=3.000 not-ready button busy",
            ])
    }
}
