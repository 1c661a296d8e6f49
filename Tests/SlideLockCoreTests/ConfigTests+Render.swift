import Testing

@testable import SlideLockCore

extension ConfigTests {
    // MARK: Key table and render

    @Test func keyTableCoversEverySettingsField() {
        // Settings has 12 groups (relay 5, door 7, tamper 5); Theme 29 fields (words: 8 keys), layout 8, animation 13
        // (14 keys: exit_transition is the older spelling of unlock_transition), gesture 7, action
        // 9, display 13 (10 keys, physical_size setting two of them, + power 5 + text 4), input 7
        // (4 keys + touch 7 + button 4 + stuck 2), control 2, audit 4.
        #expect(Mirror(reflecting: Theme.default).children.count == 29)
        #expect(Mirror(reflecting: LayoutSettings()).children.count == 8)
        #expect(Mirror(reflecting: AnimationSettings()).children.count == 13)
        #expect(Mirror(reflecting: GestureSettings()).children.count == 7)
        #expect(Mirror(reflecting: ActionSettings()).children.count == 9)
        #expect(Mirror(reflecting: DisplaySettings()).children.count == 13)
        #expect(Mirror(reflecting: ScreenTextSettings()).children.count == 4)
        #expect(Mirror(reflecting: StateWords()).children.count == 8)
        #expect(Mirror(reflecting: PanelPowerSettings()).children.count == 5)
        #expect(Mirror(reflecting: InputSettings()).children.count == 7)
        #expect(Mirror(reflecting: StuckSettings()).children.count == 2)
        #expect(Mirror(reflecting: ButtonSettings()).children.count == 4)
        #expect(Mirror(reflecting: TouchSettings()).children.count == 7)
        #expect(Mirror(reflecting: RelaySettings()).children.count == 5)
        #expect(Mirror(reflecting: DoorSettings()).children.count == 7)
        #expect(Mirror(reflecting: TamperSettings()).children.count == 5)
        #expect(Mirror(reflecting: ControlSettings()).children.count == 2)
        #expect(Mirror(reflecting: AuditSettings()).children.count == 4)
        #expect(ConfigLoader.keys.count == 30 + 6 + 8 + 14 + 7 + 9 + 10 + 5 + 4 + 4 + 7 + 4 + 2 + 5 + 7 + 5 + 2 + 4)
        #expect(Set(ConfigLoader.keys).count == ConfigLoader.keys.count)
        #expect(ConfigLoader.keys.first == "theme.name")
    }

    @Test func everyKeyChangesItsField() throws {
        // Setting each key to a value different from the default must change Settings,
        // so no key is wired to the wrong field or to none.
        let base = Settings()
        let changed = Self.alternativeSettings
        for key in ConfigKey.all where key.path != "theme.name" {
            var s = base
            try key.apply(&s, key.format(changed))
            #expect(s != base, "\(key.path) does not change Settings")
            #expect(key.format(s) == key.format(changed), "\(key.path) does not round-trip")
        }
    }

    @Test func renderLooksLikeAConfigFile() {
        let text = ConfigLoader.render(Settings())
        #expect(
            text.hasPrefix("# slidelock: effective configuration\n\n[theme]\nname = default\nbackground = #0B0B12\n"))
        #expect(text.contains("\n[layout]\ntrack_width = 0.9\ntrack_max_aspect = 9\n"))
        #expect(text.contains("fill_opacity = progress\nlabel = Slide to unlock\n"))
        #expect(text.contains("\nhue = on\n"))
        #expect(text.contains("\nhook = \"\"\n"))
        #expect(text.contains("fonts = DejaVu Sans\n"))
    }

    @Test func renderRoundTrips() throws {
        var odd = Self.alternativeSettings
        odd.theme.labelText = "  \"quoted\" # ; = "
        odd.action.hook = "\"/opt/my hook\" --flag"
        for original in [Settings(), Self.alternativeSettings, odd] + Theme.builtIn.map(Self.settings(theme:)) {
            let text = ConfigLoader.render(original)
            let reloaded = try ConfigLoader.load(
                sources: [ConfigSource(name: "rendered", text: text)],
                overrides: [], theme: nil)
            #expect(reloaded == original, "\(text)")
            #expect(ConfigLoader.render(reloaded) == text)
        }
    }
}

extension ConfigTests {
    /// The defaults with `theme` instead of the default theme.
    static func settings(theme: Theme) -> Settings {
        var s = Settings()
        s.theme = theme
        return s
    }

