import SlideLockCore

/// A label's glyphs merged into one coverage image, with no colour: a label that fades (the
/// thumb dragged towards it) is a new colour every frame, so no blend terms (`LineTerms`)
/// outlive a frame, but its coverage does. A frame then blends one run per pixel row
/// straight from the coverage (`blendCoverageSpan`) instead of one per glyph row. Exactly the
/// glyph by glyph result while no pixel is inked by two glyphs (each pixel is then blended
/// by one glyph at most); a label whose glyphs' inks overlap has no mask (`init` fails).
final class LineMask {
    /// The image's top-left pixel and size on the canvas.
    let x: Int, y: Int, width: Int, height: Int
    /// Per pixel, its coverage in both 16-bit halves (`blendCoveragePairsSpan`).
    private var coverage: [UInt32]
    /// Per row, the inked runs (relative to `x`, ends exclusive), gaps under
    /// `LineTerms.minimumGap` bridged: row `r`'s runs are `runs[2 * k], runs[2 * k + 1]` for
    /// `k` in `rowRuns[r]..<rowRuns[r + 1]`.
    private var runs: [Int32] = []
    private var rowRuns: [Int] = [0]

    init?(_ glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)]) {
        guard let first = glyphs.first else { return nil }
        var box = PixelRect(x: first.x, y: first.y, width: first.bitmap.width, height: first.bitmap.height)
        for g in glyphs { box = box.union(PixelRect(x: g.x, y: g.y, width: g.bitmap.width, height: g.bitmap.height)) }
        // As `LineTerms`: a label a configured size makes huge is drawn glyph by glyph.
        guard box.width > 0, box.height > 0, box.width <= LineTerms.maximumPixels,
              box.height <= LineTerms.maximumPixels, box.width * box.height <= LineTerms.maximumPixels
        else { return nil }
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
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
            var k = 0
            while k < width {
                guard coverage[base + k] != 0 else { k += 1; continue }
                var end = k + 1, last = k
                while end < width && end - last <= LineTerms.minimumGap {
                    if coverage[base + end] != 0 { last = end }
                    end += 1
                }
                runs += [Int32(k), Int32(last + 1)]
                k = last + 1
            }
            rowRuns.append(runs.count / 2)
        }
    }

    /// Blends the mask onto `canvas` inside its clip, in `source` (premultiplied, packed)
    /// at `alpha`.
    func draw(on canvas: Canvas, source: UInt32, alpha: UInt32) {
        let area = PixelRect(x: x, y: y, width: width, height: height).intersection(canvas.clip)
        guard !area.isEmpty else { return }
        coverage.withUnsafeBufferPointer { coverage in
            runs.withUnsafeBufferPointer { runs in
                let (a0, a1) = (area.x - x, area.maxX - x)
                for py in area.y..<area.maxY {
                    let r = py - y, row = canvas.pixels + py * canvas.width + x
                    for k in rowRuns[r]..<rowRuns[r + 1] {
                        let from = max(a0, Int(runs[2 * k])), to = min(a1, Int(runs[2 * k + 1]))
                        guard from < to else { continue }
                        blendCoveragePairsSpan(row + from, coverage.baseAddress! + r * width + from, source: source,
                                               alpha: alpha, count: to - from)
                    }
                }
            }
        }
    }
}
