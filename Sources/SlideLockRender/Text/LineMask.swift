import SlideLockCore

/// A label's glyphs merged into one coverage image, with no colour: a label that fades (the
/// thumb dragged towards it) is a new colour every frame, so no blend terms (`LineTerms`)
/// outlive a frame, but its coverage does. A frame then blends one run per pixel row
/// straight from the coverage (`blendCoverageSpan`) instead of one per glyph row. Exactly the
/// glyph by glyph result while no pixel is inked by two glyphs (each pixel is then blended
/// by one glyph at most); a label whose glyphs' inks overlap has no mask (`init` fails).
final class LineMask {
    /// Where it lies and the inked runs each frame blends.
    private var runs: LineRuns
    /// Per pixel, its coverage in both 16-bit halves (`blendCoveragePairsSpan`).
    private var coverage: [UInt32]

    init?(_ glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)]) {
        guard let runs = LineRuns(box: glyphs) else { return nil }
        self.runs = runs
        let (x, y, width, height) = (runs.x, runs.y, runs.width, runs.height)
        coverage = [UInt32](repeating: 0, count: width * height)
        for g in glyphs {
            let b = g.bitmap
            for gy in 0..<b.height {
                let row = (g.y - y + gy) * width + g.x - x
                for gx in Int(b.spans[2 * gy])..<max(Int(b.spans[2 * gy]), Int(b.spans[2 * gy + 1])) {
                    let c = b.alpha[gy * b.width + gx]
                    guard c != 0 else { continue }
                    // Two glyphs ink this pixel: one coverage cannot stand for both blends.
                    guard coverage[row + gx] == 0 else { return nil }
                    coverage[row + gx] = UInt32(c) &* 0x1_0001
                }
            }
        }
        for row in 0..<height {
            let base = row * width
            self.runs.addRow(from: 0, to: width, group: 1) { coverage[base + $0] != 0 }
        }
    }

    /// Blends the mask onto `canvas` inside its clip, in `source` (premultiplied, packed)
    /// at `alpha`.
    func draw(on canvas: Canvas, source: UInt32, alpha: UInt32) {
        coverage.withUnsafeBufferPointer { coverage in
            runs.forEach(on: canvas) { dst, i, count in
                blendCoveragePairsSpan(dst, coverage.baseAddress! + i, source: source, alpha: alpha, count: count)
            }
        }
    }
}
