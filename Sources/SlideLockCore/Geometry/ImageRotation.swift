/// How the UI's picture is turned to fit a panel that is mounted rotated, and the one
/// convention both the renderer and touch input use for it.
///
/// `clockwise90` means: the logical image (the UI's own coordinate space, `logicalSize`,
/// y down) is turned 90 degrees **clockwise as seen by someone looking at the panel** and
/// then scanned out; the panel's own size is `logicalSize` with width and height swapped.
/// Its top edge ends up on the panel's right edge, its top-left corner at the panel's
/// top-right corner. Touch goes the other way (`unmap`), so a finger on the panel lands
/// on the same UI point the eye sees under it.
public enum ImageRotation: Int, CaseIterable, Equatable, Sendable {
    case upright = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Any multiple of 90 degrees (negative = counter-clockwise); nil otherwise.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// The angle, clockwise, in degrees: 0, 90, 180 or 270.
    public var degrees: Int { rawValue }

    /// True when the panel is the logical image's transpose in shape.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The inverse rotation (turning back counter-clockwise by the same angle).
    public var inverse: ImageRotation { ImageRotation(rawValue: (360 - rawValue) % 360)! }

    /// The panel's size in its own pixels for a logical image of `logicalSize`.
    public func panelSize(logicalSize: Size) -> Size {
        swapsAxes ? Size(width: logicalSize.height, height: logicalSize.width) : logicalSize
    }

    /// A logical point (continuous coordinates: pixel (i, j) covers i..<i+1) to the same
    /// place on the panel.
    public func map(_ p: Point, logicalSize size: Size) -> Point {
        let w = size.width
        let h = size.height
        switch self {
        case .upright: return p
        case .clockwise90: return Point(x: h - p.y, y: p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// A panel point back to the logical point drawn there (`map`'s inverse).
    public func unmap(_ p: Point, logicalSize size: Size) -> Point {
        let w = size.width
        let h = size.height
        switch self {
        case .upright: return p
        case .clockwise90: return Point(x: p.y, y: h - p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: w - p.y, y: p.x)
        }
    }

    /// The panel pixel that shows logical pixel (`x`, `y`) of a `width` x `height`
    /// image: the whole-pixel form of `map` (a pixel's far edge, not its origin, moves
    /// onto the origin side, hence the `- 1`). For the renderer's rotation blits.
    public func mapPixel(x: Int, y: Int, logicalWidth width: Int, logicalHeight height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .clockwise90: return (height - 1 - y, x)
        case .upsideDown: return (width - 1 - x, height - 1 - y)
        case .clockwise270: return (y, width - 1 - x)
        }
    }
}
