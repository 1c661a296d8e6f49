import Testing

@testable import SlideLockCore

@Suite struct ConfigTests {
    /// Loads one source and returns the settings, or the error lines.
    func load(
        _ text: String, name: String = "x.conf", overrides: [String] = [],
        theme: String? = nil
    ) -> Result<Settings, ConfigErrors> {
        Result { () throws(ConfigErrors) in
            try ConfigLoader.load(sources: [ConfigSource(name: name, text: text)], overrides: overrides, theme: theme)
        }
    }

    /// The error lines of a load that must fail.
    func errorLines(
        _ text: String, name: String = "x.conf", overrides: [String] = [],
        theme: String? = nil
    ) -> [String] {
        switch load(text, name: name, overrides: overrides, theme: theme) {
        case .success: return []
        case .failure(let errors): return errors.errors.map(\.description)
        }
    }

    /// The settings of a load that must succeed.
    func settings(_ text: String, overrides: [String] = [], theme: String? = nil) throws -> Settings {
        try load(text, overrides: overrides, theme: theme).get()
    }

    // MARK: Parsing

    @Test func emptyInputGivesDefaults() throws {
        #expect(try settings("") == Settings())
        #expect(try ConfigLoader.load(sources: [], overrides: [], theme: nil) == Settings())
    }

    @Test func commentsBlankLinesAndWhitespace() throws {
        let s = try settings(
            """
            # comment
            ; another comment

              [ theme ]\t
            \tlabel   =   Hello there\t
            label_size=0.4
            """)
        #expect(s.theme.labelText == "Hello there")
        #expect(s.theme.labelSize == 0.4)
    }

    @Test func quotedValuesKeepSpacesAndHashes() throws {
        let s = try settings(
            """
            [theme]
            label = "  # not a comment ; "
            [action]
            hook = ""quoted" command"
            """)
        #expect(s.theme.labelText == "  # not a comment ; ")
        #expect(s.action.hook == "\"quoted\" command")
    }

    @Test func hashInsideUnquotedValueIsNotAComment() throws {
        let s = try settings("[theme]\nlabel = Slide #1 ; go\nbackground = #123")
        #expect(s.theme.labelText == "Slide #1 ; go")
        #expect(s.theme.background == Color(rgb: 0x112233))
    }

    @Test func crlfAndBOM() throws {
        let s = try settings("\u{FEFF}[theme]\r\nlabel = Hi\r\nlabel_size = 0.5\r\n")
        #expect(s.theme.labelText == "Hi")
        #expect(errorLines("[theme]\r\n\r\nbogus\r\n") == ["x.conf:3: expected \"key = value\""])
    }

    @Test func valueMayContainEquals() throws {
        #expect(try settings("[action]\non_unlock = hook\nhook = run --mode=a").action.hook == "run --mode=a")
    }

    // MARK: Errors, with their exact line and key

