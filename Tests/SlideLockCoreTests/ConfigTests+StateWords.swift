import Testing

@testable import SlideLockCore

extension ConfigTests {
    // MARK: The words of each state

    @Test func unlockedWordsFollowTheModeUnlessSet() throws {
        #expect(try settings("").theme.words.unlocked == "Unlocked")
        let hook = "[action]\non_unlock = hook\nhook = /bin/true\n"
        #expect(try settings(hook).theme.words.unlocked == "Door open")
        // Set anywhere, before or after the mode, in any file or flag: as set.
        #expect(try settings("[theme]\ntext_unlocked = Welcome\n" + hook).theme.words.unlocked == "Welcome")
        #expect(try settings(hook, overrides: ["theme.text_unlocked="]).theme.words.unlocked == "")
        #expect(try settings(hook, overrides: ["theme.text_unlocked=Unlocked"]).theme.words.unlocked == "Unlocked")
    }

    @Test func wordsTakeAnyScriptAndEmpty() throws {
        let s = try settings(
            "[theme]\ntext_busy = פותח את הדלת\ntext_failed = 再试一次\ntext_lockdown =\ntext_pressed = \"  \"\n")
        #expect(s.theme.words.busy == "פותח את הדלת")
        #expect(s.theme.words.failed == "再试一次")
        #expect(s.theme.words.lockdown == "")
        #expect(s.theme.words.pressed == "  ")
    }

    @Test func badWordsNameTheirKey() {
        let tab = errorLines("", overrides: ["theme.text_failed=Try\tagain"])
        #expect(
            tab.count == 1 && tab[0].contains("theme.text_failed") && tab[0].contains("control character"), "\(tab)")
        let long = errorLines("[theme]\ntext_busy = " + String(repeating: "é", count: 200) + "\n")
        #expect(long.count == 1 && long[0].contains("x.conf:2") && long[0].contains("256 bytes"), "\(long)")
        let group = errorLines("[layout]\ngroup = middle\n")
        #expect(group.count == 1 && group[0].contains("layout.group") && group[0].contains("centre"), "\(group)")
    }

    @Test func theDoorsWordsHaveDefaultsTakeAValueAndRefuseALongOne() throws {
        let plain = try settings("")
        #expect(plain.theme.words.heldOpen == "Please close the door")
        #expect(plain.theme.words.tampered == "Tampered: call service")
        let set = try settings("[theme]\ntext_held_open = Bitte Tür schließen\ntext_tampered =\n")
        #expect(set.theme.words.heldOpen == "Bitte Tür schließen")
        #expect(set.theme.words.tampered == "")
        let long = errorLines("", overrides: ["theme.text_tampered=" + String(repeating: "x", count: 257)])
        #expect(long.count == 1 && long[0].contains("theme.text_tampered") && long[0].contains("256"), "\(long)")
        let tab = errorLines("[theme]\ntext_held_open = Close\tit\n")
        #expect(tab.count == 1 && tab[0].contains("x.conf:2") && tab[0].contains("control character"), "\(tab)")
    }
}