    /// Every field different from the defaults (and still in range).
    static var alternativeSettings: Settings {
        var s = Settings()
        s.theme = .mint
        s.theme.labelText = "Ouvrir"
        s.audit.recordings = nil
        s.audit.keep = 7
        s.audit.maxBytes = 65536
        s.audit.maxSeconds = 5
        s.theme.fonts = ["Inter", "/fonts/a.ttf"]
        s.theme.fillOpacity = 0.25
        s.theme.trackOpacity = 0.75
        s.theme.labelSize = 0.125
        s.theme.thumbRadius = 0.5
        s.theme.iconSize = 0.625
        s.theme.icon = .star
        s.theme.iconTransition = .fadeScale
        s.theme.iconTransitionDelay = 0.25
        s.theme.iconTransitionDuration = 0.5
        s.theme.iconTransitionScale = 0.2
        s.theme.thumbColor = Color(rgb: 0xEEEEEE)
        s.theme.background = Color(rgb: 0x102030, alpha: Double(0x40) / 255)
        s.layout = LayoutSettings()
        s.layout.trackWidth = 0.75
        s.layout.trackMaxAspect = 6
        s.layout.trackHeight = 0.2
        s.layout.trackMinHeight = 64
        s.layout.verticalPosition = 0.8
        s.layout.direction = .rtl
        s.layout.thumbMillimetres = 12.5
        s.layout.group = .centre
        s.theme.labelFades = false
        s.theme.words.pressed = "Weiter"
        s.theme.words.busy = "פותח…"
        s.theme.words.unlocked = "門が開きました"
        s.theme.words.failed = ""
        s.theme.words.lockdown = "Gesperrt"
        s.theme.words.outOfService = "Außer Betrieb"
        s.theme.words.heldOpen = "Bitte Tür schließen"
        s.theme.words.tampered = "Manipuliert: Service rufen"
        s.display.physicalSize = Size(width: 108, height: 64.8)
        s.animation.snapBack = .linear
        s.animation.springResponse = 0.3
        s.animation.springDampingFraction = 0.7
        s.animation.easeDuration = 0.25
        s.animation.hueEnabled = false
        s.animation.hueFrom = -90
        s.animation.hueTo = 45.5
        s.animation.huePeriod = 4
        s.animation.shimmer = true
        s.animation.shimmerPeriod = 1.75
        s.animation.unlockedDuration = 2
        s.animation.failedDuration = 0.1
        s.animation.unlockTransition = .interactive
        s.gesture.threshold = 0.85
        s.gesture.fling = true
        s.gesture.flingProjection = 0.15
        s.gesture.hitSlop = 12
        s.gesture.maxSpeed = 9000
        s.gesture.minDuration = 0.12
        s.gesture.tapToOpen = true
        s.action.mode = .hook
        s.action.hook = "/usr/local/bin/open-door --now"
        s.action.timeout = 30
        s.action.killGrace = 5
        s.action.cooldown = 0
        s.action.slideStartHook = "/usr/local/bin/chime start"
        s.action.cancelHook = "/usr/local/bin/chime cancel"
        s.action.feedbackHook = "/usr/local/bin/chime"
        s.display.rotate = 270
        s.display.device = "/dev/dri/card1"
        s.display.connector = "DSI-1"
        s.display.mode = "800x480@60"
        s.display.fbdev = "/dev/fb1"
        s.display.masterWait = 30
        s.display.touchOutput = "DSI-1"
        s.display.format = .rgb565
        s.display.onExit = .black
        s.display.power.dimAfter = 0
        s.display.power.dimLevel = 0.5
        s.display.power.blankAfter = 45.5
        s.display.power.backlight = .named("10-0045")
        s.display.power.brightness = 0.8
        s.display.text.message = "Deliveries: door 3"
        s.display.text.clock = true
        s.display.text.clockFormat = "%I:%M %p"
        s.display.text.dateFormat = "%d.%m.%Y"
        s.action.idleHook = "/usr/local/bin/panel-light"
        s.input.device = "/dev/input/touchscreen"
        s.input.grab = false
        s.input.keyboardLockout = false
        s.input.touch.mouse = true
        s.input.tablet = true
        s.input.touch.ghostFilter = false
        s.control.socket = "/run/lock/ctl"
        s.control.group = "door-admin"
        s.input.touch.minimumContactSeconds = 0.05
        s.input.touch.minimumContactSamples = 5
        s.input.touch.maximumJumpFraction = 0.4
        s.input.touch.cornerMargin = 10
        s.input.touch.calibration = CalibrationMatrix(parsing: "0 -1 1 1 0 0")!
        s.input.button = ButtonSettings()
        s.input.button.line = "pinctrl-bcm2711:17"
        s.input.button.active = .high
        s.input.button.debounce = 0.01
        s.input.stuck.after = 60
        s.input.stuck.radius = 8
        s.input.button.bias = .pullUp
        s.relay.line = "gpiochip0:17"
        s.relay.active = .low
        s.relay.pulse = 1.5
        s.relay.buzzer = "door-buzzer:2"
        s.relay.buzzerActive = .low
        s.door.contact = "gpiochip0:27"
        s.door.contactActive = .low
        s.door.contactBias = .pullUp
        s.door.contactDebounce = 0.02
        s.door.openWindow = 20
        s.door.heldOpenAfter = 0
        s.door.forcedAlarm = false
        s.tamper.input = "gpiochip0:22"
        s.tamper.inputActive = .low
        s.tamper.inputBias = .pullDown
        s.tamper.inputDebounce = 0.1
        s.tamper.lockdown = true
        return s
    }
}
