import Testing

@testable import SlideLockCore

// MARK: Keyboard lockout and the hook's kill grace.
extension ConfigTests {
    @Test func keyboardLockoutIsOnByDefaultAndTurnsOff() throws {
        #expect(try settings("").input.keyboardLockout)
        #expect(try !settings("[input]\nkeyboard_lockout = off").input.keyboardLockout)
        #expect(
            errorLines("[input]\nkeyboard_lockout = maybe") == [
                "x.conf:2: input.keyboard_lockout: bad boolean \"maybe\" (expected on/off, true/false, yes/no or 1/0)"
            ])
    }

    @Test func killGraceDefaultsToThreeSecondsWithinZeroToSixty() throws {
        #expect(try settings("").action.killGrace == 3)
        #expect(try settings("[action]\nkill_grace = 0.5").action.killGrace == 0.5)
        #expect(errorLines("[action]\nkill_grace = 61") == ["x.conf:2: action.kill_grace: 61 is out of range 0...60"])
        #expect(errorLines("[action]\nkill_grace = -1") == ["x.conf:2: action.kill_grace: -1 is out of range 0...60"])
    }
}
