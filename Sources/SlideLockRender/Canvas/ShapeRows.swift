import SlideLockCore

/// A rounded rectangle's coverage, row by row: in each row the pixels of `midStart..<midEnd`
/// share one coverage (the row's vertical coverage), and only the rim pixels either side of
/// them (the anti-aliased ends, the corners) have their own, computed once here from the
/// signed distance and kept. Drawing a shape that did not change then costs no square roots,
/// and the same numbers serve the full redraw and every damaged rectangle.
final class ShapeRows {
    let rect: Rect
    let radius: Double
    /// Enclosing pixels of the shape (not clipped to any canvas).
    let x0: Int, x1: Int, y0: Int, y1: Int
    /// The middle span of a row whose coverage is the row's alone, with band 0.5: every
    /// row's own middle span lies inside it.
    let interiorStart: Int, interiorEnd: Int
    // Immutable once built: the hot loops read them without exclusivity checks.
    private let midStarts: [Int]
    private let midEnds: [Int]
    private let rowCoverages: [UInt32]
    /// Per row: where its rim coverages start in `rims` (left rim, then right rim).
    private let rimOffsets: [Int]
    /// Owned, immutable after init: rows hand out pointers into it (see `Row`).
    private let rims: UnsafeMutableBufferPointer<UInt8>
    /// Per row: the first pixel of the left rim and the end of the right rim with any
    /// coverage; the rest of the rims is outside the shape.
    private let liveStarts: [Int]
    private let liveEnds: [Int]

