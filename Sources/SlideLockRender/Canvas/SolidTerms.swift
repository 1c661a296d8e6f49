import SlideLockCore

/// A rounded shape in one colour as blend terms, one per pixel of its rows' live spans
/// (`MaskTint`'s: the colour times the pixel's coverage, and the factor the pixel under it
/// keeps). A dragged thumb is the same shape a whole number of pixels on, in one of four
/// quarter-pixel places: a frame then blends each of its rows, rims and all, four pixels at
/// a time (`blendTermsSpan`) instead of its rims pixel by pixel. Exactly `fillRoundedRect`'s
/// pixels: the terms are its blend's two halves.
final class SolidTerms {
    /// What the terms were made for: the shape's coverage (`ShapeRows.pattern`) and colour.
    let pattern: ShapeRows.Pattern
    let source: UInt32, alpha: UInt32
    private var terms: [UInt32] = []
    private var factors: [UInt32] = []
    /// Per row, where its terms start (they run from the row's `liveStart`).
    private var rowStarts: [Int] = []

    /// Pixels of terms at most (2 MB with the factors): a shape a configuration makes huge
    /// is drawn as before, not held in memory.
    static let maximumPixels = 1 << 18

    init?(_ shape: ShapeRows, source: UInt32, alpha: UInt32) {
        guard let pattern = shape.pattern else { return nil }
        (self.pattern, self.source, self.alpha) = (pattern, source, alpha)
        for y in shape.y0..<shape.y1 {
            guard let r = shape.row(y) else { return nil }
            rowStarts.append(terms.count)
            guard terms.count + (r.liveEnd - r.liveStart) <= Self.maximumPixels else { return nil }
            for x in r.liveStart..<max(r.liveStart, r.liveEnd) {
                let c = r.at(x)
                terms.append(scalePacked(source, c))
                factors.append((255 &- div255(alpha &* c)) &* 0x0101_0101)
            }
        }
    }

    func matches(_ shape: ShapeRows, source: UInt32, alpha: UInt32) -> Bool {
        pattern == shape.pattern && self.source == source && self.alpha == alpha
    }

    /// Blends `shape` (of this pattern) onto `canvas` over `area` (inside the canvas).
    func draw(_ shape: ShapeRows, area: PixelRect, on canvas: Canvas) {
        terms.withUnsafeBufferPointer { terms in
            factors.withUnsafeBufferPointer { factors in
                for y in max(area.y, shape.y0)..<max(max(area.y, shape.y0), min(area.maxY, shape.y1)) {
                    guard let r = shape.row(y) else { continue }
                    let from = max(area.x, r.liveStart)
                    let to = min(area.maxX, r.liveEnd)
                    guard from < to else { continue }
                    let k = rowStarts[y &- shape.y0] &+ (from &- r.liveStart)
                    blendTermsSpan(
                        canvas.pixels + y * canvas.width + from, terms.baseAddress! + k,
                        factors.baseAddress! + k, count: to - from)
                }
            }
        }
    }
}

/// The last few shapes' terms, made for a pattern and colour asked for twice (a shape drawn
/// once, as the fill under the label, never pays for them).
struct SolidTermsCache {
    private var entries: [SolidTerms] = []
    private var asked: [(pattern: ShapeRows.Pattern, source: UInt32, alpha: UInt32)] = []
    /// Terms made so far (tests check that repeated shapes use them).
    private(set) var made = 0

    mutating func terms(_ shape: ShapeRows, source: UInt32, alpha: UInt32) -> SolidTerms? {
        if let hit = entries.first(where: { $0.matches(shape, source: source, alpha: alpha) }) { return hit }
        let (w, h) = (shape.x1 - shape.x0, shape.y1 - shape.y0)
        guard w <= SolidTerms.maximumPixels, h <= SolidTerms.maximumPixels, w * h <= SolidTerms.maximumPixels
        else { return nil }
        guard let pattern = shape.pattern else { return nil }
        guard asked.contains(where: { $0.pattern == pattern && $0.source == source && $0.alpha == alpha }) else {
            if asked.count >= 8 { asked.removeFirst() }
            asked.append((pattern, source, alpha))
            return nil
        }
        guard let terms = SolidTerms(shape, source: source, alpha: alpha) else { return nil }
        // A thumb's four quarter-pixel places.
        if entries.count >= 4 { entries.removeFirst() }
        entries.append(terms)
        made += 1
        return terms
    }
}
