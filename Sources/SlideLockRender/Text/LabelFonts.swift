import SlideLockCore

/// The label's fonts, opened once and shared: the lock screen checks them at start-up and
/// then hands the same object to every output's `SceneRenderer`, so FreeType and fontconfig
/// do their work once per process (and glyphs rendered for one output serve the others).
/// Not thread-safe: one thread draws.
public final class LabelFonts {
    public let fonts: [String]
    public let weight: FontWeight
    let text: TextRenderer

    /// Opens `fonts` (families or font file paths) at `weight`; a font file that cannot be
    /// opened, or no usable font at all, is an error.
    public init(_ fonts: [String], weight: FontWeight) throws(FontError) {
        self.fonts = fonts
        self.weight = weight
        text = try TextRenderer(fonts: fonts, weight: weight)
    }

    /// Whether a scene's label asks for these fonts (a reload may change them).
    public func serves(_ label: LabelLayer) -> Bool { label.fonts == fonts && label.weight == weight }

    /// Things a person should know: a family not installed, a character no font has.
    public var warnings: [String] { text.warnings }

    /// Font files opened so far, fallback faces included.
    public var openedFaces: Int { text.fonts.faces.count }
}
