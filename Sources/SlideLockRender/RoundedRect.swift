import SlideLockCore

extension Canvas {
    /// Fills an anti-aliased rounded rectangle. Coverage is 0.5 - signed distance to the
    /// outline, per pixel centre: exact for straight edges, smooth at any corner radius.
    /// Only the corner and edge pixels need the distance; the middle of each row has one
    /// coverage, which keeps big shapes (the track) fast.
    public func fillRoundedRect(_ rect: Rect, radius: Double, paint: Paint, opacity: Double = 1) {
        guard !rect.isEmpty, opacity > 0 else { return }
        let area = rect.enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let colors = paint.columns(from: area.x, count: area.width, opacity: opacity)
        let shape = RoundedBox(rect: rect, radius: r)

        colors.withUnsafeBufferPointer { table in
            for y in area.y..<area.maxY {
                let cy = Double(y) + 0.5
                let inCorner = cy < rect.minY + r || cy > rect.maxY - r
                // Columns whose coverage is the row's vertical coverage alone.
                let band = inCorner ? max(r, 0.5) : 0.5
                let midStart = max(area.x, Int((rect.minX + band - 0.5).rounded(.up)))
                let midEnd = min(area.maxX, Int((rect.maxX - band - 0.5).rounded(.down)) + 1)
                let rowCoverage = coverage(0.5 - max(rect.minY - cy, cy - rect.maxY))
                let row = pixels + y * width
                var x = area.x
                while x < area.maxX {
                    if x == midStart && midStart < midEnd {
                        blendSpan(row, from: midStart, to: midEnd, table: table, tableOrigin: area.x,
                                  coverage: rowCoverage)
                        x = midEnd
                        continue
                    }
                    let c = coverage(0.5 - shape.distance(x: Double(x) + 0.5, y: cy))
                    if c > 0 {
                        let p = table[x - area.x]
                        row[x] = blend(row[x], r: p.r, g: p.g, b: p.b, a: p.a, coverage: c)
                    }
                    x += 1
                }
            }
        }
    }

    /// Fills the ring between a rounded rectangle and the same shape inset by `lineWidth`
    /// (the thumb's border), anti-aliased on both edges.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color,
                                  opacity: Double = 1) {
        guard lineWidth > 0, !rect.isEmpty else { return }
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let outer = RoundedBox(rect: rect, radius: r)
        let inner = RoundedBox(rect: rect.insetBy(lineWidth), radius: max(0, r - lineWidth))
        fillCoverage(rect.enclosingPixels, color: color, opacity: opacity) { x, y in
            let o = 0.5 - outer.distance(x: x, y: y)
            let i = 0.5 - inner.distance(x: x, y: y)
            return min(max(o, 0), 1) - min(max(i, 0), 1)
        }
    }

    /// Fills pixels of `bounds` with `color` at the coverage (0...1) given per pixel centre.
    /// The general path, for small shapes.
    public func fillCoverage(_ bounds: PixelRect, color: Color, opacity: Double = 1,
                             _ coverageAt: (Double, Double) -> Double) {
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }
        let p = PackedColor(color, opacity: opacity)
        for y in area.y..<area.maxY {
            let row = pixels + y * width
            for x in area.x..<area.maxX {
                let c = coverage(coverageAt(Double(x) + 0.5, Double(y) + 0.5))
                if c > 0 { row[x] = blend(row[x], r: p.r, g: p.g, b: p.b, a: p.a, coverage: c) }
            }
        }
    }

    @inline(__always)
    private func blendSpan(_ row: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int,
                           table: UnsafeBufferPointer<PackedColor>, tableOrigin: Int, coverage: UInt32) {
        guard coverage > 0 else { return }
        var x = start
        while x < end {
            let p = table[x &- tableOrigin]
            if coverage == 255 && p.a == 255 {
                row[x] = (p.r << 16) | (p.g << 8) | p.b
            } else {
                row[x] = blend(row[x], r: p.r, g: p.g, b: p.b, a: p.a, coverage: coverage)
            }
            x &+= 1
        }
    }
}

/// Coverage 0...1 as 0...255.
@inline(__always)
func coverage(_ c: Double) -> UInt32 {
    c <= 0 ? 0 : c >= 1 ? 255 : UInt32(c * 255 + 0.5)
}

/// Signed distance to a rounded rectangle (negative inside).
struct RoundedBox {
    let cx: Double, cy: Double, hw: Double, hh: Double, r: Double

    init(rect: Rect, radius: Double) {
        cx = rect.midX; cy = rect.midY; hw = rect.width / 2; hh = rect.height / 2
        r = min(max(radius, 0), hw, hh)
    }

    @inline(__always)
    func distance(x: Double, y: Double) -> Double {
        let qx = abs(x - cx) - (hw - r), qy = abs(y - cy) - (hh - r)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }
}
