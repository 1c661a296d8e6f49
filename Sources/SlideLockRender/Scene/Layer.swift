import SlideLockCore

/// One thing a frame draws over what is under it. A frame is a list of layers, bottom
/// first (`SceneRenderer.render(layers:)`): a new element of the lock screen is a new entry
/// in the list, drawn by these primitives, damaged by its own bounds.
enum Layer: Equatable {
    /// Every pixel, opaque: the first layer.
    case background(Color)
    /// An anti-aliased rounded rectangle.
    case shape(rect: Rect, radius: Double, paint: Paint, opacity: Double)
    /// The ring between a rounded rectangle and the same shape inset by `width` (a border).
    case ring(rect: Rect, radius: Double, width: Double, color: Color, opacity: Double)
    /// A line of text.
    case text(TextLayer)
    /// An icon centred on `center` in a box of `size` pixels.
    case icon(Icon, size: Double, center: Point, color: Color, opacity: Double, phase: Double, mirrored: Bool)
    /// Every pixel mixed toward an opaque colour by `amount` (0...1): a fade transition.
    case fade(Color, amount: Double)
    /// Every pixel scaled by `brightness` (0...1): dimming where no backlight can.
    case dim(brightness: Double)
}

/// A line of text, centred on `center`, clipped to a rounded rectangle.
struct TextLayer: Equatable {
    var text: String
    var fonts: [String]
    var weight: FontWeight
    /// Whole pixels (`TextRenderer.pixelSize`); 0 draws nothing.
    var pixelSize: Int
    var color: Color
    var opacity: Double
    var center: Point
    /// The text inks nothing outside `clip`'s pixels, nor in the squares of its rounded
    /// corners when the ink reaches into them (`SceneRenderer.textClips`).
    var clip: Rect
    var clipRadius: Double
    /// Centre x of a bright band that brightens the glyphs, or nil.
    var shimmerX: Double? = nil
    /// A line wider than its clip: still centred (the label, clipped at both ends), or
    /// showing its start, its left end for left-to-right text, its right end for
    /// right-to-left (a message: the first words are the ones that matter).
    var overflow = TextOverflow.centred
}

enum TextOverflow: Equatable {
    case centred
    case showStart(rightToLeft: Bool)
}
