import SlideLockCore

/// The pixels of `ControlBase`'s rows that the template row gets wrong (the shapes' rims,
/// and whole rows a shape covers partly), listed once with both shapes' coverages for
/// whole canvas rows. The hue animation changes the track's colours and nothing else, so
/// while the shapes stay put a frame replays this list instead of walking each row's
/// spans: the same pixels as `ControlBase.Rows.paint`, computed the same way.
final class RimList {
    /// Canvas rows `y0..<y1`; rows outside hold background only.
    let y0: Int, y1: Int
    /// Per row: where the template applies before clamping to an area (`Int.max` and
    /// `Int.min` in a row no shape is in), and where its pixels start in the lists below.
    private var lows: [Int] = [], highs: [Int] = [], starts: [Int] = [0]
    private var xs: [Int32] = []
    private var trackCoverages: [UInt8] = [], fillCoverages: [UInt8] = []
    /// Per pixel, the parts of its blends that do not change with the track's colours, for
    /// a track of one alpha over one background: `blend` is `source * c + dst * (255 - a c)`,
    /// and only the track's source changes from one hue frame to the next.
    private var backgroundTerms: [UInt32] = [], fillTerms: [UInt32] = [], fillFactors: [UInt32] = []
    private var termsFor: (background: UInt32, trackInverse: UInt32, fillSource: UInt32, fillInverse: UInt32)?
    /// Per pixel, for replaying four at a time: its index in the canvas, and its track
    /// coverage and fill factor each twice in one word (the 16-bit lanes of `replayFour`'s
    /// multiplies). The columns all listed pixels span.
    private var pixelIndices: [Int] = []
    private var trackPairs: [UInt32] = [], fillFactorPairs: [UInt32] = []
    private var xMin = Int.max, xMax = Int.min

    /// The list for `track` and `fill` (either may be absent) on rows `width` pixels wide
    /// and `height` rows high.
    init(track: ShapeRows?, fill: ShapeRows?, width: Int, height: Int) {
        let shapes = [track, fill].compactMap { $0 }
        y0 = max(0, shapes.map(\.y0).min() ?? 0)
        y1 = max(y0, min(height, shapes.map(\.y1).max() ?? 0))
        var ranges: [Range<Int>] = []
        for y in y0..<y1 {
            let t = track?.row(y)
            let f = fill?.row(y)
            guard t != nil || f != nil else {
                lows.append(Int.max)
                highs.append(Int.min)
                starts.append(xs.count)
                continue
            }
            let low = min(t?.liveStart ?? Int.max, f?.liveStart ?? Int.max)
            let high = max(t?.liveEnd ?? Int.min, f?.liveEnd ?? Int.min)
            lows.append(low)
            highs.append(high)
            // The row as `Rows.paint` sees it over the whole canvas width.
            let lo = min(width, max(0, low))
            let hi = max(lo, min(width, high))
            ranges.removeAll(keepingCapacity: true)
            for (shape, spans) in [(track, t), (fill, f)] {
                guard let shape else { continue }
                if let spans, spans.coverage == 255 {
                    ranges.append(max(lo, spans.x0)..<max(max(lo, spans.x0), min(hi, spans.midStart)))
                    ranges.append(max(lo, spans.midEnd)..<max(max(lo, spans.midEnd), min(hi, spans.x1)))
                } else {
                    ranges.append(max(lo, shape.x0)..<max(max(lo, shape.x0), min(hi, shape.x1)))
                }
            }
            // Each pixel once, left to right, however the shapes' rims overlap.
            let from = ranges.map(\.lowerBound).min() ?? lo
            let to = ranges.map(\.upperBound).max() ?? lo
            for x in from..<max(from, to) where ranges.contains(where: { $0.contains(x) }) {
                xs.append(Int32(x))
                trackCoverages.append(UInt8(t?.at(x) ?? 0))
                fillCoverages.append(UInt8(f?.at(x) ?? 0))
                pixelIndices.append(y * width + x)
                xMin = min(xMin, x)
                xMax = max(xMax, x)
            }
            starts.append(xs.count)
        }
        trackPairs = trackCoverages.map { UInt32($0) &* 0x1_0001 }
    }

    /// Makes the constant parts of the blends those of `background`, a track whose every
    /// column has `trackInverse` (255 - alpha), and the fill's colour.
    func prepareTerms(background: UInt32, trackInverse: UInt32, fillSource: UInt32, fillInverse: UInt32) {
        if let t = termsFor, t == (background, trackInverse, fillSource, fillInverse) { return }
        termsFor = (background, trackInverse, fillSource, fillInverse)
        backgroundTerms = trackCoverages.map {
            scalePacked(background, 255 &- div255((255 &- trackInverse) &* UInt32($0)))
        }
        fillTerms = fillCoverages.map { scalePacked(fillSource, UInt32($0)) }
        fillFactors = fillCoverages.map { 255 &- div255((255 &- fillInverse) &* UInt32($0)) }
        fillFactorPairs = fillFactors.map { $0 &* 0x1_0001 }
    }