    init(rect: Rect, radius: Double) {
        self.rect = rect
        self.radius = radius
        let pixels = rect.enclosingPixels
        x0 = pixels.x; x1 = pixels.maxX; y0 = pixels.y; y1 = pixels.maxY
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        interiorStart = min(x1, max(x0, clampedInt((rect.minX).rounded(.up))))
        interiorEnd = max(interiorStart, min(x1, clampedInt((rect.maxX - 1).rounded(.down)) + 1))
        let shape = RoundedBox(rect: rect, radius: r)
        let rows = max(0, y1 - y0)
        var midStarts = [Int](repeating: 0, count: rows), midEnds = midStarts, rimOffsets = midStarts
        var liveStarts = midStarts, liveEnds = midStarts
        var rowCoverages = [UInt32](repeating: 0, count: rows)
        // First the spans of every row, which size the rims; then the rims, written in place.
        // A row's pixel-centre height, and how far it lies past the corner circles' centres
        // (nil between the corners).
        let top = y0
        func height(_ i: Int) -> (cy: Double, cornerDy: Double?) {
            let cy = Double(top + i) + 0.5
            if cy < rect.minY + r { return (cy, rect.minY + r - cy) }
            if cy > rect.maxY - r { return (cy, cy - (rect.maxY - r)) }
            return (cy, nil)
        }
        var rimCount = 0
        for i in 0..<rows {
            let (cy, cornerDy) = height(i)
            let inCorner = cornerDy != nil
            let rowCoverage = SlideLockRender.coverage(0.5 - max(rect.minY - cy, cy - rect.maxY))
            // Columns whose coverage is the row's vertical coverage alone: between the
            // corners, plus, in a fully covered row, the part of each corner circle at
            // least half a pixel inside it (distance <= r - 0.5 gives coverage 1 there too).
            var band = inCorner ? max(r, 0.5) : 0.5
            if let dy = cornerDy, rowCoverage == 255 {
                let inner = r - 0.5
                band = max(0.5, r - (max(0, inner * inner - dy * dy)).squareRoot())
            }
            let midStart = min(x1, max(x0, clampedInt((rect.minX + band - 0.5).rounded(.up))))
            midStarts[i] = midStart
            midEnds[i] = max(midStart, min(x1, clampedInt((rect.maxX - band - 0.5).rounded(.down)) + 1))
            rowCoverages[i] = rowCoverage
            rimOffsets[i] = rimCount
            rimCount += (midStart - x0) + (x1 - midEnds[i])
        }
        let rims = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, rimCount))
        rims.initialize(repeating: 0)
        for i in 0..<rows {
            let (cy, cornerDy) = height(i)
            let inCorner = cornerDy != nil, dy = cornerDy ?? 0
            let midStart = midStarts[i], midEnd = midEnds[i]
            // Pixels more than a pixel beyond the corner circle's outline have coverage 0
            // for certain (the rims start zeroed): only the band next to the outline needs
            // the distance.
            let reach = inCorner ? max(0, (r + 1.5) * (r + 1.5) - dy * dy).squareRoot() : Double(x1 - x0)
            let firstLive = max(x0, clampedInt((rect.minX + r - reach).rounded(.down)) - 1)
            let lastLive = min(x1 - 1, clampedInt((rect.maxX - r + reach).rounded(.up)) + 1)
            let left = rims.baseAddress! + rimOffsets[i] - x0
            let right = rims.baseAddress! + rimOffsets[i] + (midStart - x0) - midEnd
            var liveStart = midStart, liveEnd = midEnd
            for x in max(x0, firstLive)..<max(max(x0, firstLive), midStart) {
                let c = UInt8(SlideLockRender.coverage(0.5 - shape.distance(x: Double(x) + 0.5, y: cy)))
                if c > 0 && liveStart == midStart { liveStart = x }
                left[x] = c
            }
            for x in midEnd..<max(midEnd, min(x1, lastLive + 1)) {
                let c = UInt8(SlideLockRender.coverage(0.5 - shape.distance(x: Double(x) + 0.5, y: cy)))
                if c > 0 { liveEnd = x + 1 }
                right[x] = c
            }
            liveStarts[i] = liveStart; liveEnds[i] = liveEnd
        }
        self.midStarts = midStarts; self.midEnds = midEnds; self.rowCoverages = rowCoverages
        self.rimOffsets = rimOffsets
        self.rims = rims
        self.liveStarts = liveStarts; self.liveEnds = liveEnds
    }

    deinit { rims.deallocate() }

    /// Row `y`'s spans, or nil when the row is outside the shape. The row points into this
    /// object's storage: use it while the object lives.
    @inline(__always)
    func row(_ y: Int) -> Row? {
        guard y >= y0 && y < y1 else { return nil }
        let i = y &- y0
        return Row(x0: x0, x1: x1, midStart: midStarts[i], midEnd: midEnds[i], coverage: rowCoverages[i],
                   rims: UnsafePointer(rims.baseAddress! + rimOffsets[i]), liveStart: liveStarts[i], liveEnd: liveEnds[i])
    }

    /// Coverage (0...255) of pixel `x` in `row`.
    @inline(__always)
    func coverage(_ x: Int, in row: Row) -> UInt32 { row.at(x) }

    /// One row's spans: a plain value, so the pixel loops touch no object.
    struct Row {
        let x0: Int, x1: Int, midStart: Int, midEnd: Int, coverage: UInt32
        /// The row's rim coverages: left rim, then right rim.
        let rims: UnsafePointer<UInt8>

        /// Coverage (0...255) of pixel `x`.
        @inline(__always)
        func at(_ x: Int) -> UInt32 {
            if x < x0 || x >= x1 { return 0 }
            if x < midStart { return UInt32(rims[x &- x0]) }
            if x < midEnd { return coverage }
            return UInt32(rims[(midStart &- x0) &+ (x &- midEnd)])
        }
        /// Pixels outside `liveStart..<liveEnd` have coverage 0.
        let liveStart: Int, liveEnd: Int
    }
}

/// The last few shapes' rows: the track, the fill and the thumb each stay put for many frames.
struct ShapeCache {
    private var entries: [ShapeRows] = []

    mutating func rows(_ rect: Rect, radius: Double) -> ShapeRows {
        if let i = entries.firstIndex(where: { $0.rect == rect && $0.radius == radius }) {
            let hit = entries[i]
            if i != entries.count - 1 { entries.remove(at: i); entries.append(hit) }
            return hit
        }
        let made = ShapeRows(rect: rect, radius: radius)
        if entries.count >= 8 { entries.removeFirst() }
        entries.append(made)
        return made
    }
}
