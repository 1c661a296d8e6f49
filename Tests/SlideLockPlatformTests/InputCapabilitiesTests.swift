import SlideLockCore
import Testing

@testable import SlideLockPlatform

private let range800 = AxisRange(minimum: 0, maximum: 799)
private let range480 = AxisRange(minimum: 0, maximum: 479)
private let stAxes = [Evdev.ABS_X: range800, Evdev.ABS_Y: range480]
private let mtAxes = stAxes.merging([
    Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 9),
    Evdev.ABS_MT_POSITION_X: range800, Evdev.ABS_MT_POSITION_Y: range480,
]) { a, _ in a }

@Suite struct InputCapabilitiesTests {
    @Test func directMultitouchPanelIsATouchscreenAndUsed() {
        let caps = InputCapabilities(properties: [Evdev.INPUT_PROP_DIRECT], axes: mtAxes, keys: [Evdev.BTN_TOUCH])
        #expect(caps.kind == .touchscreen)
        #expect(caps.isMultitouch)
        #expect(caps.decision(acceptMouse: false, acceptTablet: false) == (true, "touchscreen"))
    }

    @Test func panelsWithoutThePropertyStillCount() {
        // Many panel drivers never set INPUT_PROP_DIRECT.
        #expect(InputCapabilities(axes: mtAxes).kind == .touchscreen)
        #expect(InputCapabilities(axes: stAxes, keys: [Evdev.BTN_TOUCH]).kind == .touchscreen)
    }

    @Test func touchpadTabletMouseAndOthers() {
        let touchpad = InputCapabilities(
            properties: [InputCapabilities.INPUT_PROP_POINTER], axes: mtAxes,
            keys: [Evdev.BTN_TOUCH, Evdev.BTN_LEFT])
        #expect(touchpad.kind == .touchpad)
        #expect(!touchpad.decision(acceptMouse: true, acceptTablet: true).use)
        let tablet = InputCapabilities(axes: stAxes, keys: [Evdev.BTN_LEFT])
        #expect(tablet.kind == .tablet)
        #expect(
            tablet.decision(acceptMouse: false, acceptTablet: false) == (false, "a tablet (accepted with --tablet)"))
        #expect(tablet.decision(acceptMouse: false, acceptTablet: true).use)
        let mouse = InputCapabilities(keys: [Evdev.BTN_LEFT, 0x111], relativeAxes: [Evdev.REL_X, Evdev.REL_Y, 8])
        #expect(mouse.kind == .mouse)
        #expect(!mouse.decision(acceptMouse: false, acceptTablet: false).use)
        #expect(mouse.decision(acceptMouse: true, acceptTablet: false).use)
        let joystick = InputCapabilities(axes: stAxes, keys: [0x120])
        #expect(joystick.kind == .other)
        let keyboard = InputCapabilities(keys: Set(1...120))
        #expect(keyboard.kind == .other)
        #expect(!keyboard.decision(acceptMouse: true, acceptTablet: true, named: true).use)
    }

    @Test func protocolAWithoutSingleTouchAxesIsNotUsable() {
        let caps = InputCapabilities(
            properties: [Evdev.INPUT_PROP_DIRECT],
            axes: [Evdev.ABS_MT_POSITION_X: range800, Evdev.ABS_MT_POSITION_Y: range480])
        #expect(caps.kind == .touchscreen)
        #expect(caps.decision(acceptMouse: false, acceptTablet: false).why.contains("protocol A"))
    }

    @Test func namedDeviceIsUsedWhateverItsKind() {
        let mouse = InputCapabilities(keys: [Evdev.BTN_LEFT], relativeAxes: [Evdev.REL_X, Evdev.REL_Y])
        #expect(mouse.decision(acceptMouse: false, acceptTablet: false, named: true) == (true, "chosen with --input"))
    }

    @Test func summaryNamesAxesWithRanges() {
        let caps = InputCapabilities(
            properties: [Evdev.INPUT_PROP_DIRECT], axes: stAxes,
            keys: [Evdev.BTN_TOUCH, 1, 2])
        #expect(caps.summary() == "props DIRECT; abs ABS_X 0..799 ABS_Y 0..479; keys BTN_TOUCH +2 more; rel -")
    }
}
