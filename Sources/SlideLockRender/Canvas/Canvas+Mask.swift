import SlideLockCore

extension Canvas {
    /// Blends `color` through an 8-bit coverage mask placed at (x, y), clipped.
    /// `spans` (from `inkSpans`) bound each mask row's inked columns: the rest is skipped.
    func blendMask(
        _ maskBytes: [UInt8], width mw: Int, height mh: Int, x: Int, y: Int,
        color: Color, opacity: Double, spans: [Int32]
    ) {
        let area = PixelRect(x: x, y: y, width: mw, height: mh).intersection(clip)
        guard !area.isEmpty else { return }
        let p = PackedColor(color, opacity: opacity)
        maskBytes.withUnsafeBufferPointer { mask in
            spans.withUnsafeBufferPointer { spans in
                for py in area.y..<area.maxY {
                    let r = py &- y
                    let from = max(area.x, x &+ Int(spans[2 &* r]))
                    let to = min(area.maxX, x &+ Int(spans[2 &* r &+ 1]))
                    guard from < to else { continue }
                    blendCoverageSpan(
                        pixels + py * width + from, mask.baseAddress! + (r &* mw &+ from &- x), p, count: to &- from)
                }
            }
        }
    }
}

/// For each row of an 8-bit mask, the columns from its first to past its last nonzero
/// byte (0, 0 for an empty row), as pairs.
func inkSpans(_ alpha: [UInt8], width: Int, height: Int) -> [Int32] {
    var spans = [Int32](repeating: 0, count: 2 * height)
    for y in 0..<height {
        let row = alpha[(y * width)..<(y * width + width)]
        if let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) {
            spans[2 * y] = Int32(first - y * width)
            spans[2 * y + 1] = Int32(last - y * width + 1)
        }
    }
    return spans
}
