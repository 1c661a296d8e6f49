import Testing

@testable import SlideLockCore

extension ConfigTests {
    @Test func powerKeys() throws {
        let s = try load(
            """
            [display]
            dim_after = 15
            dim_level = 0.1
            blank_after = 0
            backlight = rpi_backlight
            brightness = 0.6
            [action]
            idle_hook = /usr/local/bin/panel-light
            """
        ).get()
        #expect(s.display.power.dimAfter == 15)
        #expect(s.display.power.dimLevel == 0.1)
        #expect(s.display.power.blankAfter == 0)
        #expect(s.display.power.backlight == .named("rpi_backlight"))
        #expect(s.display.power.brightness == 0.6)
        #expect(s.action.idleHook == "/usr/local/bin/panel-light")
        #expect(try load("[display]\nbacklight = none").get().display.power.backlight == BacklightChoice.none)
        #expect(try load("[display]\nbacklight = auto").get().display.power.backlight == .auto)
    }

    @Test func powerDefaultsAreTheDoorPanelOnes() {
        let p = Settings().display.power
        #expect(p.dimAfter == 60 && p.dimLevel == 0.25 && p.blankAfter == 600)
        #expect(p.backlight == .auto && p.brightness == 1)
    }

    @Test func powerKeyErrors() {
        let text = """
            [display]
            dim_after = -1
            dim_level = 1.5
            blank_after = soon
            backlight = ../../etc
            brightness = 2
            backlight = .
            """
        #expect(
            errorLines(text, name: "p.conf") == [
                "p.conf:2: display.dim_after: -1 is out of range 0...86400",
                "p.conf:3: display.dim_level: 1.5 is out of range 0...1",
                "p.conf:4: display.blank_after: bad number \"soon\"",
                "p.conf:5: display.backlight: bad backlight \"../../etc\" (expected auto, none or a device name in /sys/class/backlight)",
                "p.conf:6: display.brightness: 2 is out of range 0...1",
                "p.conf:7: display.backlight: bad backlight \".\" (expected auto, none or a device name in /sys/class/backlight)",
            ])
    }
}
