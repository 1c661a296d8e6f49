import SlideLockCore

/// A resting label's glyphs composed into one image of blend terms (`MaskTint`'s, in one
/// colour): a frame blends one run per pixel row of the label instead of one per glyph row,
/// which is most of a label's cost when the track under it animates. Exactly the glyph by
/// glyph result while no pixel is inked by two glyphs: each pixel is then blended by one
/// glyph at most, and the others leave it as it is (term 0, factor 255). A label whose
/// glyphs' inks overlap has no line image (`init` fails) and is drawn glyph by glyph.
final class LineTerms {
    /// The image's top-left pixel and size on the canvas.
    let x: Int, y: Int, width: Int, height: Int
    private var terms: [UInt32]
    private var factors: [UInt32]
    /// Per row, the runs to blend (relative to `x`, ends exclusive): the inked pixels, with
    /// gaps under `minimumGap` bridged, each run padded to whole groups of 4 inside the
    /// image (the padding is left as it is: term 0, factor 255). Row `r`'s
    /// runs are `runs[2 * k], runs[2 * k + 1]` for `k` in `rowRuns[r]..<rowRuns[r + 1]`.
    private var runs: [Int32] = []
    private var rowRuns: [Int] = [0]
    /// A gap this wide (two groups of 4) is skipped, not blended: the letters of a label
    /// leave about a third of its rows' groups blank (8 measured best against 4 and 12).
    static let minimumGap = 8
    /// Runs over all rows (tests check that gaps are skipped).
    var runCount: Int { runs.count / 2 }

    private static let identity: UInt32 = 0xFFFF_FFFF
    /// 2 MB of terms and factors at most.
    static let maximumPixels = 1 << 18

    /// The glyphs (image, top-left pixel) in `source` (premultiplied, packed) at `alpha`.
    init?(_ glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)], source: UInt32, alpha: UInt32) {
        guard let first = glyphs.first else { return nil }
        var box = PixelRect(x: first.x, y: first.y, width: first.bitmap.width, height: first.bitmap.height)
        for g in glyphs { box = box.union(PixelRect(x: g.x, y: g.y, width: g.bitmap.width, height: g.bitmap.height)) }
        // A line image is for a label (about 10 000 pixels at 800x480, 60 000 at 1080p): one
        // a configured size makes huge is drawn glyph by glyph, not held in memory.
        guard box.width > 0, box.height > 0, box.width <= Self.maximumPixels, box.height <= Self.maximumPixels,
              box.width * box.height <= Self.maximumPixels else { return nil }
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
        terms = [UInt32](repeating: 0, count: width * height)
        factors = [UInt32](repeating: Self.identity, count: width * height)
        // Per row: the first inked column and the one past the last (relative to `x`).
        var spans = [Int32](repeating: 0, count: 2 * height)
        for row in 0..<height { spans[2 * row] = Int32(width) }
        for g in glyphs {
            let b = g.bitmap
            b.tint.prepare(b.alpha, source: source, alpha: alpha)
            for gy in 0..<b.height {
                let from = Int(b.spans[2 * gy]), to = Int(b.spans[2 * gy + 1])
                guard from < to else { continue }
                let row = g.y - y + gy, column = g.x - x
                spans[2 * row] = min(spans[2 * row], Int32(column + from))
                spans[2 * row + 1] = max(spans[2 * row + 1], Int32(column + to))
                for gx in from..<to where b.alpha[gy * b.width + gx] != 0 {
                    let i = row * width + column + gx, k = gy * b.width + gx
                    let term = b.tint.terms[k], factor = b.tint.factors[k]
                    if term == 0 && factor == Self.identity { continue }
                    // Two glyphs ink this pixel: one image cannot hold both blends.
                    guard terms[i] == 0 && factors[i] == Self.identity else { return nil }
                    terms[i] = term
                    factors[i] = factor
                }
            }
        }
        for row in 0..<height { addRuns(row: row, from: Int(spans[2 * row]), to: Int(spans[2 * row + 1])) }
    }

    /// Finds row `row`'s runs (see `runs`) between its first and last inked columns.
    private func addRuns(row: Int, from start: Int, to end: Int) {
        let base = row * width
        func blank(_ x: Int) -> Bool { terms[base + x] == 0 && factors[base + x] == Self.identity }
        var x = start
        var found: [(from: Int, to: Int)] = []
        while x < end {
            if blank(x) { x += 1; continue }
            var to = x + 1
            while to < end {
                if !blank(to) { to += 1; continue }
                // A gap: bridged when the next inked pixel is near.
                var next = to
                while next < end && blank(next) { next += 1 }
                if next < end && next - to < Self.minimumGap { to = next } else { break }
            }
            found.append((x, to))
            x = to
        }
        // A gap left is `minimumGap` (over 3) wide: the padding never reaches the next run.
        for run in found {
            runs += [Int32(run.from), Int32(min(width, run.from + (run.to - run.from + 3) / 4 * 4))]
        }
        rowRuns.append(runs.count / 2)
    }

    /// Blends the image onto `canvas`, inside its clip.
    func draw(on canvas: Canvas) {
        let area = PixelRect(x: x, y: y, width: width, height: height).intersection(canvas.clip)
        guard !area.isEmpty else { return }
        terms.withUnsafeBufferPointer { terms in
            factors.withUnsafeBufferPointer { factors in
                runs.withUnsafeBufferPointer { runs in
                    let (a0, a1) = (area.x - x, area.maxX - x)
                    for py in area.y..<area.maxY {
                        let r = py - y, row = canvas.pixels + py * canvas.width + x
                        for k in rowRuns[r]..<rowRuns[r + 1] {
                            let from = max(a0, Int(runs[2 * k])), to = min(a1, Int(runs[2 * k + 1]))
                            guard from < to else { continue }
                            let m = r * width + from
                            blendTermsSpan(row + from, terms.baseAddress! + m, factors.baseAddress! + m, count: to - from)
                        }
                    }
                }
            }
        }
    }
}
