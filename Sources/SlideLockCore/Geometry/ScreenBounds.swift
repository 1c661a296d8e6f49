/// The largest screen slidelock lays out or draws: what a panel can be. A screen size read
/// from a file (a recording's header) or a flag is held to it before a canvas is made, so
/// no size asks for more memory than an 8K panel's canvas (about 140 MB at 4 bytes a pixel).
public enum ScreenBounds {
    /// Each side, pixels.
    public static let sides = 16...8192
    /// Pixels in all: 8192x4320 (DCI 8K), the largest panel a DRM driver drives today.
    public static let maximumPixels = 8192 * 4320

    /// Why `width`x`height` is no screen, or nil.
    public static func problem(width: Int, height: Int) -> String? {
        guard sides.contains(width), sides.contains(height) else {
            return "each side \(sides.lowerBound)...\(sides.upperBound)"
        }
        guard width * height <= maximumPixels else { return "at most \(maximumPixels) pixels (8192x4320)" }
        return nil
    }
}
