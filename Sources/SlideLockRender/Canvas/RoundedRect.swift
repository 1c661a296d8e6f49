import SlideLockCore

extension Canvas {
    /// Fills an anti-aliased rounded rectangle. Coverage is 0.5 - signed distance to the
    /// outline, per pixel centre: exact for straight edges, smooth at any corner radius.
    /// Only the corner and edge pixels need the distance (`ShapeRows`, cached); the middle
    /// of each row has one coverage, which keeps big shapes (the track) fast.
    public func fillRoundedRect(_ rect: Rect, radius: Double, paint: Paint, opacity: Double = 1) {
        guard !rect.isEmpty, opacity > 0 else { return }
        let area = rect.enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }
        let columns = columnCache.columns(paint, from: area.x, count: area.width, opacity: opacity)
        let shape = shapeCache.rows(rect, radius: radius)
        // An opaque solid covers what is under it: its full-coverage spans are plain stores;
        // a translucent one (the pressed thumb) is one colour over each span.
        var opaqueSolid = false
        var solid = false
        if case .solid = paint {
            solid = true
            opaqueSolid = columns.inverseAlpha.first == 0
        }
        // A solid shape drawn whole again in the same place in its pixels (a dragged thumb):
        // whole rows from its terms. (A shape drawn in part, as the fill under the label, is not
        // worth its terms.)
        if solid, area == PixelRect(x: shape.x0, y: shape.y0, width: shape.x1 - shape.x0, height: shape.y1 - shape.y0),
            let source = columns.source.first, let inverse = columns.inverseAlpha.first,
            let terms = solidTerms.terms(shape, source: source, alpha: 255 &- inverse)
        {
            terms.draw(shape, area: area, on: self)
            return
        }

        columns.source.withUnsafeBufferPointer { source in
            columns.inverseAlpha.withUnsafeBufferPointer { inverse in
                for y in area.y..<area.maxY {
                    guard let spans = shape.row(y) else { continue }
                    // Clamped into the area: a shape half off the canvas (the slide-off
                    // transition) must never index past the colour tables.
                    let midStart = min(area.maxX, max(area.x, spans.midStart))
                    let midEnd = max(midStart, min(area.maxX, spans.midEnd))
                    let row = pixels + y * width
                    for x in max(area.x, spans.liveStart)..<max(max(area.x, spans.liveStart), midStart) {
                        let c = shape.coverage(x, in: spans)
                        if c > 0 { row[x] = blendPacked(row[x], source[x - area.x], inverse[x - area.x], coverage: c) }
                    }
                    let rowCoverage = spans.coverage
                    if rowCoverage == 255 && opaqueSolid {
                        (row + midStart).update(repeating: source[0], count: midEnd - midStart)
                    } else if rowCoverage == 255 && solid {
                        blendSolidSpan(row + midStart, source[0], inverse[0], count: midEnd - midStart)
                    } else if rowCoverage == 255 {
                        blendOpaqueSpan(
                            row + midStart, source.baseAddress! + (midStart - area.x),
                            inverse.baseAddress! + (midStart - area.x), count: midEnd - midStart)
                    } else if rowCoverage > 0 {
                        for x in midStart..<midEnd {
                            let i = x - area.x
                            row[x] = blendPacked(row[x], source[i], inverse[i], coverage: rowCoverage)
                        }
                    }
                    for x in midEnd..<max(midEnd, min(area.maxX, spans.liveEnd)) {
                        let c = shape.coverage(x, in: spans)
                        if c > 0 { row[x] = blendPacked(row[x], source[x - area.x], inverse[x - area.x], coverage: c) }
                    }
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
                if c > 0 { row[x] = blend(row[x], r: p.r, g: p.g, b: p.b, a: p.a, coverage: c) }
            }
        }
    }
}

/// The hot loop of big shapes: `dst = source + dst * inverse / 255` per pixel, two
/// channels per multiply (red and blue share one 32-bit word), no branches, so LLVM
/// vectorises it.
@inline(__always)
func blendOpaqueSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>,
    _ inverse: UnsafePointer<UInt32>, count: Int
) {
    var i = 0
    while i < count {
        dst[i] = source[i] &+ scalePacked(dst[i], inverse[i])
        i &+= 1
    }
}

/// `blendOpaqueSpan` for one colour: `dst = source + dst * inverse / 255` per channel, 4
/// pixels at a time in 16-bit lanes (even and odd bytes apart, as `blendTermsSpan`).
/// 32-bit lanes, as the packed form needs, have no multiply in x86-64's baseline SSE2
/// (emulated: 1.8x slower measured here) and half the lanes on NEON. Exactly the packed
/// result: each channel is rounded the same way, and `source` is premultiplied (each
/// channel <= alpha), so no channel carries.
@inline(__always)
func blendSolidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ source: UInt32, _ inverse: UInt32, count: Int) {
    let factor = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse & 0xFF))
    let lanes = SIMD8<UInt16>(
        UInt16(truncatingIfNeeded: source), UInt16(truncatingIfNeeded: source >> 16),
        UInt16(truncatingIfNeeded: source), UInt16(truncatingIfNeeded: source >> 16),
        UInt16(truncatingIfNeeded: source), UInt16(truncatingIfNeeded: source >> 16),
        UInt16(truncatingIfNeeded: source), UInt16(truncatingIfNeeded: source >> 16))
    let bytes = UnsafeMutableRawPointer(dst)
    var i = 0
    while i &+ 4 <= count {
        blendGroup(bytes + 4 &* i, terms: lanes, factors: factor)
        i &+= 4
    }
    // The last pixels (under four) as one more group: the lanes past the span add nothing
    // and keep all (factor 255), which leaves a pixel as it is (see `Canvas.slack`).
    let r = count &- i
    guard r > 0 else { return }
    let k = inverse & 0xFF
    let keep: UInt32 = 0x00FF_00FF
    let s4 = SIMD4<UInt32>(source, r > 1 ? source : 0, r > 2 ? source : 0, 0)
    let k4 = SIMD4<UInt32>(k &* 0x0001_0001, r > 1 ? k &* 0x0001_0001 : keep, r > 2 ? k &* 0x0001_0001 : keep, keep)
    blendGroup(
        bytes + 4 &* i, terms: unsafeBitCast(s4, to: SIMD8<UInt16>.self),
        factors: unsafeBitCast(k4, to: SIMD8<UInt16>.self))
}

/// `pixel * factor / 255`, rounded, for each channel of an XRGB pixel (factor 0...255).
@inlinable @inline(__always)
func scalePacked(_ pixel: UInt32, _ factor: UInt32) -> UInt32 {
    var rb = (pixel & 0xFF00FF) &* factor &+ 0x800080
    rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
    var g = (pixel & 0xFF00) &* factor &+ 0x8000
    g = ((g &+ ((g >> 8) & 0xFF00)) >> 8) & 0xFF00
    return rb | g
}

/// Source-over of a premultiplied packed colour at partial coverage.
@inline(__always)
func blendPacked(_ dst: UInt32, _ source: UInt32, _ inverse: UInt32, coverage c: UInt32) -> UInt32 {
    blend(dst, source: source, alpha: 255 &- inverse, coverage: c)
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
