import SlideLockCore

/// Draws shaped labels with a glyph cache. One renderer per font list and weight.
final class TextRenderer {
    let fonts: FontSet
    private var glyphs: [GlyphKey: GlyphBitmap] = [:]
    private var lines: [LineKey: TextLine] = [:]
    /// Lines placed at a point, glyph by glyph: a label, a message or a clock at rest is
    /// drawn in the same place frame after frame (and once per damaged rectangle).
    private var placed: [PlaceKey: Placed] = [:]

    struct GlyphKey: Hashable { let face: Int, id: UInt32, size: Int, subpixel: Int }
    struct LineKey: Hashable { let text: String, size: Int }
    struct PlaceKey: Hashable { let text: String, size: Int, x: Double, y: Double }

    /// A line's glyphs on the canvas, its boxes for characters no font has, and the pixels
    /// both cover.
    struct Placed {
        let glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)]
        let boxes: [Rect]
        let ink: PixelRect
    }

    init(fonts: [String], weight: FontWeight) throws(FontError) {
        self.fonts = try FontSet(specs: fonts, weight: weight)
    }

    var warnings: [String] { fonts.warnings }

    /// Labels are drawn at most this many pixels high: a bigger size is only a slow way to
    /// draw nothing visible.
    static let maximumPixelSize = 4096

    /// A scene's label size as whole pixels FreeType can take (0 draws nothing).
    static func pixelSize(_ size: Double) -> Int {
        min(max(clampedInt(size), 0), maximumPixelSize)
    }

    func line(_ text: String, pixelSize: Int) -> TextLine {
        let key = LineKey(text: text, size: pixelSize)
        if let cached = lines[key] { return cached }
        let shaped = TextShaper(fonts: fonts).shape(text, pixelSize: pixelSize)
        if lines.count > 64 { lines.removeAll() }
        lines[key] = shaped
        return shaped
    }

    /// Draws `text` centred on `center` (vertically by ascent/descent), clipped to the
    /// canvas clip. With `shimmerX`, a bright band centred there brightens the glyphs.
    func draw(
        _ text: String, pixelSize: Int, center: Point, color: Color, opacity: Double,
        shimmerX: Double?, on canvas: Canvas
    ) {
        guard opacity > 0, pixelSize > 0 else { return }
        let line = place(text, pixelSize: pixelSize, center: center)
        guard line.ink.intersects(canvas.clip) else { return }
        let band = Double(pixelSize) * 1.5
        for (bitmap, x, y) in line.glyphs {
            var tint = color
            if let shimmerX {
                // One tint per glyph keeps the cost flat; the band is wide enough to look smooth.
                let glyphCenter = Double(x) + Double(bitmap.width) / 2
                let t = max(0, 1 - abs(glyphCenter - shimmerX) / band)
                tint = color.mixed(with: .white, by: 0.8 * t)
            }
            canvas.blendMask(
                bitmap.alpha, width: bitmap.width, height: bitmap.height, x: x, y: y,
                color: tint, opacity: opacity, spans: bitmap.spans)
        }
        for rect in line.boxes {
            canvas.strokeRoundedRect(
                rect, radius: 0, lineWidth: max(1, Double(pixelSize) / 14), color: color, opacity: opacity)
        }
    }

    /// The pixels `draw` may touch for the same arguments: the union of the glyph images and
    /// the boxes standing in for missing characters.
    func inkBounds(_ text: String, pixelSize: Int, center: Point) -> PixelRect {
        guard pixelSize > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return place(text, pixelSize: pixelSize, center: center).ink
    }

    /// Places each glyph of `text` centred on `center`, in drawing order.
    func place(_ text: String, pixelSize: Int, center: Point) -> Placed {
        let key = PlaceKey(text: text, size: pixelSize, x: center.x, y: center.y)
        if let hit = placed[key] { return hit }
        let line = line(text, pixelSize: pixelSize)
        let originX = center.x - line.width / 2
        let baseline = (center.y + (line.ascent - line.descent) / 2).rounded()
        var glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
        var ink = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for g in line.glyphs {
            let penX = originX + g.x
            let whole = penX.rounded(.down)
            let sub = clampedInt((penX - whole) * 4)
            let key = GlyphKey(face: g.face, id: g.id, size: pixelSize, subpixel: sub)
            guard let bitmap = self.glyphs[key] ?? render(key) else { continue }
            let x = clampedInt(whole) + bitmap.left
            let y = clampedInt(baseline + g.y.rounded()) - bitmap.top
            glyphs.append((bitmap, x, y))
            ink = ink.union(PixelRect(x: x, y: y, width: bitmap.width, height: bitmap.height))
        }
        let boxes = line.boxes.map { box in
            Rect(
                x: (originX + box.x).rounded(), y: baseline - line.ascent * 0.7,
                width: box.width.rounded(), height: (line.ascent * 0.7).rounded())
        }
        for box in boxes { ink = ink.union(box.enclosingPixels) }
        let made = Placed(glyphs: glyphs, boxes: boxes, ink: ink)
        // A clock places a new line every second, a drag none: a few dozen cover every
        // line a screen shows at once.
        if placed.count >= 32 { placed.removeAll() }
        placed[key] = made
        return made
    }

    private func render(_ key: GlyphKey) -> GlyphBitmap? {
        let face = fonts.faces[key.face]
        face.setPixelSize(key.size)
        guard let bitmap = face.render(glyph: key.id, subpixel: Double(key.subpixel) / 4) else { return nil }
        if glyphs.count > 2048 { glyphs.removeAll() }
        glyphs[key] = bitmap
        return bitmap
    }
}
