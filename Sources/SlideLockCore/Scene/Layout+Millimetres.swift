// A thumb sized in millimetres: the same finger target on a 5" and a 10" panel.

extension Layout {
    /// Densities outside this range, dots per inch, are a panel misreporting its size (TVs
    /// and cheap HDMI panels report their aspect ratio, 0, or a figure in centimetres).
    public static let plausibleDPI = 50.0...400.0

    /// Pixels per millimetre of a `screen` whose visible area is `millimetres`, or nil when
    /// that is unknown (0) or implausible. From the areas, so a rotated picture (its width
    /// and height swapped against the connector's) gives the same figure.
    public static func density(screen: Size, millimetres: Size) -> Double? {
        guard millimetres.width > 0, millimetres.height > 0, screen.width > 0, screen.height > 0 else { return nil }
        let perMillimetre = ((screen.width * screen.height) / (millimetres.width * millimetres.height)).squareRoot()
        guard plausibleDPI.contains(perMillimetre * 25.4) else { return nil }
        return perMillimetre
    }

    /// The one log line saying how the thumb was sized on `screen` for a panel of
    /// `millimetres` (nil: nothing reported and nothing configured).
    public static func sizingDescription(screen: Size, millimetres: Size?, settings: LayoutSettings) -> String {
        let pixels = "\(Int(screen.width))x\(Int(screen.height))"
        guard let mm = millimetres, mm.width > 0, mm.height > 0 else {
            return "layout: panel size unknown, thumb proportional to the \(pixels) screen "
                + "(set display.physical_size = WIDTHxHEIGHT in mm for a thumb of layout.thumb_mm)"
        }
        let size = "\(Int(mm.width.rounded()))x\(Int(mm.height.rounded())) mm"
        guard let density = density(screen: screen, millimetres: mm) else {
            let dpi = Int(((screen.width * screen.height) / (mm.width * mm.height)).squareRoot() * 25.4)
            return "layout: panel size \(size) is implausible for \(pixels) (\(dpi) dpi, expected "
                + "\(Int(plausibleDPI.lowerBound))...\(Int(plausibleDPI.upperBound))): thumb proportional "
                + "(set display.physical_size = WIDTHxHEIGHT in mm)"
        }
        return "layout: panel \(size), \(Int((density * 25.4).rounded())) dpi: thumb "
            + "\(ConfigValue.format(settings.thumbMillimetres)) mm"
    }
}

// A thumb in millimetres makes a tall track on a small panel: the label shrinks to stay
// clear of the thumb at home.
extension Layout {
    /// A generous average advance, in ems, of a character of the label's fonts (DejaVu Sans
    /// Bold's Latin lower case is about 0.5): an estimate, as the core has no font metrics.
    static let labelEmsPerCharacter = 0.55

    /// `wanted` pixels, or less so that `text` centred in the track clears the home thumb
    /// (and the mirror-image gap at the far end).
    public func labelPixelSize(_ wanted: Double, text: String) -> Double {
        let room = track.width - 2 * track.height
        let characters = Double(max(text.count, 1))
        let fitting = (room / (characters * Layout.labelEmsPerCharacter)).rounded(.down)
        return max(1, min(wanted, fitting))
    }
}
