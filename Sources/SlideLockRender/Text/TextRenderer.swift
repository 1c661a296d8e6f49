import SlideLockCore

/// Draws shaped labels with a glyph cache. One renderer per font list and weight.
final class TextRenderer {
    let fonts: FontSet
    private var glyphs: [GlyphKey: GlyphBitmap] = [:]
    private var lines: [LineKey: TextLine] = [:]

    struct GlyphKey: Hashable { let face: Int, id: UInt32, size: Int, subpixel: Int }
    struct LineKey: Hashable { let text: String, size: Int }

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

    /// Draws `text` centred on `center` (vertically by ascent/descent), clipped to `clip`.
    /// With `shimmerX`, a bright band centred there brightens the glyphs.
    /// `frame` numbers the caller's frames (nil: each call is one), see below.
    func draw(
        _ text: String, pixelSize: Int, center: Point, color: Color, opacity: Double,
        shimmerX: Double?, frame: Int? = nil, on canvas: Canvas
    ) {
        guard opacity > 0, pixelSize > 0 else { return }
        // A label in one colour (no shimmer) is drawn from its line image once it rests:
        // asked for in three frames running in the same place and colour (a fading label is
        // not, however many damaged rectangles a frame draws it in, nor one whose drag
        // pauses for a frame).
        if shimmerX == nil && composesLines {
            let p = PackedColor(color, opacity: opacity)
            let request = LineRequest(
                key: LineKey(text: text, size: pixelSize), at: center,
                source: p.r << 16 | p.g << 8 | p.b, alpha: p.a)
            let runs =
                lastLineRequest.map {
                    $0.request == request ? (frame != nil && $0.frame == frame ? $0.runs : $0.runs + 1) : 1
                } ?? 1
            defer { lastLineRequest = (request, frame, runs) }
            if lineImage?.request != request && runs >= 3 {
                let line = place(text, pixelSize: pixelSize, center: center) { _, _, _ in }
                let glyphs = lastPlaced?.glyphs.map { (bitmap: $0.bitmap, x: $0.x, y: $0.y) } ?? []
                lineImage = (request, LineTerms(glyphs, source: request.source, alpha: p.a), line)
            }
            if let made = lineImage, made.request == request, let image = made.image {
                image.draw(on: canvas)
                lineImagesDrawn += 1
                for rect in boxes(made.line.line, origin: made.line.originX, baseline: made.line.baseline) {
                    canvas.strokeRoundedRect(
                        rect, radius: 0, lineWidth: max(1, Double(pixelSize) / 14),
                        color: color, opacity: opacity)
                }
                return
            }
        }
        // A label in one colour that changes (fading as the thumb comes) is drawn from its
        // line's coverage once it stays put: placed in the same place the call before.
        if shimmerX == nil && composesLines {
            let key = InkKey(text: text, size: pixelSize, x: center.x, y: center.y)
            if lineMask?.key != key, let placed = lastPlaced, placed.key == key {
                lineMask = (
                    key, LineMask(placed.glyphs.map { (bitmap: $0.bitmap, x: $0.x, y: $0.y) }),
                    (placed.line, placed.originX, placed.baseline)
                )
            }
            if let made = lineMask, made.key == key, let mask = made.mask {
                let p = PackedColor(color, opacity: opacity)
                mask.draw(on: canvas, source: p.r << 16 | p.g << 8 | p.b, alpha: p.a)
                lineMasksDrawn += 1
                for rect in boxes(made.line.line, origin: made.line.originX, baseline: made.line.baseline) {
                    canvas.strokeRoundedRect(
                        rect, radius: 0, lineWidth: max(1, Double(pixelSize) / 14),
                        color: color, opacity: opacity)
                }
                return
            }
        }
        let band = Double(pixelSize) * 1.5
        let line = place(text, pixelSize: pixelSize, center: center) { bitmap, x, y in
            var tint = color
            if let shimmerX {
                // One tint per glyph keeps the cost flat; the band is wide enough to look smooth.
                let glyphCenter = Double(x) + Double(bitmap.width) / 2
                let t = max(0, 1 - abs(glyphCenter - shimmerX) / band)
                tint = color.mixed(with: .white, by: 0.8 * t)
            }
            canvas.blendMask(
                bitmap.alpha, width: bitmap.width, height: bitmap.height, x: x, y: y,
                color: tint, opacity: opacity, spans: bitmap.spans, tint: bitmap.tint)
        }
        for rect in boxes(line.line, origin: line.originX, baseline: line.baseline) {
            canvas.strokeRoundedRect(
                rect, radius: 0, lineWidth: max(1, Double(pixelSize) / 14),
                color: color, opacity: opacity)
        }
    }

