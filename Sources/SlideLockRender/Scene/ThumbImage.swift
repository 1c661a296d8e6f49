import SlideLockCore

/// The thumb (body, border, icon) drawn once into blend terms, for frames where it rests
/// while what is under it changes (the hue animation). Per pixel, the layers' blends compose
/// into one `term + dst * factor / 255` when at most one of them lets the pixel under show
/// through: a pixel the opaque body covers whole is a constant (factor 0) whatever the
/// border and icon add over it, and a rim pixel has the body's blend alone. A row is then its
/// rims blended (`blendTermsSpan`) and its middle copied. Exactly the layer-by-layer pixels;
/// a thumb where two blends that let the pixel under through meet (a translucent thumb
/// under its icon) has no image (`init` fails) and is drawn layer by layer.
final class ThumbImage {
    /// The image's top-left pixel and size on the canvas.
    let x: Int, y: Int, width: Int, height: Int
    private var terms: [UInt32]
    private var factors: [UInt32]
    /// Per row, relative to `x`: the pixels the thumb changes, and the constant run inside.
    private var rows: [(live0: Int, const0: Int, const1: Int, live1: Int)] = []
    /// 2.3 MB of terms, factors and flags at most.
    static let maximumPixels = 1 << 18

    /// The image of `th` drawn at `thumbRect` (offset already), with the shapes and icon
    /// masks the layer-by-layer drawing uses.
    init?(_ th: ThumbLayer, rect thumbRect: Rect, icons: IconRasterizer, shapes: inout ShapeCache) {
        let bw = th.borderWidth
        let innerRect = bw > 0 ? thumbRect.insetBy(bw) : thumbRect
        var box = thumbRect.enclosingPixels.union(innerRect.enclosingPixels)
        let icon = icons.mask(
            th.icon, size: th.iconSize, center: thumbRect.center, phase: th.iconPhase,
            mirrored: th.mirrored)
        if let (mask, ox, oy) = icon {
            box = box.union(PixelRect(x: ox, y: oy, width: mask.width, height: mask.height))
        }
        // An image is for a thumb (about 4 000 pixels at 800x480): one a configured size
        // makes huge is drawn in layers, not held in memory.
        guard !box.isEmpty, box.width <= Self.maximumPixels, box.height <= Self.maximumPixels,
            box.width * box.height <= Self.maximumPixels, th.opacity > 0
        else { return nil }
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
        terms = [UInt32](repeating: 0, count: width * height)
        factors = [UInt32](repeating: 255, count: width * height)
        var touched = [Bool](repeating: false, count: width * height)
        var possible = true
        // One more layer over pixel (px, py): as `blend` with `coverage`.
        func over(_ px: Int, _ py: Int, source: UInt32, alpha: UInt32, coverage c: UInt32) {
            guard c > 0, px >= x, px < x + width, py >= y, py < y + height else { return }
            let i = (py - y) * width + (px - x)
            let term = scalePacked(source, c)
            let factor = 255 &- div255(alpha &* c)
            if factors[i] == 255 && terms[i] == 0 {
                (terms[i], factors[i]) = (term, factor)
            } else if factors[i] == 0 {
                terms[i] = term &+ scalePacked(terms[i], factor)
            } else {
                possible = false
            }
            touched[i] = true
        }
        // The body, as `fillRoundedRect` covers it.
        if !innerRect.isEmpty {
            let body = PackedColor(th.color, opacity: th.opacity)
            let shape = shapes.rows(innerRect, radius: max(0, th.radius - bw))
            for py in shape.y0..<shape.y1 {
                guard let spans = shape.row(py) else { continue }
                for px in spans.liveStart..<max(spans.liveStart, spans.liveEnd) {
                    over(px, py, source: body.r << 16 | body.g << 8 | body.b, alpha: body.a, coverage: spans.at(px))
                }
            }
        }
        // The border, as `strokeRoundedRect` covers it.
        if bw > 0 && !thumbRect.isEmpty {
            let p = PackedColor(th.borderColor, opacity: th.opacity)
            let r = min(max(th.radius, 0), thumbRect.width / 2, thumbRect.height / 2)
            let outer = RoundedBox(rect: thumbRect, radius: r)
            let inner = RoundedBox(rect: thumbRect.insetBy(bw), radius: max(0, r - bw))
            let area = thumbRect.enclosingPixels
            for py in area.y..<area.maxY {
                for px in area.x..<area.maxX {
                    let (cx, cy) = (Double(px) + 0.5, Double(py) + 0.5)
                    let o = 0.5 - outer.distance(x: cx, y: cy)
                    let i = 0.5 - inner.distance(x: cx, y: cy)
                    over(
                        px, py, source: p.r << 16 | p.g << 8 | p.b, alpha: p.a,
                        coverage: coverage(min(max(o, 0), 1) - min(max(i, 0), 1)))
                }
            }
        }
        // The icon, as `blendMask` covers it.
        if let (mask, ox, oy) = icon {
            let p = PackedColor(th.iconColor, opacity: th.opacity)
            for my in 0..<mask.height {
                for mx in Int(mask.spans[2 * my])..<Int(mask.spans[2 * my + 1]) {
                    over(
                        ox + mx, oy + my, source: p.r << 16 | p.g << 8 | p.b, alpha: p.a,
                        coverage: UInt32(mask.alpha[my * mask.width + mx]))
                }
            }
        }
        guard possible else { return nil }
        for row in 0..<height {
            let base = row * width
            var live0 = width
            var live1 = 0
            var best = (0, 0)
            var run = 0
            for i in 0..<width {
                if touched[base + i] {
                    live0 = min(live0, i)
                    live1 = i + 1
                }
                run = factors[base + i] == 0 ? run + 1 : 0
                if run > best.1 - best.0 { best = (i + 1 - run, i + 1) }
            }
            if live0 >= live1 {
                rows.append((0, 0, 0, 0))
                continue
            }
            if best.0 >= best.1 { best = (live1, live1) }
            // The rim runs take whole groups of 4 pixels from the constant run (a constant
            // blended with its terms is itself: factor 0), so they need no scalar tail.
            let const0 = min(best.1, live0 + (best.0 - live0 + 3) / 4 * 4)
            let const1 = max(const0, live1 - (live1 - best.1 + 3) / 4 * 4)
            rows.append((live0, const0, const1, live1))
        }
        for i in factors.indices { factors[i] = factors[i] &* 0x0101_0101 }
    }

    /// Draws the image onto `canvas`, inside its clip.
    func draw(on canvas: Canvas) {
        let area = PixelRect(x: x, y: y, width: width, height: height).intersection(canvas.clip)
        guard !area.isEmpty else { return }
        let (a0, a1) = (area.x - x, area.maxX - x)
        terms.withUnsafeBufferPointer { terms in
            factors.withUnsafeBufferPointer { factors in
                for py in area.y..<area.maxY {
                    let r = py - y
                    let spans = rows[r]
                    let row = canvas.pixels + py * canvas.width + x
                    let base = r * width
                    func blendRun(_ from: Int, _ to: Int) {
                        let f = max(from, a0)
                        let t = min(to, a1)
                        if f < t {
                            blendTermsSpan(
                                row + f, terms.baseAddress! + base + f, factors.baseAddress! + base + f,
                                count: t - f)
                        }
                    }
                    blendRun(spans.live0, spans.const0)
                    let c0 = max(spans.const0, a0)
                    let c1 = min(spans.const1, a1)
                    if c0 < c1 { (row + c0).update(from: terms.baseAddress! + base + c0, count: c1 - c0) }
                    blendRun(spans.const1, spans.live1)
                }
            }
        }
    }
}
