import SlideLockCore

/// Turns icons into coverage masks and caches them: an icon is drawn at a quarter-pixel
/// grid of positions, so a moving thumb reuses a handful of masks instead of recomputing.
final class IconRasterizer {
    struct Key: Hashable {
        let icon: Icon, size: Int, phase: Int, mirrored: Bool, subX: Int, subY: Int
    }

    struct Mask {
        let width: Int, height: Int
        let alpha: [UInt8]
        let spans: [Int32]
    }

    private var cache: [Key: Mask] = [:]
    private static let maxEntries = 256

    /// Draws `icon` centred on `center` in a box of `size` pixels.
    func draw(
        _ icon: Icon, size: Double, center: Point, color: Color, opacity: Double,
        phase: Double, mirrored: Bool, on canvas: Canvas
    ) {
        guard let (mask, ox, oy) = self.mask(icon, size: size, center: center, phase: phase, mirrored: mirrored)
        else { return }
        canvas.blendMask(
            mask.alpha, width: mask.width, height: mask.height, x: ox, y: oy,
            color: color, opacity: opacity, spans: mask.spans)
    }

    /// The coverage mask `draw` blends for the same arguments, and its top-left pixel; nil
    /// when nothing would show.
    func mask(_ icon: Icon, size: Double, center: Point, phase: Double, mirrored: Bool) -> (Mask, Int, Int)? {
        // Past the canvas size nothing of the icon would show; NaN compares false.
        guard icon != .none, size >= 1, size <= 16_384, center.x.isFinite, center.y.isFinite,
            abs(center.x) < 1e9, abs(center.y) < 1e9
        else { return nil }
        let box = size.rounded()
        let left = center.x - box / 2
        let top = center.y - box / 2
        let ox = Int(left.rounded(.down))
        let oy = Int(top.rounded(.down))
        let subX = Int(((left - Double(ox)) * 4).rounded(.down))
        let subY = Int(((top - Double(oy)) * 4).rounded(.down))
        // Spinner phases are quantised to 64 steps per turn: smooth at 60 Hz, bounded cache.
        let phaseStep = icon == .spinner ? clampedInt((phase - phase.rounded(.down)) * 64) : 0
        let key = Key(icon: icon, size: Int(box), phase: phaseStep, mirrored: mirrored, subX: subX, subY: subY)
        if let hit = cache[key] { return (hit, ox, oy) }
        let mask = rasterize(key)
        if cache.count >= Self.maxEntries { cache.removeAll(keepingCapacity: true) }
        cache[key] = mask
        return (mask, ox, oy)
    }

    private func rasterize(_ key: Key) -> Mask {
        let s = Double(key.size)
        let fx = Double(key.subX) / 4
        let fy = Double(key.subY) / 4
        let w = key.size + 2
        let h = key.size + 2
        let shape = IconShape(icon: key.icon, phase: Double(key.phase) / 64)
        var alpha = [UInt8](repeating: 0, count: w * h)
        for py in 0..<h {
            for px in 0..<w {
                var u = (Double(px) + 0.5 - fx) / s
                let v = (Double(py) + 0.5 - fy) / s
                if key.mirrored { u = 1 - u }
                let c = shape.coverage(u, v, scale: s)
                alpha[py * w + px] = UInt8(c * 255 + 0.5)
            }
        }
        return Mask(width: w, height: h, alpha: alpha, spans: inkSpans(alpha, width: w, height: h))
    }
}

extension Canvas {
    /// Blends `color` through an 8-bit coverage mask placed at (x, y), clipped.
    /// `spans` (from `inkSpans`) bound each mask row's inked columns: the rest is skipped.
    func blendMask(
        _ maskBytes: [UInt8], width mw: Int, height mh: Int, x: Int, y: Int,
        color: Color, opacity: Double, spans: [Int32]
    ) {
        let area = PixelRect(x: x, y: y, width: mw, height: mh).intersection(clip)
        guard !area.isEmpty else { return }
        let p = PackedColor(color, opacity: opacity)
        maskBytes.withUnsafeBufferPointer { mask in
            spans.withUnsafeBufferPointer { spans in
                for py in area.y..<area.maxY {
                    let r = py &- y
                    let from = max(area.x, x &+ Int(spans[2 &* r]))
                    let to = min(area.maxX, x &+ Int(spans[2 &* r &+ 1]))
                    guard from < to else { continue }
                    blendCoverageSpan(
                        pixels + py * width + from, mask.baseAddress! + (r &* mw &+ from &- x), p, count: to &- from)
                }
            }
        }
    }
}

/// `blend(dst, colour, coverage)` per pixel, four pixels at a time in 16-bit lanes as
/// `blendSpan` (the same roundings, so exactly the scalar result); groups of four with no
/// coverage are left alone, the last pixels (under four) blended one by one.
@inline(__always)
func blendCoverageSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ p: PackedColor, count: Int
) {
    let low = SIMD8<UInt16>(repeating: 0xFF)
    let (b, g, r) = (UInt16(p.b), UInt16(p.g), UInt16(p.r))
    let even = SIMD8<UInt16>(b, r, b, r, b, r, b, r)
    let odd = SIMD8<UInt16>(g, 0, g, 0, g, 0, g, 0)
    let alpha = SIMD8<UInt16>(repeating: UInt16(p.a))
    let d = UnsafeMutableRawPointer(dst)
    var i = 0
    while i &+ 4 <= count {
        let (c0, c1, c2, c3) = (
            UInt16(coverage[i]), UInt16(coverage[i &+ 1]), UInt16(coverage[i &+ 2]), UInt16(coverage[i &+ 3])
        )
        if c0 | c1 | c2 | c3 != 0 {
            let c = SIMD8<UInt16>(c0, c0, c1, c1, c2, c2, c3, c3)
            let term = over255(even &* c) | over255(odd &* c) &<< 8
            let v = UnsafeRawPointer(d + 4 &* i).loadUnaligned(as: SIMD8<UInt16>.self)
            (d + 4 &* i).storeBytes(of: scaleLanes(v, low &- over255(alpha &* c)) &+ term, as: SIMD8<UInt16>.self)
        }
        i &+= 4
    }
    while i < count {
        dst[i] = blend(dst[i], source: p.packed, alpha: p.a, coverage: UInt32(coverage[i]))
        i &+= 1
    }
}

/// For each row of an 8-bit mask, the columns from its first to past its last nonzero
/// byte (0, 0 for an empty row), as pairs.
func inkSpans(_ alpha: [UInt8], width: Int, height: Int) -> [Int32] {
    var spans = [Int32](repeating: 0, count: 2 * height)
    for y in 0..<height {
        let row = alpha[(y * width)..<(y * width + width)]
        if let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) {
            spans[2 * y] = Int32(first - y * width)
            spans[2 * y + 1] = Int32(last - y * width + 1)
        }
    }
    return spans
}