    /// The pixels `draw` may touch for the same arguments: the union of the glyph images and
    /// the boxes standing in for missing characters. Cached for the last label.
    func inkBounds(_ text: String, pixelSize: Int, center: Point) -> PixelRect {
        let key = InkKey(text: text, size: pixelSize, x: center.x, y: center.y)
        if let lastInk, lastInk.key == key { return lastInk.bounds }
        var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard pixelSize > 0 else { return bounds }
        let line = place(text, pixelSize: pixelSize, center: center) { bitmap, x, y in
            bounds = bounds.union(PixelRect(x: x, y: y, width: bitmap.width, height: bitmap.height))
        }
        for rect in boxes(line.line, origin: line.originX, baseline: line.baseline) {
            bounds = bounds.union(rect.enclosingPixels)
        }
        lastInk = (key, bounds)
        return bounds
    }

    /// Whether a label in one colour is drawn from its line image (tests compare both ways).
    var composesLines = true
    private(set) var lineImagesDrawn = 0
    /// The last line image, what it was made for, and nil in its place when the label's
    /// glyphs overlap (drawn glyph by glyph); and the last label asked for.
    private struct LineRequest: Equatable { let key: LineKey, at: Point, source: UInt32, alpha: UInt32 }
    private var lineImage:
        (
            request: LineRequest, image: LineTerms?,
            line: (line: TextLine, originX: Double, baseline: Double)
        )?
    private var lastLineRequest: (request: LineRequest, frame: Int?, runs: Int)?
    /// The last line mask, where it was made for, and nil in its place when the label's
    /// glyphs overlap (drawn glyph by glyph).
    private var lineMask: (key: InkKey, mask: LineMask?, line: (line: TextLine, originX: Double, baseline: Double))?
    private(set) var lineMasksDrawn = 0

    private struct InkKey: Equatable { let text: String, size: Int, x: Double, y: Double }
    private var lastInk: (key: InkKey, bounds: PixelRect)?

    /// Places each glyph of `text` centred on `center` and hands its image and top-left pixel
    /// to `body`, in drawing order.
    private func place(
        _ text: String, pixelSize: Int, center: Point,
        _ body: (GlyphBitmap, Int, Int) -> Void
    ) -> (line: TextLine, originX: Double, baseline: Double) {
        let key = InkKey(text: text, size: pixelSize, x: center.x, y: center.y)
        if let lastPlaced, lastPlaced.key == key {
            for g in lastPlaced.glyphs { body(g.bitmap, g.x, g.y) }
            return (lastPlaced.line, lastPlaced.originX, lastPlaced.baseline)
        }
        let line = line(text, pixelSize: pixelSize)
        let originX = center.x - line.width / 2
        let baseline = (center.y + (line.ascent - line.descent) / 2).rounded()
        var placed: [PlacedGlyph] = []
        for g in line.glyphs {
            let penX = originX + g.x
            let whole = penX.rounded(.down)
            let sub = clampedInt((penX - whole) * 4)
            let key = GlyphKey(face: g.face, id: g.id, size: pixelSize, subpixel: sub)
            guard let bitmap = glyphs[key] ?? render(key) else { continue }
            placed.append(
                PlacedGlyph(
                    bitmap: bitmap, x: clampedInt(whole) + bitmap.left,
                    y: clampedInt(baseline + g.y.rounded()) - bitmap.top))
            body(placed[placed.count - 1].bitmap, placed[placed.count - 1].x, placed[placed.count - 1].y)
        }
        lastPlaced = (key, placed, line, originX, baseline)
        return (line, originX, baseline)
    }

    /// The last label placed: a label at rest is drawn in the same place frame after frame
    /// (and once per damaged rectangle), with no glyph lookups.
    private struct PlacedGlyph { let bitmap: GlyphBitmap, x: Int, y: Int }
    private var lastPlaced: (key: InkKey, glyphs: [PlacedGlyph], line: TextLine, originX: Double, baseline: Double)?

    private func boxes(_ line: TextLine, origin originX: Double, baseline: Double) -> [Rect] {
        line.boxes.map { box in
            Rect(
                x: (originX + box.x).rounded(), y: baseline - line.ascent * 0.7,
                width: box.width.rounded(), height: (line.ascent * 0.7).rounded())
        }
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
