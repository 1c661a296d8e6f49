import Testing

@testable import SlideLockCore

extension ConfigTests {
    // MARK: Layering

    @Test func laterSourcesWin() throws {
        let s = try ConfigLoader.load(
            sources: [
                ConfigSource(name: "/etc/slidelock/slidelock.conf", text: "[theme]\nlabel = system\nlabel_size = 0.4"),
                ConfigSource(name: "/etc/slidelock/conf.d/10-a.conf", text: "[theme]\nlabel = conf.d"),
                ConfigSource(name: "my.conf", text: "[theme]\nlabel = mine\n[theme]\nlabel = mine again"),
            ], overrides: [], theme: nil)
        #expect(s.theme.labelText == "mine again")
        #expect(s.theme.labelSize == 0.4)
    }

    @Test func setBeatsFiles() throws {
        let s = try settings("[gesture]\nthreshold = 0.8", overrides: ["gesture.threshold=0.9"])
        #expect(s.gesture.threshold == 0.9)
    }

    @Test func themeNameIsTheBaseRegardlessOfLineOrder() throws {
        let before = try settings("[theme]\nlabel = Hi\nname = mint")
        let after = try settings("[theme]\nname = mint\nlabel = Hi")
        var expected = Theme.mint
        expected.labelText = "Hi"
        #expect(before.theme == expected)
        #expect(after.theme == expected)
    }

    @Test func lastThemeNameWinsAcrossSources() throws {
        let s = try ConfigLoader.load(
            sources: [
                ConfigSource(name: "a.conf", text: "[theme]\nname = classic\nthumb_color = #000"),
                ConfigSource(name: "b.conf", text: "[theme]\nname = mint"),
            ], overrides: [], theme: nil)
        var expected = Theme.mint
        expected.thumbColor = .black
        #expect(s.theme == expected)
    }

    @Test func themeFlagIsAnOverrideOfThemeName() throws {
        let s = try settings("[theme]\nname = classic\nlabel = Go", theme: "mint")
        #expect(s.theme.name == "mint")
        #expect(s.theme.labelText == "Go")
        #expect(s.theme.thumbBorderWidth == Theme.mint.thumbBorderWidth)
        // An explicit --set comes after --theme.
        #expect(try settings("", overrides: ["theme.name=default"], theme: "mint").theme == .default)
    }

    @Test func everyBuiltInThemeLoadsByName() throws {
        for theme in Theme.builtIn {
            #expect(try settings("[theme]\nname = \(theme.name)").theme == theme)
        }
    }

    // MARK: Value types

    @Test func booleans() throws {
        for (text, value) in [
            ("true", true), ("FALSE", false), ("yes", true), ("No", false),
            ("on", true), ("off", false), ("1", true), ("0", false),
        ] {
            #expect(try settings("[animation]\nshimmer = \(text)").animation.shimmer == value)
        }
        #expect(
            errorLines("[gesture]\nfling = 2") == [
                "x.conf:2: gesture.fling: bad boolean \"2\" (expected on/off, true/false, yes/no or 1/0)"
            ])
    }

    @Test func numbers() throws {
        #expect(try settings("[animation]\nhue_from = -45").animation.hueFrom == -45)
        #expect(try settings("[animation]\nspring_response = .25").animation.springResponse == 0.25)
        #expect(try settings("[gesture]\nfling_projection = 2e-1").gesture.flingProjection == 0.2)
        for bad in ["nan", "inf", "0x10", "1,5", "", "1 2"] {
            #expect(
                errorLines("[layout]\ntrack_min_height = \(bad)") == [
                    "x.conf:2: layout.track_min_height: bad number \"\(bad)\""
                ])
        }
    }

    @Test func rangesIncludeTheirBounds() throws {
        #expect(try settings("[theme]\ntrack_radius = 0.5\nthumb_radius = 0").theme.trackRadius == 0.5)
        #expect(
            errorLines("[theme]\ntrack_radius = 0.51") == [
                "x.conf:2: theme.track_radius: 0.51 is out of range 0...0.5"
            ])
        #expect(
            errorLines("[animation]\nhue_to = 361") == [
                "x.conf:2: animation.hue_to: 361 is out of range -360...360"
            ])
    }

    @Test func colours() throws {
        let s = try settings("[theme]\nbackground = #abc\nlabel_color = #A1B2C3\nicon_color = #11223380")
        #expect(s.theme.background == Color(rgb: 0xAABBCC))
        #expect(s.theme.labelColor == Color(rgb: 0xA1B2C3))
        #expect(s.theme.iconColor == Color(rgb: 0x112233, alpha: Double(0x80) / 255))
        for bad in ["red", "123456", "#12", "#1234567", "#GGGGGG"] {
            #expect(errorLines("[theme]\nbackground = \(bad)").count == 1)
        }
    }

    @Test func enums() throws {
        let s = try settings(
            """
            [theme]
            icon = lock.open
            label_weight = semibold
            [animation]
            snap_back = ease-in-out
            [action]
            on_unlock = exit
            """)
        #expect(s.theme.icon == .lockOpen)
        #expect(s.theme.labelWeight == .semibold)
        #expect(s.animation.snapBack == .easeInOut)
        #expect(s.action.mode == .exit)
    }

    @Test func fillOpacity() throws {
        #expect(try settings("[theme]\nname = classic\nfill_opacity = progress").theme.fillOpacity == nil)
        #expect(try settings("[theme]\nfill_opacity = 0.7").theme.fillOpacity == 0.7)
        #expect(errorLines("[theme]\nfill_opacity = 2") == ["x.conf:2: theme.fill_opacity: 2 is out of range 0...1"])
    }

    @Test func fontsList() throws {
        #expect(
            try settings("[theme]\nfonts = Inter , /usr/share/fonts/x.ttf,,Noto Sans").theme.fonts
                == ["Inter", "/usr/share/fonts/x.ttf", "Noto Sans"])
        #expect(try settings("[theme]\nfonts =").theme.fonts == [])
    }
}
