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