    @Test func syntaxErrors() {
        let text = """
            label = early
            [theme]
            # fine
            just words
            = value
            [broken
            label = skipped
            [foo]
            anything = goes
            [theme]
            colour = red
            label = "unterminated
            """
        #expect(
            errorLines(text) == [
                "x.conf:1: key \"label\" outside any [section]",
                "x.conf:4: expected \"key = value\"",
                "x.conf:5: expected \"key = value\"",
                "x.conf:6: expected \"[section]\"",
                "x.conf:8: unknown section [foo] (expected [theme], [layout], [animation], [gesture], [action], [display], [input], [relay], [door], [tamper], [control] or [audit])",
                "x.conf:11: unknown key \"colour\" in [theme]",
                "x.conf:12: theme.label: unterminated quote in \"unterminated",
            ])
    }

    @Test func valueErrorsNameFileLineAndKey() {
        let text = """
            [theme]
            track_start = #12345
            label_weight = heavy
            icon = lock.closed
            track_opacity = 1.5
            fill_opacity = half
            [layout]
            direction = up
            track_width = abc
            [animation]
            hue = maybe
            ease_duration = 0
            [action]
            cooldown = -1
            """
        #expect(
            errorLines(text, name: "/etc/slidelock/slidelock.conf") == [
                "/etc/slidelock/slidelock.conf:2: theme.track_start: bad colour \"#12345\" (expected #RGB, #RRGGBB or #RRGGBBAA)",
                "/etc/slidelock/slidelock.conf:3: theme.label_weight: bad value \"heavy\" (expected regular, medium, semibold or bold)",
                "/etc/slidelock/slidelock.conf:4: theme.icon: bad value \"lock.closed\" (expected none, lock, lock.open, chevrons, star, spinner or checkmark)",
                "/etc/slidelock/slidelock.conf:5: theme.track_opacity: 1.5 is out of range 0...1",
                "/etc/slidelock/slidelock.conf:6: theme.fill_opacity: bad value \"half\" (expected progress or a number 0...1)",
                "/etc/slidelock/slidelock.conf:8: layout.direction: bad value \"up\" (expected ltr, rtl or auto)",
                "/etc/slidelock/slidelock.conf:9: layout.track_width: bad number \"abc\"",
                "/etc/slidelock/slidelock.conf:11: animation.hue: bad boolean \"maybe\" (expected on/off, true/false, yes/no or 1/0)",
                "/etc/slidelock/slidelock.conf:12: animation.ease_duration: 0 is out of range 0.01...10",
                "/etc/slidelock/slidelock.conf:14: action.cooldown: -1 is out of range 0...300",
            ])
    }

    @Test func errorFieldsAreStructured() throws {
        guard case .failure(let errors) = load("[theme]\n\nlabel_size = 9") else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            errors.errors == [
                ConfigError(
                    file: "x.conf", line: 3, key: "theme.label_size",
                    message: "9 is out of range 0.05...1")
            ])
        #expect(errors.description == "x.conf:3: theme.label_size: 9 is out of range 0.05...1")
    }

    @Test func unknownThemeListsTheValidOnes() {
        #expect(
            errorLines("[theme]\nname = neon") == [
                "x.conf:2: theme.name: unknown theme \"neon\" (expected default, classic, mint or high-contrast)"
            ])
        #expect(
            errorLines("", theme: "neon") == [
                "--theme: theme.name: unknown theme \"neon\" (expected default, classic, mint or high-contrast)"
            ])
    }

    @Test func unreadableFile() {
        let error = ConfigError.unreadable(file: "x.conf", reason: "Permission denied")
        #expect(error.description == "cannot read x.conf: Permission denied")
        #expect(error.file == "x.conf" && error.line == nil && error.key == nil)
        #expect(
            ConfigErrors([error, ConfigError(file: "y.conf", line: 2, message: "expected \"key = value\"")])
                .description == "cannot read x.conf: Permission denied\ny.conf:2: expected \"key = value\"")
    }

    @Test func hookModeNeedsAHook() throws {
        #expect(
            errorLines("[action]\n\non_unlock = hook") == [
                "x.conf:3: action.on_unlock: on_unlock = hook needs action.hook (a command line)"
            ])
        // The hook may come later, even from --set.
        let s = try settings("[action]\non_unlock = hook", overrides: ["action.hook=/usr/bin/unlock-door"])
        #expect(s.action.mode == .hook && s.action.hook == "/usr/bin/unlock-door")
    }

    // MARK: --set and --theme

    @Test func setOverrides() throws {
        let s = try settings(
            "[theme]\nlabel = File",
            overrides: [
                "theme.label = From flag", "layout.direction=rtl", "theme.label=\" padded \"",
            ])
        #expect(s.theme.labelText == " padded ")
        #expect(s.layout.direction == .rtl)
    }

    @Test func setErrors() {
        #expect(
            errorLines(
                "",
                overrides: [
                    "foo", "label=x", ".label=x", "theme.=x", "theme.colour=red", "foo.bar=1",
                    "theme.label_size=9", "theme.label=\"open",
                ]) == [
                    "--set: expected \"section.key=value\", got \"foo\"",
                    "--set: expected \"section.key=value\", got \"label=x\"",
                    "--set: expected \"section.key=value\", got \".label=x\"",
                    "--set: expected \"section.key=value\", got \"theme.=x\"",
                    "--set: unknown key \"colour\" in [theme]",
                    "--set: unknown section [foo] (expected [theme], [layout], [animation], [gesture], [action], [display], [input], [relay], [door], [tamper], [control] or [audit])",
                    "--set: theme.label_size: 9 is out of range 0.05...1",
                    "--set: theme.label: unterminated quote in \"open",
                ])
    }

    @Test func allErrorsInSourceOrder() {
        let sources = [
            ConfigSource(name: "a.conf", text: "[theme]\nname = nope\nbogus"),
            ConfigSource(name: "b.conf", text: "[layout]\ntrack_width = 2"),
        ]
        #expect(throws: ConfigErrors.self) {
            try ConfigLoader.load(sources: sources, overrides: ["x"], theme: nil)
        }
        do {
            _ = try ConfigLoader.load(sources: sources, overrides: ["x"], theme: nil)
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "a.conf:2: theme.name: unknown theme \"nope\" (expected default, classic, mint or high-contrast)",
                    "a.conf:3: expected \"key = value\"",
                    "b.conf:2: layout.track_width: 2 is out of range 0.05...1",
                    "--set: expected \"section.key=value\", got \"x\"",
                ])
        }
    }
}
