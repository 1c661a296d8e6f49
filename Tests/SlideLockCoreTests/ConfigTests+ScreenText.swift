import Testing

@testable import SlideLockCore

extension ConfigTests {
    @Test func screenTextKeys() throws {
        let s = try settings(
            """
            [display]
            message = "  Deliveries: door 3  "
            clock = on
            clock_format = %I:%M %p
            date_format =
            """)
        #expect(s.display.text.message == "  Deliveries: door 3  ")
        #expect(s.display.text.clock)
        #expect(s.display.text.clockFormat == "%I:%M %p")
        #expect(s.display.text.dateFormat == "")
        let d = Settings().display.text
        #expect(d.message == "" && !d.clock && d.clockFormat == "%H:%M" && d.dateFormat == "%A %-d %B")
    }

    /// A format that shows seconds, or breaks the line, or is not strftime's: one line naming
    /// the file, the line and the key.
    @Test func clockFormatsFinerThanAMinuteAreRefused() {
        let text = """
            [display]
            clock_format = %H:%M:%S
            date_format = %c
            clock_format = %T
            clock_format = %_OS
            clock_format = %EX
            clock_format = %r
            clock_format = %s
            clock_format = %+
            clock_format = %10S
            clock_format = %H%n%M
            clock_format = %Q
            clock_format = 50%
            clock_format =
            """
        #expect(
            errorLines(text, name: "c.conf") == [
                "c.conf:2: display.clock_format: shows seconds (%S): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:3: display.date_format: shows seconds (%c): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:4: display.clock_format: shows seconds (%T): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:5: display.clock_format: shows seconds (%_OS): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:6: display.clock_format: shows seconds (%EX): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:7: display.clock_format: shows seconds (%r): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:8: display.clock_format: shows seconds (%s): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:9: display.clock_format: shows seconds (%+): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:10: display.clock_format: shows seconds (%10S): the clock is redrawn once a minute; use %H:%M or %R",
                "c.conf:11: display.clock_format: %n breaks the line (the clock is one line)",
                "c.conf:12: display.clock_format: unknown conversion %Q",
                "c.conf:13: display.clock_format: ends in a lone % (write %% for a percent sign)",
                "c.conf:14: display.clock_format: empty (a strftime format such as %H:%M)",
            ])
    }

    /// strftime reads bytes: a `%` is a conversion whatever character comes before it, even
    /// one (a Prepend mark, U+0600) that makes one Character of itself and the `%`.
    @Test func aPrependedMarkDoesNotHideASecondsConversion() {
        for format in ["\u{600}%S", "\u{600}%T", "%H:%M \u{110BD}%s"] {
            #expect(ClockFormat.problem(format)?.hasPrefix("shows seconds (%") == true, "\(format)")
        }
        #expect(
            ClockFormat.problem("%\u{301}H")
                == "a % before a non-ASCII character is no conversion (write %% for a percent sign)")
        #expect(ClockFormat.problem("\u{600}%H:%M") == nil)
    }

    @Test func clockFormatsOfAMinuteOrMoreAreTaken() {
        for format in ["%H:%M", "%R", "%-I:%M %p", "%A %-d %B", "%x", "%F", "%%S and %H:%M", "%Ey %OH:%OM", "%^a %e"] {
            #expect(ClockFormat.problem(format) == nil, "\(format)")
        }
        #expect(ClockFormat.problem(String(repeating: "%H", count: 40)) == "longer than 64 bytes")
    }

    @Test func messagesAreOneLine() {
        #expect(
            errorLines("[display]\nmessage = a\u{7}b", name: "m.conf") == [
                "m.conf:2: display.message: contains a control character or line separator (one line, no tabs or newlines)"
            ])
        let long = String(repeating: "x", count: 513)
        #expect(
            errorLines("[display]\nmessage = \(long)", name: "m.conf") == [
                "m.conf:2: display.message: longer than 512 bytes of UTF-8 (an emoji takes 4; one line above the track)"
            ])
        #expect(ScreenTextSettings.messageProblem(String(repeating: "ü", count: 256)) == nil)
    }
}