    /// With `useTerms`, the blends' constant parts come from `prepareTerms` (called for
    /// these colours): the same values, half the arithmetic.
    func paint(
        _ area: PixelRect, on canvas: Canvas, background: UInt32, template: UnsafePointer<UInt32>,
        start: Int, trackSource: UnsafePointer<UInt32>, trackInverse: UnsafePointer<UInt32>,
        fillSource: UInt32, fillInverse: UInt32, useTerms: Bool
    ) {
        paintTemplate(area, on: canvas, background: background, template: template, start: start)
        // A hue frame's area spans every listed column (the track's bounds): its rows'
        // pixels go four at a time, with no column to check.
        if useTerms && area.x <= xMin && area.maxX > xMax {
            let ya = min(max(area.y, y0), y1) - y0
            let yb = max(min(area.maxY, y1), y0) - y0
            replayFour(starts[ya]..<starts[yb], on: canvas, columnSource: trackSource - start)
            return
        }
        trackCoverages.withUnsafeBufferPointer { tc in
            fillCoverages.withUnsafeBufferPointer { fc in
                guard useTerms else {
                    replay(area, on: canvas) { e, x in
                        var p = background
                        let ct = UInt32(tc[e])
                        let cf = UInt32(fc[e])
                        if ct > 0 {
                            p = blendPacked(p, trackSource[x &- start], trackInverse[x &- start], coverage: ct)
                        }
                        if cf > 0 { p = blendPacked(p, fillSource, fillInverse, coverage: cf) }
                        return p
                    }
                    return
                }
                backgroundTerms.withUnsafeBufferPointer { bt in
                    fillTerms.withUnsafeBufferPointer { ft in
                        fillFactors.withUnsafeBufferPointer { ff in
                            replay(area, on: canvas) { e, x in
                                var p = scalePacked(trackSource[x &- start], UInt32(tc[e])) &+ bt[e]
                                if fc[e] > 0 { p = ft[e] &+ scalePacked(p, ff[e]) }
                                return p
                            }
                        }
                    }
                }
            }
        }
    }

    /// Background and template rows of the area: right everywhere but the listed pixels.
    private func paintTemplate(
        _ area: PixelRect, on canvas: Canvas, background: UInt32,
        template: UnsafePointer<UInt32>, start: Int
    ) {
        let (x0, x1) = (area.x, area.maxX)
        lows.withUnsafeBufferPointer { lows in
            highs.withUnsafeBufferPointer { highs in
                for y in area.y..<area.maxY {
                    let row = canvas.pixels + y * canvas.width
                    let i = y &- y0
                    guard y >= y0 && y < y1 && lows[i] != Int.max else {
                        fillPixels(row + x0, background, count: x1 - x0)
                        continue
                    }
                    let lo = min(x1, max(x0, lows[i]))
                    let hi = max(lo, min(x1, highs[i]))
                    fillPixels(row + x0, background, count: lo - x0)
                    (row + lo).update(from: template + (lo - start), count: hi - lo)
                    fillPixels(row + hi, background, count: x1 - hi)
                }
            }
        }
    }

    /// The listed pixels of the area's rows (`pixel(entry, x)`).
    @inline(__always)
    private func replay(_ area: PixelRect, on canvas: Canvas, _ pixel: (Int, Int) -> UInt32) {
        let (x0, x1) = (area.x, area.maxX)
        xs.withUnsafeBufferPointer { xs in
            starts.withUnsafeBufferPointer { starts in
                for y in max(area.y, y0)..<max(max(area.y, y0), min(area.maxY, y1)) {
                    let row = canvas.pixels + y * canvas.width
                    let i = y &- y0
                    for e in starts[i]..<starts[i + 1] {
                        let x = Int(xs[e])
                        guard x >= x0 && x < x1 else { continue }
                        row[x] = pixel(e, x)
                    }
                }
            }
        }
    }

    /// Entries `range` with the terms (`prepareTerms`), four at a time: each channel in a
    /// 16-bit lane (even and odd bytes apart, as `blendSolidSpan`), rounded as `scalePacked`,
    /// so every pixel is the one-by-one value. A pixel the fill does not cover has fill term 0
    /// and factor 255, which leave it as it is.
    /// `columnSource[x]` is column `x`'s track colour.
    private func replayFour(_ range: Range<Int>, on canvas: Canvas, columnSource: UnsafePointer<UInt32>) {
        let pixels = canvas.pixels
        pixelIndices.withUnsafeBufferPointer { at in
            xs.withUnsafeBufferPointer { column in
                trackPairs.withUnsafeBufferPointer { tc in
                    backgroundTerms.withUnsafeBufferPointer { bt in
                        fillTerms.withUnsafeBufferPointer { ft in
                            fillFactorPairs.withUnsafeBufferPointer { ff in
                                var e = range.lowerBound
                                while e &+ 4 <= range.upperBound {
                                    let source = SIMD4<UInt32>(
                                        columnSource[Int(column[e])],
                                        columnSource[Int(column[e &+ 1])],
                                        columnSource[Int(column[e &+ 2])],
                                        columnSource[Int(column[e &+ 3])])
                                    let over = scaleLanes(source, load(tc, e)) &+ load(bt, e)
                                    let p = scaleLanes(over, load(ff, e)) &+ load(ft, e)
                                    pixels[at[e]] = p[0]
                                    pixels[at[e &+ 1]] = p[1]
                                    pixels[at[e &+ 2]] = p[2]
                                    pixels[at[e &+ 3]] = p[3]
                                    e &+= 4
                                }
                                while e < range.upperBound {
                                    let over = scalePacked(columnSource[Int(column[e])], tc[e] & 0xFF) &+ bt[e]
                                    pixels[at[e]] = scalePacked(over, ff[e] & 0xFF) &+ ft[e]
                                    e &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

@inline(__always)
private func load(_ p: UnsafeBufferPointer<UInt32>, _ i: Int) -> SIMD4<UInt32> {
    UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: SIMD4<UInt32>.self)
}

/// `scalePacked` of four pixels by four factors, each factor in both 16-bit halves of its word.
@inline(__always)
private func scaleLanes(_ pixels: SIMD4<UInt32>, _ factorPairs: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let v = unsafeBitCast(pixels, to: SIMD8<UInt16>.self)
    let k = unsafeBitCast(factorPairs, to: SIMD8<UInt16>.self)
    return unsafeBitCast(scaleLanes(v, k), to: SIMD4<UInt32>.self)
}
