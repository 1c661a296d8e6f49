import SlideLockCore

/// A resting label's glyphs composed into one image of blend terms (`MaskTint`'s, in one
/// colour): a frame blends one run per pixel row of the label instead of one per glyph row,
/// which is most of a label's cost when the track under it animates. Exactly the glyph by
/// glyph result while no pixel is inked by two glyphs: each pixel is then blended by one
/// glyph at most, and the others leave it as it is (term 0, factor 255). A label whose
/// glyphs' inks overlap has no line image (`init` fails) and is drawn glyph by glyph.
final class LineTerms {
    /// Where it lies and the runs each frame blends (padded to whole groups of 4: the
    /// padding is left as it is, term 0 and factor 255).
    private var runs: LineRuns
    private var terms: [UInt32]
    private var factors: [UInt32]
    /// Runs over all rows (tests check that gaps are skipped).
    var runCount: Int { runs.count }

    private static let identity: UInt32 = 0xFFFF_FFFF

    /// The glyphs (image, top-left pixel) in `source` (premultiplied, packed) at `alpha`.
    init?(_ glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)], source: UInt32, alpha: UInt32) {
        guard let runs = LineRuns(box: glyphs) else { return nil }
        self.runs = runs
        let (x, y, width, height) = (runs.x, runs.y, runs.width, runs.height)
        terms = [UInt32](repeating: 0, count: width * height)
        factors = [UInt32](repeating: Self.identity, count: width * height)
        // Per row: the first inked column and the one past the last (relative to `x`).
        var spans = [Int32](repeating: 0, count: 2 * height)
        for row in 0..<height { spans[2 * row] = Int32(width) }
        for g in glyphs {
            let b = g.bitmap
            b.tint.prepare(b.alpha, source: source, alpha: alpha)
            for gy in 0..<b.height {
                let from = Int(b.spans[2 * gy])
                let to = Int(b.spans[2 * gy + 1])
                guard from < to else { continue }
                let row = g.y - y + gy
                let column = g.x - x
                spans[2 * row] = min(spans[2 * row], Int32(column + from))
                spans[2 * row + 1] = max(spans[2 * row + 1], Int32(column + to))
                for gx in from..<to where b.alpha[gy * b.width + gx] != 0 {
                    let i = row * width + column + gx
                    let k = gy * b.width + gx
                    let term = b.tint.terms[k]
                    let factor = b.tint.factors[k]
                    if term == 0 && factor == Self.identity { continue }
                    // Two glyphs ink this pixel: one image cannot hold both blends.
                    guard terms[i] == 0 && factors[i] == Self.identity else { return nil }
                    terms[i] = term
                    factors[i] = factor
                }
            }
        }
        for row in 0..<height {
            let base = row * width
            self.runs.addRow(from: Int(spans[2 * row]), to: Int(spans[2 * row + 1]), group: 4) {
                terms[base + $0] != 0 || factors[base + $0] != Self.identity
            }
        }
    }

    /// Blends the image onto `canvas`, inside its clip.
    func draw(on canvas: Canvas) {
        terms.withUnsafeBufferPointer { terms in
            factors.withUnsafeBufferPointer { factors in
                runs.forEach(on: canvas) { dst, i, count in
                    blendTermsSpan(dst, terms.baseAddress! + i, factors.baseAddress! + i, count: count)
                }
            }
        }
    }
}
