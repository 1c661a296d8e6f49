import SlideLockCore

/// The bottom layers of a frame, background, track and fill, written in one pass with each
/// pixel stored once. A horizontal gradient over a solid background is one colour per
/// column, so the composite of every row where both shapes cover fully is the same row:
/// it is computed once per change (`withoutFill`, `withFill`) and copied. Only the pixels
/// where a shape's coverage differs from that row's (corners, anti-aliased ends, partial
/// top and bottom rows) are blended apart, from cached coverages: four at a time where one
/// shape's blend goes over a known row (the track's left rims kept per track, the plain
/// row), one by one elsewhere. The result is exactly what drawing the layers one over the
/// other gives (`SceneRenderer.renderLayered`).
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
    /// What the track's tables and `withoutFill` were last built for: a moving thumb
    /// changes only the fill, and they stay.
    private var trackBuilt: (key: Key, start: Int, count: Int)?
    private var background: UInt32 = 0
    private var track: Layer?
    private(set) var fill: Layer?
    /// Columns `start..<start + count` of the templates and the track's colour tables.
    private var start = 0
    private var trackSource: [UInt32] = []
    private var trackInverse: [UInt32] = []
    private(set) var fillSource: UInt32 = 0
    private(set) var fillInverse: UInt32 = 0
    private var withoutFill: [UInt32] = []
    private var withFill: [UInt32] = []
    /// The track gradient's column weights and the geometry they were computed for: the
    /// hue animation changes only the gradient's colours.
    private var weights: [Int32] = []
    private var weightsBuilt: (x0: Double, x1: Double, start: Int)?
    /// The rim pixels listed for replay (`RimList`), and the shapes last prepared: the list
    /// is built once the shapes were the same three frames running (a hue animation), never
    /// for shapes that change every frame or pause for a frame (a drag).
    private var rims: RimList?
    private var shapesSeen: (track: ShapeRows?, fill: ShapeRows?, start: Int, count: Int)?
    /// Frames prepared since the shapes last changed.
    private var sameShapes = 0
    /// The track's 255 - alpha when every column has the same one (nil otherwise).
    private var uniformInverse: UInt32?
    /// Rim lists built so far (tests check that the replay path runs).
    private(set) var rimListsBuilt = 0

    /// Takes the frame's layers (already offset); rebuilds the templates when they changed.
    func prepare(_ key: Key, on canvas: Canvas) {
        guard key != self.key else { return }
        let old = self.key
        self.key = key
        background = PackedColor(key.background).opaque
        // A hue frame changes colours only: the shapes are those of the last frame.
        let trackShape =
            old.map { $0.trackRect == key.trackRect && $0.trackRadius == key.trackRadius } ?? false
            ? track?.shape : nil
        let fillShape =
            old.map { $0.fillRect == key.fillRect && $0.fillRadius == key.fillRadius } ?? false
            ? fill?.shape : nil
        track =
            key.trackRect.isEmpty || key.trackOpacity <= 0
            ? nil
            : Layer(
                shape: trackShape ?? canvas.shapeCache.rows(key.trackRect, radius: key.trackRadius),
                paint: key.trackPaint, opacity: key.trackOpacity)
        fill =
            key.fillRect.isEmpty || key.fillOpacity <= 0
            ? nil
            : Layer(
                shape: fillShape ?? canvas.shapeCache.rows(key.fillRect, radius: key.fillRadius),
                paint: .solid(key.fillColor), opacity: key.fillOpacity)
        let fillColor = PackedColor(key.fillColor, opacity: key.fillOpacity)
        fillSource = fillColor.r << 16 | fillColor.g << 8 | fillColor.b
        fillInverse = 255 - fillColor.a
        var lo = canvas.width
        var hi = 0
        for shape in [track?.shape, fill?.shape] {
            guard let shape else { continue }
            lo = min(lo, max(0, shape.x0))
            hi = max(hi, min(canvas.width, shape.x1))
        }
        start = lo
        let count = max(0, hi - lo)
        if let seen = shapesSeen, seen.track === track?.shape, seen.fill === fill?.shape,
            seen.start == start, seen.count == count
        {
            sameShapes += 1
        } else {
            sameShapes = 0
            rims = nil
            shapesSeen = (track?.shape, fill?.shape, start, count)
        }
        // The tables keep their storage from frame to frame.
        if trackSource.count != count {
            trackSource = [UInt32](repeating: 0, count: count)
            trackInverse = trackSource
            withoutFill = trackSource
            withFill = trackSource
        }
        let (t0, t1) = track.map { ($0.shape.interiorStart - start, $0.shape.interiorEnd - start) } ?? (0, 0)
        let (f0, f1) = fill.map { ($0.shape.interiorStart - start, $0.shape.interiorEnd - start) } ?? (0, 0)
        let (fs, fi, bg) = (fillSource, fillInverse, background)
        let trackUnchanged =
            trackBuilt.map {
                $0.start == start && $0.count == count && $0.key.background == key.background
                    && $0.key.trackRect == key.trackRect && $0.key.trackRadius == key.trackRadius
                    && $0.key.trackPaint == key.trackPaint && $0.key.trackOpacity == key.trackOpacity
            } ?? false
        trackBuilt = (key, start, count)
        if !trackUnchanged { leftRimsValid = false }
        var uniform = uniformInverse
        defer { uniformInverse = count > 0 ? uniform : nil }
        trackSource.withUnsafeMutableBufferPointer { source in
            trackInverse.withUnsafeMutableBufferPointer { inverse in
                withoutFill.withUnsafeMutableBufferPointer { plain in
                    withFill.withUnsafeMutableBufferPointer { filled in
                        guard count > 0 else { return }
                        if !trackUnchanged {
                            let same = writeTrackColumns(
                                source: source.baseAddress!, inverse: inverse.baseAddress!,
                                count: count)
                            uniform = same ? inverse[0] : nil
                            // Full coverage is `source + destination * (255 - alpha) / 255`, as
                            // in `blendOpaqueSpan`. Outside the track's interior, the background.
                            // (Clamped both ends: a track slid off the canvas has its interior past it.)
                            let from = min(count, max(0, t0))
                            let span = from..<max(from, min(count, t1))
                            plain.baseAddress!.update(repeating: bg, count: span.lowerBound)
                            (plain.baseAddress! + span.upperBound).update(repeating: bg, count: count - span.upperBound)
                            // The background under a track of one alpha (every theme's) is
                            // scaled once, not per column.
                            // (`same` already says so for every theme: no need to look.)
                            if let first = span.first.map({ inverse[$0] }),
                                same || span.allSatisfy({ inverse[$0] == first })
                            {
                                let scaled = scalePacked(bg, first)
                                for i in span { plain[i] = source[i] &+ scaled }
                            } else {
                                for i in span { plain[i] = source[i] &+ scalePacked(bg, inverse[i]) }
                            }
                        }
                        // The fill over its interior, the columns either side as they are.
                        let from = min(count, max(0, f0))
                        let span = from..<max(from, min(count, f1))
                        filled.baseAddress!.update(from: plain.baseAddress!, count: span.lowerBound)
                        (filled.baseAddress! + span.upperBound).update(
                            from: plain.baseAddress! + span.upperBound,
                            count: count - span.upperBound)
                        for i in span { filled[i] = fs &+ scalePacked(plain[i], fi) }
                    }
                }
            }
        }
    }

    /// The track's left rims composed over the background, per track row from its offset in
    /// `leftRimRows`: made when a frame first draws rows the slow way (a drag, whose track
    /// stays put) after the track changed, not in the hue animation's frames (replayed).
    private var leftRims: [UInt32] = []
    private var leftRimRows: [Int] = []
    private var leftRimsValid = false

    private func buildLeftRims() {
        guard !leftRimsValid else { return }
        leftRimsValid = true
        leftRims.removeAll(keepingCapacity: true)
        leftRimRows.removeAll(keepingCapacity: true)
        guard let shape = track?.shape else { return }
        let count = trackSource.count
        for y in shape.y0..<shape.y1 {
            guard let r = shape.row(y) else { continue }
            leftRimRows.append(leftRims.count)
            for x in r.x0..<max(r.x0, r.midStart) {
                // Columns off the tables (left of the canvas) are never drawn.
                let i = x - start
                leftRims.append(
                    i >= 0 && i < count
                        ? blendPacked(background, trackSource[i], trackInverse[i], coverage: r.at(x)) : background)
            }
        }
    }

    /// Returns whether every column got the same 255 - alpha (a solid track, a gradient of
    /// one alpha); false when that is not known.
    private func writeTrackColumns(
        source: UnsafeMutablePointer<UInt32>, inverse: UnsafeMutablePointer<UInt32>,
        count: Int
    ) -> Bool {
        guard let track else { return false }
        guard case .horizontalGradient(let a, let b, let g0, let g1) = track.paint else {
            track.paint.writeColumns(
                from: start, count: count, opacity: track.opacity, source: source, inverse: inverse)
            return true
        }
        if weights.count != count || weightsBuilt.map({ $0 != (g0, g1, start) }) ?? true {
            if weights.count != count { weights = [Int32](repeating: 0, count: count) }
            weights.withUnsafeMutableBufferPointer {
                Paint.gradientWeights(from: start, count: count, x0: g0, x1: g1, into: $0.baseAddress!)
            }
            weightsBuilt = (g0, g1, start)
        }
        return weights.withUnsafeBufferPointer {
            Paint.gradientColumns(
                from: a, to: b, weights: $0.baseAddress!, count: count, opacity: track.opacity,
                source: source, inverse: inverse)
        }
    }

    /// Writes background, track and (with `withFill`) fill over `rect`.
    func paint(_ rect: PixelRect, withFill includeFill: Bool, on canvas: Canvas) {
        let whole = rect.intersection(canvas.bounds)
        guard !whole.isEmpty else { return }
        // Everything the rows need, read once: the loops below touch no class storage.
        let track = self.track
        let fill = includeFill ? self.fill : nil
        let background = self.background
        let start = self.start
        // Rows above and below both shapes are background alone: filled as bands, so a band
        // as wide as the canvas is one store of contiguous memory, not a call per row.
        let top = min(track?.shape.y0 ?? whole.maxY, fill?.shape.y0 ?? whole.maxY)
        let bottom = max(track?.shape.y1 ?? whole.y, fill?.shape.y1 ?? whole.y)
        let mid0 = min(max(whole.y, top), whole.maxY)
        let mid1 = max(mid0, min(whole.maxY, bottom))
        canvas.fillBand(whole.x, whole.maxX, rows: whole.y, mid0, background)
        canvas.fillBand(whole.x, whole.maxX, rows: mid1, whole.maxY, background)
        let area = PixelRect(x: whole.x, y: mid0, width: whole.width, height: mid1 - mid0)
        guard !area.isEmpty else { return }
        let fillSource = self.fillSource
        let fillInverse = self.fillInverse
        if includeFill && sameShapes >= 2 && !withFill.isEmpty {
            if rims == nil {
                rims = RimList(track: track?.shape, fill: fill?.shape, width: canvas.width, height: canvas.height)
                rimListsBuilt += 1
            }
            // Every theme's track has one alpha: the rims' blends then have constant parts.
            let useTerms = uniformInverse != nil
            if let inverse = uniformInverse {
                rims!.prepareTerms(
                    background: background, trackInverse: inverse, fillSource: fillSource,
                    fillInverse: fillInverse)
            }
            let rims = self.rims!
            withFill.withUnsafeBufferPointer { filled in
                trackSource.withUnsafeBufferPointer { source in
                    trackInverse.withUnsafeBufferPointer { inverse in
                        rims.paint(
                            area, on: canvas, background: background, template: filled.baseAddress!,
                            start: start, trackSource: source.baseAddress!, trackInverse: inverse.baseAddress!,
                            fillSource: fillSource, fillInverse: fillInverse, useTerms: useTerms)
                    }
                }
            }
            return
        }
        buildLeftRims()
        let t = track?.shape
        let f = fill?.shape
        var sharedLeft = false
        if let t, let f, let end = t.leftEnd {
            sharedLeft = end === f.leftEnd && t.x0 == f.x0 && t.y0 == f.y0 && t.y1 == f.y1
        }
        withoutFill.withUnsafeBufferPointer { plain in
            withFill.withUnsafeBufferPointer { filled in
                trackSource.withUnsafeBufferPointer { source in
                    trackInverse.withUnsafeBufferPointer { inverse in
                        leftRims.withUnsafeBufferPointer { leftRims in
                            leftRimRows.withUnsafeBufferPointer { leftRimRows in
                                let rows = Rows(
                                    background: background, start: start,
                                    template: (includeFill ? filled : plain).baseAddress,
                                    plain: plain.baseAddress, leftRims: leftRims.baseAddress,
                                    leftRimRows: leftRimRows.baseAddress, sharedLeft: sharedLeft,
                                    trackRows: t?.y0 ?? 0, trackSpan: t.map { $0.x0..<max($0.x0, $0.x1) } ?? 0..<0,
                                    fillSpan: f.map { $0.x0..<max($0.x0, $0.x1) } ?? 0..<0, hasFill: f != nil,
                                    track: track?.shape, trackSource: source.baseAddress,
                                    trackInverse: inverse.baseAddress,
                                    fill: fill?.shape, fillSource: fillSource, fillInverse: fillInverse)
                                for y in area.y..<area.maxY {
                                    rows.paint(y, from: area.x, to: area.maxX, row: canvas.pixels + y * canvas.width)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
