import SlideLockCore

extension ControlBase {
    /// The fill over `rect` alone, over what is there already (the label the fill covers):
    /// the pixels `fillRoundedRect` of the fill clipped to `rect` gives, from the shape and
    /// colour `prepare` holds. A drag's fill changes every frame, so the canvas caches
    /// would look it up (and make its colour table) afresh each time.
    func paintFill(over rect: PixelRect, on canvas: Canvas) {
        guard let shape = fill?.shape else { return }
        let area = rect.intersection(canvas.bounds)
        let (source, inverse) = (fillSource, fillInverse)
        guard !area.isEmpty else { return }
        for y in max(area.y, shape.y0)..<max(max(area.y, shape.y0), min(area.maxY, shape.y1)) {
            guard let f = shape.row(y) else { continue }
            let row = canvas.pixels + y * canvas.width
            let lo = max(area.x, f.liveStart)
            let hi = min(area.maxX, f.liveEnd)
            guard lo < hi else { continue }
            let m0 = min(hi, max(lo, f.midStart))
            let m1 = max(m0, min(hi, f.midEnd))
            blendCoverageSpan(row + lo, f.rims + (lo - f.x0), source: source, alpha: 255 &- inverse, count: m0 - lo)
            blendCoverageSpan(
                row + m1, f.rims + (f.midStart - f.x0) + (m1 - f.midEnd), source: source,
                alpha: 255 &- inverse, count: hi - m1)
            if f.coverage == 255 {
                blendSolidSpan(row + m0, source, inverse, count: m1 - m0)
            } else if f.coverage > 0 {
                for x in m0..<m1 { row[x] = blendPacked(row[x], source, inverse, coverage: f.coverage) }
            }
        }
    }

    /// One frame's rows: templates, colour tables and shapes as plain values and pointers.
    struct Rows {
        let background: UInt32
        let start: Int
        let template: UnsafePointer<UInt32>?
        /// The track over the background alone (`withoutFill`), and its left rims so.
        let plain: UnsafePointer<UInt32>?
        let leftRims: UnsafePointer<UInt32>?
        let leftRimRows: UnsafePointer<Int>?
        /// Whether the fill starts with the track: the same left end on the same rows.
        let sharedLeft: Bool
        /// The shapes' first rows and columns (empty for a shape not drawn), as plain values:
        /// the row loop then holds no object it would retain.
        let trackRows: Int, trackSpan: Range<Int>, fillSpan: Range<Int>, hasFill: Bool
        let track: ShapeRows?
        let trackSource: UnsafePointer<UInt32>?
        let trackInverse: UnsafePointer<UInt32>?
        let fill: ShapeRows?
        let fillSource: UInt32
        let fillInverse: UInt32

