import SlideLockCore

/// A rounded rectangle's coverage, row by row, over the pixels of one canvas. Coverage is
/// 0.5 - the signed distance to the outline at each pixel centre. Along a row it only grows
/// towards the middle, up to the row's own coverage (its top or bottom edge's, 255 inside):
/// the pixels `midStart..<midEnd` all have that one, and only the rims either side of them
/// (the anti-aliased ends, the corners) are worked out and kept pixel by pixel.
final class ShapeRows {
    let rect: Rect
    let radius: Double
    /// The first row held: rows `y0..<y0 + rows.count` are the shape's rows on the canvas.
    let y0: Int
    let rows: [Row]
    /// Every row's rim coverages, left rim then right rim.
    let rims: [UInt8]

    struct Row {
        /// The row's pixels on the canvas, and the middle part with one coverage.
        let start: Int, midStart: Int, midEnd: Int, end: Int
        let coverage: UInt32
        /// Where the row's left rim starts in `rims`; its right rim follows it.
        let rim: Int
    }

    init(rect: Rect, radius: Double, within bounds: PixelRect) {
        self.rect = rect
        self.radius = radius
        let area = rect.enclosingPixels.intersection(bounds)
        y0 = area.y
        var rows: [Row] = []
        var rims: [UInt8] = []
        let box = RoundedBox(rect: rect, radius: radius)
        rows.reserveCapacity(area.height)
        rims.reserveCapacity(area.height * min(area.width, 2 * clampedInt(box.r) + 6))
        for y in area.y..<max(area.y, area.maxY) where !area.isEmpty {
            let cy = Double(y) + 0.5
            func at(_ x: Int) -> UInt8 { UInt8(coverage(0.5 - box.distance(x: Double(x) + 0.5, y: cy))) }
            // The row's highest coverage, where it is nearest the middle.
            let top = UInt8(coverage(0.5 - box.distance(x: rect.midX, y: cy)))
            // In a corner's rows, the pixels more than a pixel beyond the circle of radius
            // r + 0.5 have none: counted, not worked out.
            let qy = abs(cy - box.cy) - (box.hh - box.r)
            let reach = qy > 0 && qy < box.r + 0.5 ? (box.r + 0.5) * (box.r + 0.5) - qy * qy : .infinity
            let outside = (box.hw - box.r) + reach.squareRoot() + 1
            let zeros = max(0, min(area.width / 2, clampedInt((box.cx - outside - 0.5 - Double(area.x)).rounded(.up))))
            let rim = rims.count
            for _ in 0..<zeros { rims.append(0) }
            var x = area.x + zeros
            while x < area.maxX {
                let c = at(x)
                if c == top { break }
                rims.append(c)
                x += 1
            }
            let rightZeros = max(
                0, min(area.maxX - x, clampedInt((Double(area.maxX) - (box.cx + outside) - 0.5).rounded(.up))))
            var e = area.maxX - rightZeros
            let right = rims.count
            while e > x {
                let c = at(e - 1)
                if c == top { break }
                rims.append(c)
                e -= 1
            }
            rims[right...].reverse()
            for _ in 0..<rightZeros { rims.append(0) }
            rows.append(
                Row(start: area.x, midStart: x, midEnd: e, end: area.maxX, coverage: UInt32(top), rim: rim))
        }
        self.rows = rows
        self.rims = rims
    }
}

/// The last few shapes' rows: the track, the fill and the thumb stay put for many frames,
/// and a frame draws each of them once per damaged rectangle.
struct ShapeCache {
    private var entries: [ShapeRows] = []
    /// Shapes worked out so far (tests check that a frame reuses them).
    private(set) var made = 0

    mutating func rows(_ rect: Rect, radius: Double, within bounds: PixelRect) -> ShapeRows {
        if let hit = entries.first(where: { $0.rect == rect && $0.radius == radius }) { return hit }
        let shape = ShapeRows(rect: rect, radius: radius, within: bounds)
        made += 1
        if entries.count >= 8 { entries.removeFirst() }
        entries.append(shape)
        return shape
    }
}
