/// Tap-to-open's "Open" button (`ControlVisual.openButton`): a thumb-coloured rounded box
/// over the track's end, ringed in the success colour, with its word in the icon colour
/// (the thumb's own pair, so it reads as well as the thumb does in every theme). Always
/// in the scene, opacity 0 when not shown, so a frame keeps the same layers.
public struct OpenButtonLayer: Equatable, Sendable {
    public var rect = Rect(x: 0, y: 0, width: 0, height: 0)
    public var radius = 0.0
    public var color = Color(rgb: 0xFFFFFF)
    public var borderWidth = 0.0
    public var borderColor = Color(rgb: 0)
    public var text = ""
    public var fonts: [String] = []
    public var weight: FontWeight = .regular
    /// Whole pixels.
    public var pixelSize = 0.0
    public var textColor = Color(rgb: 0)
    public var opacity = 0.0

    public init() {}
}

extension SceneBuilder {
    /// The button's word.
    public static let openButtonText = "Open"

    /// The Open button for `v`, where the authority takes its taps (`UnlockAuthority.openButton`).
    func openButton(_ v: ControlVisual) -> OpenButtonLayer {
        let theme = settings.theme
        let rect = UnlockAuthority.openButton(in: layout)
        var b = OpenButtonLayer()
        b.rect = rect
        b.radius = theme.thumbRadius * rect.width
        b.color = theme.thumbColor
        b.borderWidth = max(2, (rect.height * 0.06).rounded())
        b.borderColor = theme.successColor
        b.text = SceneBuilder.openButtonText
        b.fonts = theme.fonts
        b.weight = theme.labelWeight
        // "Open" in bold is about 2.7 sizes wide: this leaves a margin inside the ring.
        b.pixelSize = (rect.height * 0.25).rounded()
        b.textColor = theme.iconColor
        b.opacity = v.openButton ? 1 : 0
        return b
    }
}
