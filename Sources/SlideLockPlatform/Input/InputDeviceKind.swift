import SlideLockCore

/// What kind of pointing device an evdev node is, as far as slidelock cares.
public enum InputDeviceKind: String, Equatable, Sendable {
    /// Coordinates on the display: drives the slider by default.
    case touchscreen
    /// Absolute X/Y with a left button but not on the display (QEMU's usb-tablet, VNC
    /// pointers, pen tablets): only with `--tablet`.
    case tablet
    /// Relative X/Y with a left button: only with `--mouse`.
    case mouse
    /// A touchpad (`INPUT_PROP_POINTER` with absolute axes): indirect, never used unless named.
    case touchpad
    /// Keyboards, buttons, joysticks, accelerometers...
    case other
}