        @inline(__always)
        func paint(_ y: Int, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>) {
            let t = track?.row(y)
            let f = fill?.row(y)
            guard t != nil || f != nil, let template else {
                fillPixels(row + x0, background, count: x1 - x0)
                return
            }
            // Outside the shapes' live spans only the background shows; inside, the template
            // row, then the pixels where a shape's coverage is not the template's are redone:
            // its rims in this row, or all of it in a row it covers partly or not at all.
            let lo = min(x1, max(x0, min(t?.liveStart ?? x1, f?.liveStart ?? x1)))
            let hi = max(lo, min(x1, max(t?.liveEnd ?? x0, f?.liveEnd ?? x0)))
            fillPixels(row + x0, background, count: lo - x0)
            (row + lo).update(from: template + (lo - start), count: hi - lo)
            fillPixels(row + hi, background, count: x1 - hi)
            // Spans already right in this row: the fill's leading end is the track's, its
            // rim is done once.
            var done = (0, 0)
            if let t {
                if t.coverage == 255 {
                    let a0 = max(lo, t.x0)
                    let a1 = min(hi, t.midStart)
                    // The left rim over the background (`leftRims`), and the fill over it
                    // where the fill starts with the track (the same end in this row).
                    let fillShares = f.map { sharedLeft && $0.coverage == 255 && $0.midStart == t.midStart } ?? true
                    if a0 < a1, fillShares, let leftRims, let leftRimRows {
                        (row + a0).update(from: leftRims + leftRimRows[y &- trackRows] + (a0 - t.x0), count: a1 - a0)
                        if let f {
                            blendCoverageSpan(
                                row + a0, f.rims + (a0 - f.x0), source: fillSource,
                                alpha: 255 &- fillInverse, count: a1 - a0)
                        }
                        done = (a0, a1)
                    } else {
                        slow(a0, a1, t, f, row, &done)
                    }
                    slow(max(lo, t.midEnd), min(hi, t.x1), t, f, row, &done)
                } else {
                    slow(max(lo, trackSpan.lowerBound), min(hi, trackSpan.upperBound), t, f, row, &done)
                }
            } else {
                slow(max(lo, trackSpan.lowerBound), min(hi, trackSpan.upperBound), t, f, row, &done)
            }
            if hasFill {
                if let f, f.coverage == 255 {
                    let a0 = max(lo, f.x0)
                    let a1 = min(hi, f.midStart)
                    if a0 < a1 && done != (a0, a1)
                        && !fillOverTrack(a0, a1, coverage: f.rims + (a0 - f.x0), t, row, &done)
                    {
                        slow(a0, a1, t, f, row, &done)
                    }
                    let b0 = max(lo, f.midEnd)
                    let b1 = min(hi, f.x1)
                    if b0 < b1 && done != (b0, b1)
                        && !fillOverTrack(
                            b0, b1, coverage: f.rims + (f.midStart - f.x0) + (b0 - f.midEnd), t, row,
                            &done)
                    {
                        slow(b0, b1, t, f, row, &done)
                    }
                } else {
                    slow(max(lo, fillSpan.lowerBound), min(hi, fillSpan.upperBound), t, f, row, &done)
                }
            }
        }

        /// Pixels `a0..<a1` of `row` one by one, unless they are the span just done.
        @inline(__always)
        private func slow(
            _ a0: Int, _ a1: Int, _ t: ShapeRows.Row?, _ f: ShapeRows.Row?,
            _ row: UnsafeMutablePointer<UInt32>, _ done: inout (Int, Int)
        ) {
            guard a0 < a1 && done != (a0, a1) else { return }
            for x in a0..<a1 { row[x] = pixel(x, t, f) }
            done = (a0, a1)
        }

        /// The fill's rim over the track's middle (a dragged end): the plain template there,
        /// then the fill blended four pixels at a time from its coverage bytes. False where
        /// the track does not cover those pixels fully.
        @inline(__always)
        private func fillOverTrack(
            _ a0: Int, _ a1: Int, coverage: UnsafePointer<UInt8>, _ t: ShapeRows.Row?,
            _ row: UnsafeMutablePointer<UInt32>, _ done: inout (Int, Int)
        ) -> Bool {
            guard let t, t.coverage == 255, a0 >= t.midStart, a1 <= t.midEnd, let plain else { return false }
            (row + a0).update(from: plain + (a0 - start), count: a1 - a0)
            blendCoverageSpan(row + a0, coverage, source: fillSource, alpha: 255 &- fillInverse, count: a1 - a0)
            done = (a0, a1)
            return true
        }

        /// One pixel the slow way: the background, then each shape at its own coverage (the
        /// track's right end, a fill that does not start with the track, rows a shape covers
        /// partly). At coverage 255 a blend is `source + dst * inverse / 255`, half the
        /// arithmetic (the same value: `scalePacked` by 255 is the identity).
        @inline(__always)
        private func pixel(_ x: Int, _ t: ShapeRows.Row?, _ f: ShapeRows.Row?) -> UInt32 {
            var p = background
            if let t, let trackSource, let trackInverse {
                let c = t.at(x)
                if c == 255 {
                    p = trackSource[x - start] &+ scalePacked(p, trackInverse[x - start])
                } else if c > 0 {
                    p = blendPacked(p, trackSource[x - start], trackInverse[x - start], coverage: c)
                }
            }
            if let f {
                let c = f.at(x)
                if c == 255 {
                    p = fillSource &+ scalePacked(p, fillInverse)
                } else if c > 0 {
                    p = blendPacked(p, fillSource, fillInverse, coverage: c)
                }
            }
            return p
        }
    }
}
