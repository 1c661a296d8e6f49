import Foundation
import Glibc
import SlideLockCore
import Testing

@testable import SlideLockPlatform

@Suite struct KeyboardDecisionTests {
    @Test func aKeyboardIsAnyNonPointerWithConsoleKeys() {
        #expect(InputCapabilities(keys: Set(1...120)).isKeyboard)
        // A keypad with only SysRq, Delete or Ctrl still counts: those are the attack keys.
        #expect(InputCapabilities(keys: [99]).isKeyboard) // KEY_SYSRQ
        #expect(InputCapabilities(keys: [111]).isKeyboard) // KEY_DELETE
        #expect(InputCapabilities(keys: [29]).isKeyboard) // KEY_LEFTCTRL
    }

    @Test func powerButtonsAndPointersWithoutKeysAreNotKeyboards() {
        #expect(!InputCapabilities(keys: [116]).isKeyboard) // KEY_POWER: logind's
        #expect(!InputCapabilities(keys: [0x120]).isKeyboard) // a joystick button
        #expect(!InputCapabilities(keys: [Evdev.BTN_LEFT], relativeAxes: [Evdev.REL_X, Evdev.REL_Y]).isKeyboard)
    }

    @Test func aKeyboardWithAPointerIsOneButTouchDecidesWhoGrabsIt() {
        // One node for keys and a touchpad-like mouse (some wireless combos).
        let combo = InputCapabilities(keys: [Evdev.BTN_LEFT, 29, 46], relativeAxes: [Evdev.REL_X, Evdev.REL_Y])
        #expect(combo.isKeyboard && combo.kind == .mouse)
        // The default leaves every pointing device to TouchInput; TouchInput's own decision
        // (no --mouse) does not want it, so the lockout may take it.
        let byDefault: (InputCapabilities) -> Bool = { $0.kind != .other }
        #expect(byDefault(combo))
        #expect(!combo.decision(acceptMouse: false, acceptTablet: false).use)
        let touch = InputCapabilities(
            properties: [Evdev.INPUT_PROP_DIRECT],
            axes: [
                Evdev.ABS_X: AxisRange(minimum: 0, maximum: 99),
                Evdev.ABS_Y: AxisRange(minimum: 0, maximum: 99),
            ],
            keys: [Evdev.BTN_TOUCH, 1, 2])
        #expect(touch.decision(acceptMouse: false, acceptTablet: false).use) // touch's: never grabbed here
    }
}

/// Without a kernel input device: an empty or bogus /dev/input, no VT (lockTerminal off:
/// a test must never lock the VT of the machine it runs on).
@Suite struct KeyboardLockoutTests {
    private func tempDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "slidelock-kbd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anEmptyDirectoryIsWatchedAndNothingIsGrabbed() throws {
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lockout = KeyboardLockout(directory: dir, lockTerminal: false)
        #expect(lockout.pollDescriptors.count == 1) // inotify only
        #expect(lockout.grabbed.isEmpty)
        lockout.service(now: MonotonicClock.now())
        #expect(lockout.takeLog().map(\.text).isEmpty)
        lockout.close()
        lockout.close() // idempotent
        #expect(lockout.pollDescriptors.isEmpty)
    }

    @Test func aHotpluggedNodeThatIsNoEvdevDeviceIsLoggedOnceAndSkipped() throws {
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lockout = KeyboardLockout(directory: dir, lockTerminal: false)
        // A regular file: open works, the evdev ioctls fail (ENOTTY), no retry.
        // Created in place (IN_CREATE), as devtmpfs does; FileManager would rename a temp file.
        let fd = open(dir + "/event7", O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        close(fd)
        lockout.service(now: MonotonicClock.now())
        let log = lockout.takeLog().map(\.text)
        #expect(log.count == 1)
        #expect(log.first?.hasPrefix("keyboard: cannot open libevdev_new_from_fd \(dir)/event7") == true)
        #expect(log.first?.hasSuffix("its keys are not locked out") == true)
        lockout.service(now: MonotonicClock.now())
        #expect(lockout.takeLog().map(\.text).isEmpty)
        #expect(lockout.grabbed.isEmpty)
    }

    @Test func aMissingDirectoryIsLoggedNotFatal() {
        let lockout = KeyboardLockout(directory: "/nonexistent-slidelock-input", lockTerminal: false)
        let lines = lockout.takeLog()
        #expect(lines.map(\.level) == [.info])
        let log = lines.map(\.text)
        #expect(
            log.first
                == "keyboard: cannot watch /nonexistent-slidelock-input for hot-plugged keyboards: "
                + "inotify: No such file or directory")
        lockout.service(now: 0)
        #expect(lockout.grabbed.isEmpty)
    }
}
