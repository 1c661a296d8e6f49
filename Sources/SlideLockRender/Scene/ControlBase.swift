import SlideLockCore

/// The bottom layers of a frame, background, track and fill, written in one pass with each
/// pixel stored once. A horizontal gradient over a solid background is one colour per
/// column, so the composite of every row where both shapes cover fully is the same row:
/// it is computed once per change (`withoutFill`, `withFill`) and copied. Only the pixels
/// where a shape's coverage differs from that row's (corners, anti-aliased ends, partial
/// top and bottom rows) are blended one by one, from cached coverages. The result is
/// exactly what drawing the layers one over the other gives (`SceneRenderer.renderLayered`).
final class ControlBase {
    struct Layer {
        let shape: ShapeRows
        let paint: Paint
        let opacity: Double
    }

    struct Key: Equatable {
        let background: Color
        let trackRect: Rect, trackRadius: Double, trackPaint: Paint, trackOpacity: Double
        let fillRect: Rect, fillRadius: Double, fillColor: Color, fillOpacity: Double
    }

    private var key: Key?
    private var background: UInt32 = 0
    private var track: Layer?
    private var fill: Layer?
    /// Columns `start..<start + count` of the templates and the track's colour tables.
    private var start = 0
    private var trackSource: [UInt32] = []
    private var trackInverse: [UInt32] = []
    private var fillSource: UInt32 = 0
    private var fillInverse: UInt32 = 0
    private var withoutFill: [UInt32] = []
    private var withFill: [UInt32] = []

    /// Takes the frame's layers (already offset); rebuilds the templates when they changed.
    func prepare(_ key: Key, on canvas: Canvas) {
        guard key != self.key else { return }
        self.key = key
        background = PackedColor(key.background).opaque
        track = key.trackRect.isEmpty || key.trackOpacity <= 0 ? nil
            : Layer(shape: canvas.shapeCache.rows(key.trackRect, radius: key.trackRadius),
                    paint: key.trackPaint, opacity: key.trackOpacity)
        fill = key.fillRect.isEmpty || key.fillOpacity <= 0 ? nil
            : Layer(shape: canvas.shapeCache.rows(key.fillRect, radius: key.fillRadius),
                    paint: .solid(key.fillColor), opacity: key.fillOpacity)
        let fillColor = PackedColor(key.fillColor, opacity: key.fillOpacity)
        fillSource = fillColor.r << 16 | fillColor.g << 8 | fillColor.b
        fillInverse = 255 - fillColor.a
        var lo = canvas.width, hi = 0
        for layer in [track, fill].compactMap({ $0 }) {
            lo = min(lo, max(0, layer.shape.x0)); hi = max(hi, min(canvas.width, layer.shape.x1))
        }
        start = lo
        let count = max(0, hi - lo)
        if let track {
            (trackSource, trackInverse) = canvas.columnCache.columns(track.paint, from: start, count: count,
                                                                    opacity: track.opacity)
        }
        withoutFill = [UInt32](repeating: background, count: count)
        withFill = withoutFill
        for i in 0..<count {
            let x = start + i
            var p = background
            if let track, x >= track.shape.interiorStart && x < track.shape.interiorEnd {
                p = blendPacked(p, trackSource[i], trackInverse[i], coverage: 255)
            }
            withoutFill[i] = p
            if let fill, x >= fill.shape.interiorStart && x < fill.shape.interiorEnd {
                p = blendPacked(p, fillSource, fillInverse, coverage: 255)
            }
            withFill[i] = p
        }
    }

    /// Writes background, track and (with `withFill`) fill over `rect`.
    func paint(_ rect: PixelRect, withFill includeFill: Bool, on canvas: Canvas) {
        let area = rect.intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        let fillLayer = includeFill ? fill : nil
        withoutFill.withUnsafeBufferPointer { plain in
            withFill.withUnsafeBufferPointer { filled in
                let template = (includeFill ? filled : plain).baseAddress
                for y in area.y..<area.maxY {
                    paintRow(y, from: area.x, to: area.maxX, row: canvas.pixels + y * canvas.width,
                             template: template, fill: fillLayer)
                }
            }
        }
    }

    @inline(__always)
    private func paintRow(_ y: Int, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>,
                          template: UnsafePointer<UInt32>?, fill: Layer?) {
        let t = track.flatMap { $0.shape.row(y) }
        let f = fill.flatMap { $0.shape.row(y) }
        guard t != nil || f != nil, let template else {
            (row + x0).update(repeating: background, count: x1 - x0)
            return
        }
        // Segment the row at every place a layer's coverage rule changes.
        let tx0 = track?.shape.x0 ?? x1, tx1 = track?.shape.x1 ?? x1
        let fx0 = fill?.shape.x0 ?? x1, fx1 = fill?.shape.x1 ?? x1
        var x = x0
        while x < x1 {
            var next = x1
            @inline(__always) func cut(_ b: Int) { if b > x && b < next { next = b } }
            cut(tx0); cut(tx1); cut(fx0); cut(fx1)
            if let t { cut(t.midStart); cut(t.midEnd) }
            if let f { cut(f.midStart); cut(f.midEnd) }
            let inTrack = x >= tx0 && x < tx1, inFill = x >= fx0 && x < fx1
            // A layer matches the template where the template assumed what the row has:
            // nothing outside the shape, full coverage in this row's middle span.
            let trackMatches = !inTrack || (t.map { x >= $0.midStart && x < $0.midEnd && $0.coverage == 255 } ?? false)
            let fillMatches = !inFill || (f.map { x >= $0.midStart && x < $0.midEnd && $0.coverage == 255 } ?? false)
            if !inTrack && !inFill {
                (row + x).update(repeating: background, count: next - x)
            } else if trackMatches && fillMatches {
                (row + x).update(from: template + (x - start), count: next - x)
            } else {
                for px in x..<next { row[px] = blendedPixel(px, t, f) }
            }
            x = next
        }
    }

    /// One pixel the slow way: the background, then each shape at its own coverage.
    @inline(__always)
    private func blendedPixel(_ x: Int, _ t: ShapeRows.Row?, _ f: ShapeRows.Row?) -> UInt32 {
        var p = background
        if let track, let t {
            let c = track.shape.coverage(x, in: t)
            if c > 0 { p = blendPacked(p, trackSource[x - start], trackInverse[x - start], coverage: c) }
        }
        if let fill, let f {
            let c = fill.shape.coverage(x, in: f)
            if c > 0 { p = blendPacked(p, fillSource, fillInverse, coverage: c) }
        }
        return p
    }
}
