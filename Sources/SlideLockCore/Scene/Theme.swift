/// Everything that decides how the control looks. Every field is settable from the config
/// (section `[theme]`); ratios are fractions of the track height unless said otherwise.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var background: Color

    // Track: a rounded rectangle with a leading-to-trailing gradient.
    public var trackStart: Color
    public var trackEnd: Color
    public var trackOpacity: Double
    /// Corner radius / track height (0.5 = capsule).
    public var trackRadius: Double

    // Fill: from the track's leading edge to the thumb's trailing edge.
    public var fillColor: Color
    /// nil: opacity follows progress (fill width / track width); else a fixed opacity.
    public var fillOpacity: Double?

    // Label, centred in the track.
    public var labelText: String
    public var labelColor: Color
    /// Font families (or font file paths) tried in order; the system fallback follows.
    public var fonts: [String]
    public var labelWeight: FontWeight
    /// Font pixel size / track height.
    public var labelSize: Double
    /// The label fades out as the thumb nears it; off, it stays whole until the fill
    /// covers it (a faded label loses its contrast).
    public var labelFades = true
    /// What the track says in place of the label while a state lasts.
    public var words = StateWords()

    // Thumb: a rounded square inset into the track.
    public var thumbColor: Color
    /// Corner radius / thumb side (0.5 = circle).
    public var thumbRadius: Double
    /// Inset / track height.
    public var thumbInset: Double
    public var thumbBorderWidth: Double
    public var thumbBorderColor: Color
    public var icon: Icon
    public var iconColor: Color
    /// Icon box / thumb side.
    public var iconSize: Double
    /// How the unlocked icon takes the thumb (`IconTransition`). Every built-in theme cuts:
    /// in hook mode the unlocked icon is the door's confirmation, which follows the busy
    /// spinner and would lose the delay from its short `unlocked_duration`; in exit mode
    /// the lock leaves before the delay is over. The delayed fade is one key away (`fade-scale`).
    public var iconTransition: IconTransitionStyle = .cut
    /// Seconds from the unlock to the icon starting to appear (`fade-scale` only).
    public var iconTransitionDelay = 0.55
    /// Seconds the icon takes to fade and grow in.
    public var iconTransitionDuration = 0.35
    /// The icon's size as it starts to appear, a fraction of its full size.
    public var iconTransitionScale = 0.5

    // State colours.
    public var successColor: Color
    public var warningColor: Color

    public static let builtIn: [Theme] = [.default, .classic, .mint, .highContrast]

    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name } }

    /// The seed design `UnlockButton`: dark screen, blue-violet gradient, white thumb with a lock.
    public static let `default` = Theme(
        name: "default",
        background: Color(rgb: 0x0B0B12),
        trackStart: Color(rgb: 0x4361EE), trackEnd: Color(rgb: 0x3A0CA3),
        trackOpacity: 0.6, trackRadius: 16.0 / 50,
        fillColor: Color(rgb: 0x3A0CA3), fillOpacity: nil,
        labelText: "Slide to unlock", labelColor: .white,
        fonts: ["DejaVu Sans"], labelWeight: .bold, labelSize: 0.34,
        thumbColor: .white, thumbRadius: 14.0 / 42, thumbInset: 4.0 / 50,
        thumbBorderWidth: 0, thumbBorderColor: .white,
        icon: .lock, iconColor: Color(rgb: 0x3A0CA3), iconSize: 0.5,
        successColor: Color(rgb: 0x2BB673), warningColor: Color(rgb: 0xF3A712))

    /// The classic seed: red capsule, green drag area, blue round thumb with a star.
    public static let classic = Theme(
        name: "classic",
        background: Color(rgb: 0x101010),
        trackStart: Color(rgb: 0xE53935), trackEnd: Color(rgb: 0xE53935),
        trackOpacity: 1, trackRadius: 0.5,
        fillColor: Color(rgb: 0x43A047), fillOpacity: 1,
        labelText: "Slide to unlock", labelColor: .white,
        fonts: ["DejaVu Sans"], labelWeight: .regular, labelSize: 0.34,
        thumbColor: Color(rgb: 0x1E63E9), thumbRadius: 0.5, thumbInset: 4.0 / 50,
        thumbBorderWidth: 0, thumbBorderColor: .white,
        icon: .star, iconColor: .white, iconSize: 0.5,
        successColor: Color(rgb: 0x43A047), warningColor: Color(rgb: 0xFFB300))

    /// The mint seed: pale green track, darker dragged area, tinted handle with a double chevron.
    public static let mint = Theme(
        name: "mint",
        background: Color(rgb: 0xF4FBF2),
        trackStart: Color(rgb: 0xA8DE9E), trackEnd: Color(rgb: 0xA8DE9E),
        trackOpacity: 1, trackRadius: 12.0 / 60,
        fillColor: Color(rgb: 0x76C893), fillOpacity: 1,
        labelText: "Slide me!", labelColor: Color(rgb: 0x1A759F),
        fonts: ["DejaVu Sans"], labelWeight: .semibold, labelSize: 0.32,
        thumbColor: .white, thumbRadius: 12.0 / 52, thumbInset: 4.0 / 60,
        thumbBorderWidth: 3, thumbBorderColor: Color(rgb: 0x1A759F),
        icon: .chevrons, iconColor: Color(rgb: 0x1A759F), iconSize: 0.5,
        successColor: Color(rgb: 0x168AAD), warningColor: Color(rgb: 0xE76F51))

    /// For low vision (WCAG AAA, 7:1 for text, 3:1 for shapes): white text on a deep,
    /// opaque track whose every hue rotation stays dark, a label that stays whole until the
    /// bright fill covers it, a black thumb with a white icon ringed by that fill, bright
    /// state colours under black words, and a larger bold label.
    public static let highContrast = Theme(
        name: "high-contrast",
        background: .black,
        trackStart: Color(rgb: 0x16206A), trackEnd: Color(rgb: 0x2A0A5E),
        trackOpacity: 1, trackRadius: 0.5,
        fillColor: Color(rgb: 0xFFD60A), fillOpacity: 1,
        labelText: "Slide to unlock", labelColor: .white,
        fonts: ["DejaVu Sans"], labelWeight: .bold, labelSize: 0.44, labelFades: false,
        thumbColor: .black, thumbRadius: 0.5, thumbInset: 4.0 / 50,
        thumbBorderWidth: 0, thumbBorderColor: .black,
        icon: .lock, iconColor: .white, iconSize: 0.55,
        successColor: Color(rgb: 0x3DDC84), warningColor: Color(rgb: 0xFF8C1A))
}
