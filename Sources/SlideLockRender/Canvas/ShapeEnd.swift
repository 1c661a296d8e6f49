import SlideLockCore

/// One end of a rounded rectangle, row by row, counted in pixels from the shape's outermost
/// pixel inwards: how far its rim reaches before the row's middle span, the rim's coverages,
/// and the first of them with any. The right end is a left end mirrored: with `edge` the gap
/// between the shape's edge and its outermost pixel's outer side, both read the same.
final class ShapeEnd {
    /// The vertical geometry every row depends on: the same for both ends of a shape.
    struct Rows: Equatable {
        let top: Double, bottom: Double, radius: Double
        let y0: Int, count: Int
    }

    /// Per row: the rim's length (the middle span starts after it), the first rim pixel
    /// with coverage (the length when none has), the row's own coverage.
    let mids: [Int]
    let lives: [Int]
    let coverages: [UInt32]
    /// The rims' pixels, all rows.
    let rimTotal: Int
    // Immutable once built: the hot loops read them without exclusivity checks.
    private let rimOffsets: [Int]
    /// Owned, immutable after init: rows hand out pointers into it.
    private let rims: UnsafeMutableBufferPointer<UInt8>

    /// `distance(k, cy)`: the signed distance of rim pixel `k`'s centre at height `cy`.
    /// No rim is longer than `limit` pixels.
    init(edge f: Double, rows: Rows, limit: Int, distance: (Int, Double) -> Double) {
        let r = rows.radius
        let top = rows.top
        let bottom = rows.bottom
        var mids = [Int](repeating: 0, count: rows.count)
        var lives = mids
        var rimOffsets = mids
        var coverages = [UInt32](repeating: 0, count: rows.count)
        // A row's pixel-centre height, and how far it lies past the corner circles' centres
        // (nil between the corners).
        func height(_ i: Int) -> (cy: Double, cornerDy: Double?) {
            let cy = Double(rows.y0 + i) + 0.5
            if cy < top + r { return (cy, top + r - cy) }
            if cy > bottom - r { return (cy, cy - (bottom - r)) }
            return (cy, nil)
        }
        // First the spans of every row, which size the rims; then the rims, written in place.
        var rimCount = 0
        for i in 0..<rows.count {
            let (cy, cornerDy) = height(i)
            let rowCoverage = SlideLockRender.coverage(0.5 - max(top - cy, cy - bottom))
            // Columns whose coverage is the row's vertical coverage alone: between the
            // corners, plus, in a fully covered row, the part of each corner circle at
            // least half a pixel inside it (distance <= r - 0.5 gives coverage 1 there too).
            var band = cornerDy != nil ? max(r, 0.5) : 0.5
            if let dy = cornerDy, rowCoverage == 255 {
                let inner = r - 0.5
                band = max(0.5, r - (max(0, inner * inner - dy * dy)).squareRoot())
            }
            mids[i] = max(0, min(limit, clampedInt((f + band - 0.5).rounded(.up))))
            coverages[i] = rowCoverage
            rimOffsets[i] = rimCount
            rimCount += mids[i]
        }
        let rims = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, rimCount))
        rims.initialize(repeating: 0)
        for i in 0..<rows.count {
            let (cy, cornerDy) = height(i)
            // Pixels more than a pixel beyond the corner circle's outline have coverage 0
            // for certain (the rims start zeroed): only the band next to the outline needs
            // the distance.
            var first = 0
            if let dy = cornerDy {
                let reach = max(0, (r + 1.5) * (r + 1.5) - dy * dy).squareRoot()
                first = max(0, clampedInt((f + r - reach).rounded(.down)) - 1)
            }
            var live = mids[i]
            for k in min(first, mids[i])..<mids[i] {
                let c = UInt8(SlideLockRender.coverage(0.5 - distance(k, cy)))
                if c > 0 && live == mids[i] { live = k }
                rims[rimOffsets[i] + k] = c
            }
            lives[i] = live
        }
        self.mids = mids
        self.lives = lives
        self.coverages = coverages
        self.rimOffsets = rimOffsets
        self.rims = rims
        rimTotal = rimCount
    }

    deinit { rims.deallocate() }

    /// Row `i`'s rim coverages, outermost pixel first.
    @inline(__always)
    func rim(_ i: Int) -> UnsafePointer<UInt8> { UnsafePointer(rims.baseAddress! + rimOffsets[i]) }
}
