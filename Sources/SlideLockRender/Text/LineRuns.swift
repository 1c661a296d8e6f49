import SlideLockCore

/// Where a label's line image lies (the box of its glyphs) and, per pixel row, the runs a
/// frame blends: the inked pixels, gaps under `minimumGap` bridged, wider ones skipped. The
/// line's terms (`LineTerms`) and its coverage (`LineMask`) share it.
struct LineRuns {
    /// The image's top-left pixel and size on the canvas.
    let x: Int, y: Int, width: Int, height: Int
    /// Row `r`'s runs (relative to `x`, ends exclusive) are `runs[2 * k], runs[2 * k + 1]` for
    /// `k` in `rowRuns[r]..<rowRuns[r + 1]`.
    private var runs: [Int32] = []
    private var rowRuns: [Int] = [0]
    /// A gap this wide (two groups of 4) is skipped, not blended: the letters of a label
    /// leave about a third of its rows' groups blank (8 measured best against 4 and 12).
    static let minimumGap = 8
    /// A line image is for a label (about 10 000 pixels at 800x480, 60 000 at 1080p): one a
    /// configured size makes bigger than this is drawn glyph by glyph, not held in memory.
    static let maximumPixels = 1 << 18

    /// Runs over all rows.
    var count: Int { runs.count / 2 }

    /// The box of `glyphs` (images and top-left pixels), with no runs yet; nil for no
    /// glyphs or a box over `maximumPixels`.
    init?(box glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)]) {
        guard let first = glyphs.first else { return nil }
        var box = PixelRect(x: first.x, y: first.y, width: first.bitmap.width, height: first.bitmap.height)
        for g in glyphs { box = box.union(PixelRect(x: g.x, y: g.y, width: g.bitmap.width, height: g.bitmap.height)) }
        guard box.width > 0, box.height > 0, box.width <= Self.maximumPixels, box.height <= Self.maximumPixels,
            box.width * box.height <= Self.maximumPixels
        else { return nil }
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
    }

    /// Adds the next row's runs between columns `start..<end`, where `inked(column)` says
    /// which pixels blend; each run is padded to whole groups of `group` inside the image
    /// (the padding must blend as nothing). A gap left is `minimumGap` wide, more than any
    /// padding, so padding never reaches the next run.
    mutating func addRow(from start: Int, to end: Int, group: Int, inked: (Int) -> Bool) {
        var x = start
        while x < end {
            if !inked(x) {
                x += 1
                continue
            }
            var to = x + 1
            while to < end {
                if inked(to) {
                    to += 1
                    continue
                }
                // A gap: bridged when the next inked pixel is near.
                var next = to
                while next < end && !inked(next) { next += 1 }
                if next < end && next - to < Self.minimumGap { to = next } else { break }
            }
            runs += [Int32(x), Int32(min(width, x + (to - x + group - 1) / group * group))]
            x = to
        }
        rowRuns.append(runs.count / 2)
    }

    /// Each run's part inside `canvas`'s clip: `body(first pixel, its index in the image,
    /// pixels)`.
    @inline(__always)
    func forEach(on canvas: Canvas, _ body: (UnsafeMutablePointer<UInt32>, Int, Int) -> Void) {
        let area = PixelRect(x: x, y: y, width: width, height: height).intersection(canvas.clip)
        guard !area.isEmpty else { return }
        runs.withUnsafeBufferPointer { runs in
            let (a0, a1) = (area.x - x, area.maxX - x)
            for py in area.y..<area.maxY {
                let r = py - y
                let row = canvas.pixels + py * canvas.width + x
                for k in rowRuns[r]..<rowRuns[r + 1] {
                    let from = max(a0, Int(runs[2 * k]))
                    let to = min(a1, Int(runs[2 * k + 1]))
                    guard from < to else { continue }
                    body(row + from, r * width + from, to - from)
                }
            }
        }
    }
}
