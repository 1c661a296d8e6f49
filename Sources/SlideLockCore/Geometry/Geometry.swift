/// A point in screen pixels (y grows downwards).
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size in pixels.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in (sub-)pixel coordinates.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when `p` is inside or on the edge.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// The same rectangle shrunk by `d` on every side.
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The rectangle scaled about its centre.
    public func scaled(by factor: Double) -> Rect {
        let w = width * factor
        let h = height * factor
        return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest whole-pixel rectangle that covers this one.
    public var enclosingPixels: PixelRect {
        let x0 = clampedInt(x.rounded(.down))
        let y0 = clampedInt(y.rounded(.down))
        let x1 = clampedInt(maxX.rounded(.up))
        let y1 = clampedInt(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A rectangle of whole pixels, the unit of damage and of clipping.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX)
        let y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x)
        let y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }

    /// Grown by `d` pixels on every side (anti-aliasing fringes, shadows).
    public func outset(_ d: Int) -> PixelRect {
        PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }
}
