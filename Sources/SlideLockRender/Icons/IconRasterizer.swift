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
    /// The blend terms of the last few masks drawn, not one set per mask: a spinner draws a
    /// new mask every frame, and terms kept per mask would hold memory for up to `maxEntries`
    /// masks. A resting thumb's icon is in its `ThumbImage`.
    private var tints: [(key: Key, tint: MaskTint)] = []
    private static let maxEntries = 256

    /// Draws `icon` centred on `center` in a box of `size` pixels.
    func draw(
        _ icon: Icon, size: Double, center: Point, color: Color, opacity: Double,
        phase: Double, mirrored: Bool, on canvas: Canvas
    ) {
        guard let (mask, ox, oy, key) = lookUp(icon, size: size, center: center, phase: phase, mirrored: mirrored)
        else { return }
        let tint: MaskTint
        if let i = tints.firstIndex(where: { $0.key == key }) {
            tint = tints[i].tint
        } else if tints.count < 4 {
            tint = MaskTint()
            tints.append((key, tint))
        } else {
            // The oldest set makes way: first in, first out.
            tint = tints.removeFirst().tint
            tint.invalidate()
            tints.append((key, tint))
        }
        canvas.blendMask(
            mask.alpha, width: mask.width, height: mask.height, x: ox, y: oy,
            color: color, opacity: opacity, spans: mask.spans, tint: tint)
    }

    /// The coverage mask `draw` blends for the same arguments, and its top-left pixel; nil
    /// when nothing would show.
    func mask(_ icon: Icon, size: Double, center: Point, phase: Double, mirrored: Bool) -> (Mask, Int, Int)? {
        lookUp(icon, size: size, center: center, phase: phase, mirrored: mirrored).map { ($0.0, $0.1, $0.2) }
    }

    private func lookUp(_ icon: Icon, size: Double, center: Point, phase: Double, mirrored: Bool) -> (
        Mask, Int, Int, Key
    )? {
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
        if let hit = cache[key] { return (hit, ox, oy, key) }
        let mask = rasterize(key)
        if cache.count >= Self.maxEntries { cache.removeAll(keepingCapacity: true) }
        cache[key] = mask
        return (mask, ox, oy, key)
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
    /// `tint` keeps the mask's blend terms for the colour between calls.
    func blendMask(
        _ maskBytes: [UInt8], width mw: Int, height mh: Int, x: Int, y: Int,
        color: Color, opacity: Double, spans: [Int32], tint: MaskTint
    ) {
        let area = PixelRect(x: x, y: y, width: mw, height: mh).intersection(clip)
        guard !area.isEmpty else { return }
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b
        guard tint.usesTerms(source: source, alpha: p.a, count: maskBytes.count) else {
            maskBytes.withUnsafeBufferPointer { mask in
                spans.withUnsafeBufferPointer { spans in
                    let skip = area.x - x
                    for py in area.y..<area.maxY {
                        let m = (py - y) * mw + skip
                        let from = max(0, Int(spans[2 * (py - y)]) - skip)
                        let to = max(from, min(area.width, Int(spans[2 * (py - y) + 1]) - skip))
                        blendCoverageSpan(
                            pixels + py * width + area.x + from, mask.baseAddress! + m + from,
                            source: source, alpha: p.a, count: to - from)
                    }
                }
            }
            return
        }
        tint.prepare(maskBytes, source: source, alpha: p.a)
        tint.terms.withUnsafeBufferPointer { terms in
            tint.factors.withUnsafeBufferPointer { factors in
                spans.withUnsafeBufferPointer { spans in
                    let skip = area.x - x
                    for py in area.y..<area.maxY {
                        let row = pixels + py * width + area.x
                        let m = (py - y) * mw + skip
                        let from = max(0, Int(spans[2 * (py - y)]) - skip)
                        let to = max(from, min(area.width, Int(spans[2 * (py - y) + 1]) - skip))
                        // Coverage 0 inside the span leaves the pixel as it is (term 0, factor 255).
                        blendTermsSpan(
                            row + from, terms.baseAddress! + m + from, factors.baseAddress! + m + from,
                            count: to - from)
                    }
                }
            }
        }
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
