import Testing

@testable import SlideLockCore

// The hints an error line carries for the mistakes a new user makes: a comment after a
// value, a misspelt key, a key in the wrong section.
extension ConfigTests {
    @Test func aRefusedValueWithACommentAfterItSaysWhereCommentsGo() {
        #expect(
            errorLines("[display]\ndim_after = 30   # seconds\nbrightness = 1 ; full") == [
                "x.conf:2: display.dim_after: bad number \"30   # seconds\" (comments go on their own line)",
                "x.conf:3: display.brightness: bad number \"1 ; full\" (comments go on their own line)",
            ])
        // A colour's own # is no comment, and a value refused for another reason gets no hint.
        #expect(
            errorLines("[theme]\nbackground = #12345\nicon = lock#1") == [
                "x.conf:2: theme.background: bad colour \"#12345\" (expected #RGB, #RRGGBB or #RRGGBBAA)",
                "x.conf:3: theme.icon: bad value \"lock#1\" (expected none, lock, lock.open, chevrons, star, spinner or checkmark)",
            ])
    }

    @Test func anUnknownKeySaysWhichKeyItMeant() {
        #expect(
            errorLines(
                "[layout]\ntrack_widht = 0.8\n[theme]\ndim_after = 60\nlabel_colour = #FFF\n[display]\nthumb_mmm = 9\nzzzz = 1"
            ) == [
                "x.conf:2: unknown key \"track_widht\" in [layout] (did you mean track_width?)",
                "x.conf:4: unknown key \"dim_after\" in [theme] (it belongs in [display])",
                "x.conf:5: unknown key \"label_colour\" in [theme] (did you mean label_color?)",
                "x.conf:7: unknown key \"thumb_mmm\" in [display] (did you mean [layout] thumb_mm?)",
                "x.conf:8: unknown key \"zzzz\" in [display]",
            ])
        #expect(
            errorLines("", overrides: ["theme.hue=off"]) == [
                "--set: unknown key \"hue\" in [theme] (it belongs in [animation])"
            ])
    }

    @Test func aHundredThousandUnknownKeysAreNotEachSpellChecked() {
        let text = "[theme]\n" + String(repeating: "labell = x\n", count: 100_000)
        let lines = errorLines(text)
        #expect(lines.count == ConfigLoader.shownErrors + 1)
        #expect(lines.first == "x.conf:2: unknown key \"labell\" in [theme] (did you mean label?)")
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        func distance(_ a: String, _ b: String) -> Int {
            ConfigKey.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("track_widht", "track_width") == 1)
        #expect(distance("", "abc") == 3 && distance("abc", "") == 3)
        #expect(distance("kitten", "sitting") == 3)
        #expect(ConfigKey.closest(String(repeating: "a", count: 65), among: ["a"]) == nil)
    }
}
