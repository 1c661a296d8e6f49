/// How an output's frames reach its panel.
public enum PresentPath: String, Sendable {
    /// Two buffers, flipped on vblank: panels scanned out from memory.
    case pageFlips = "page flips"
    /// One buffer on screen, its damage uploaded with DirtyFB: displays that copy what they show.
    case damageUploads = "damage uploads"
    /// One buffer on screen, drawn in place: legacy drivers without page flips.
    case inPlace = "in place"
}
