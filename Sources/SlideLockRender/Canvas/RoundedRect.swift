import SlideLockCore

extension Canvas {
    /// Fills an anti-aliased rounded rectangle. Coverage is 0.5 - signed distance to the
    /// outline, per pixel centre (`ShapeRows`): exact for straight edges, smooth at any
    /// corner radius. The middle of each row has one coverage, blended as one span.
    public func fillRoundedRect(_ rect: Rect, radius: Double, paint: Paint, opacity: Double = 1) {
        guard !rect.isEmpty, opacity > 0 else { return }
        let area = rect.enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }
        let shape = shapes.rows(rect, radius: radius, within: bounds)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * area.width) { table in
            // The tables are indexed by column: `source[x]` for x in the area.
            let source = table.baseAddress! - area.x
            let inverse = source + area.width
            paint.writeColumns(
                from: area.x, count: area.width, opacity: opacity, source: source + area.x, inverse: inverse + area.x)
            // An opaque solid covers what is under it (the thumb at rest).
            var opaque = false
            if case .solid = paint { opaque = inverse[area.x] == 0 }
            shape.rims.withUnsafeBufferPointer { rims in
                for y in area.y..<area.maxY {
                    let row = shape.rows[y - shape.y0]
                    let line = pixels + y * width
                    let rim = rims.baseAddress! + row.rim
                    func blendRim(_ from: Int, _ to: Int, _ offset: Int) {
                        var x = max(from, area.x)
                        while x < min(to, area.maxX) {
                            let c = UInt32(rim[x &- offset])
                            line[x] = blend(line[x], source: source[x], alpha: 255 &- inverse[x], coverage: c)
                            x &+= 1
                        }
                    }
                    blendRim(row.start, row.midStart, row.start)
                    let a = max(area.x, row.midStart)
                    let b = min(area.maxX, row.midEnd)
                    if a < b && row.coverage == 255 && opaque {
                        (line + a).update(repeating: source[a], count: b - a)
                    } else if a < b && row.coverage == 255 {
                        blendSpan(line + a, source + a, inverse + a, count: b - a)
                    } else if a < b && row.coverage > 0 {
                        for x in a..<b {
                            line[x] = blend(
                                line[x], source: source[x], alpha: 255 &- inverse[x], coverage: row.coverage)
                        }
                    }
                    blendRim(row.midEnd, row.end, row.midEnd - (row.midStart - row.start))
                }
            }
        }
    }

    /// Fills the ring between a rounded rectangle and the same shape inset by `lineWidth`
    /// (the thumb's border), anti-aliased on both edges.
    public func strokeRoundedRect(
        _ rect: Rect, radius: Double, lineWidth: Double, color: Color,
        opacity: Double = 1
    ) {
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
    public func fillCoverage(
        _ bounds: PixelRect, color: Color, opacity: Double = 1,
        _ coverageAt: (Double, Double) -> Double
    ) {
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }
        let p = PackedColor(color, opacity: opacity)
        for y in area.y..<area.maxY {
            let row = pixels + y * width
            for x in area.x..<area.maxX {
                let c = coverage(coverageAt(Double(x) + 0.5, Double(y) + 0.5))
                if c > 0 { row[x] = blend(row[x], source: p.packed, alpha: p.a, coverage: c) }
            }
        }
    }
}

/// Coverage 0...1 as 0...255 (NaN as 0).
@inline(__always)
func coverage(_ c: Double) -> UInt32 {
    c >= 1 ? 255 : c > 0 ? UInt32(c * 255 + 0.5) : 0
}

/// Signed distance to a rounded rectangle (negative inside).
struct RoundedBox {
    let cx: Double, cy: Double, hw: Double, hh: Double, r: Double

    init(rect: Rect, radius: Double) {
        cx = rect.midX
        cy = rect.midY
        hw = rect.width / 2
        hh = rect.height / 2
        r = min(max(radius, 0), hw, hh)
    }

    @inline(__always)
    func distance(x: Double, y: Double) -> Double {
        let qx = abs(x - cx) - (hw - r)
        let qy = abs(y - cy) - (hh - r)
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }
}
