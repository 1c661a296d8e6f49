import SlideLockCore

/// How `TouchInput` chooses and reads devices.
public struct TouchInputOptions: Sendable {
    /// `--input PATH|NAME`: only this device (a path under /dev/input, or a device name).
    /// Nil: every touchscreen (and mouse/tablet when accepted).
    public var device: String?
    /// Take each device for this process alone (`EVIOCGRAB`) so the console or another
    /// program does not also act on the touches.
    public var grab = true
    /// Accept relative mice (`--mouse`); defaults to `settings.mouse`.
    public var acceptMouse: Bool
    /// Accept absolute pointers that are not on the display (`--tablet`).
    public var acceptTablet = false
    /// Ghost filter tunables and the calibration matrix.
    public var settings: TouchSettings
    /// How the UI is turned onto the panel (the renderer's rotation).
    public var rotation: ImageRotation
    /// The logical (UI) screen size, pixels.
    public var screen: Size
    /// Where device nodes live (tests may point elsewhere).
    public var directory = "/dev/input"

    public init(screen: Size, rotation: ImageRotation = .upright, settings: TouchSettings = TouchSettings()) {
        self.screen = screen
        self.rotation = rotation
        self.settings = settings
        acceptMouse = settings.mouse
    }
}
