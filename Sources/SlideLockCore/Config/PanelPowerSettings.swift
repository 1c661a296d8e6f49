/// When the panel dims and blanks, and how bright it is. Defaults suit a door panel on all
/// day: dimmed after a minute nobody touched it (the lock still shows where to slide), dark
/// after ten (the backlight is what wears out and what lights up a dark hallway).
public struct PanelPowerSettings: Equatable, Sendable {
    /// Shortest `dimAfter` / `blankAfter` (other than 0, never), seconds: time to wake the
    /// panel, see the lock and land a finger on the thumb.
    public static let shortestIdle = 1.0
    /// Seconds without a touch before the panel dims; 0 = never.
    public var dimAfter = 60.0
    /// Brightness while dim, as a fraction of `brightness`.
    public var dimLevel = 0.25
    /// Seconds without a touch before the outputs switch off; 0 = never.
    public var blankAfter = 600.0
    /// Which backlight device dims the panel.
    public var backlight: BacklightChoice = .auto
    /// Full brightness, 0...1 of the backlight's `max_brightness`.
    public var brightness = 1.0

    public init() {}
}

/// `display.backlight`: a device in /sys/class/backlight, picked how.
public enum BacklightChoice: Equatable, Sendable {
    /// The one tied to the lit connector, else the only one there is, else none.
    case auto
    /// Never touch a backlight; dimming draws the frame darker instead.
    case none
    /// This device (`rpi_backlight`, `10-0045`); missing is an error.
    case named(String)

    /// The config text: `auto`, `none` or the device name.
    public var text: String {
        switch self {
        case .auto: return "auto"
        case .none: return "none"
        case .named(let name): return name
        }
    }
}
