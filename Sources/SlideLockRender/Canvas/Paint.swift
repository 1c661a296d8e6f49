import SlideLockCore

/// What a shape is filled with.
public enum Paint: Equatable, Sendable {
    case solid(Color)
    /// A horizontal linear gradient: `from` at x = `x0`, `to` at x = `x1` (x1 may be < x0).
    case horizontalGradient(from: Color, to: Color, x0: Double, x1: Double)

    /// Premultiplied packed colours (0x00RRGGBB) and 255 - alpha of the pixel columns
    /// `x0..<x0+count`, each taken at the pixel centre, so any clipped span gets the same
    /// values as a full one.
    func columns(from x0: Int, count: Int, opacity: Double) -> (source: [UInt32], inverseAlpha: [UInt32]) {
        switch self {
        case .solid(let c):
            let p = PackedColor(c, opacity: opacity)
            return ([UInt32](repeating: p.r << 16 | p.g << 8 | p.b, count: count),
                    [UInt32](repeating: 255 - p.a, count: count))
        case .horizontalGradient(let a, let b, let g0, let g1):
            // The arithmetic of `Color.mixed` and `PackedColor`, spelled out in one loop:
            // a hue animation recomputes every column of the track each frame.
            let span = g1 - g0
            var source = [UInt32](repeating: 0, count: count)
            var inverse = [UInt32](repeating: 0, count: count)
            source.withUnsafeMutableBufferPointer { s in
                inverse.withUnsafeMutableBufferPointer { inv in
                    for i in 0..<count {
                        let t = span == 0 ? 0 : min(max((Double(x0 + i) + 0.5 - g0) / span, 0), 1)
                        let alpha = min(max((a.alpha + (b.alpha - a.alpha) * t) * opacity, 0), 1)
                        let red = UInt32(min(max(a.red + (b.red - a.red) * t, 0), 1) * alpha * 255 + 0.5)
                        let green = UInt32(min(max(a.green + (b.green - a.green) * t, 0), 1) * alpha * 255 + 0.5)
                        let blue = UInt32(min(max(a.blue + (b.blue - a.blue) * t, 0), 1) * alpha * 255 + 0.5)
                        s[i] = red << 16 | green << 8 | blue
                        inv[i] = 255 - UInt32(alpha * 255 + 0.5)
                    }
                }
            }
            return (source, inverse)
        }
    }
}

/// The last few column tables, keyed by everything they depend on.
struct ColumnCache {
    struct Key: Equatable { let paint: Paint; let opacity: Double; let x0: Int; let count: Int }
    private var entries: [(key: Key, source: [UInt32], inverseAlpha: [UInt32])] = []

    mutating func columns(_ paint: Paint, from x0: Int, count: Int, opacity: Double)
        -> (source: [UInt32], inverseAlpha: [UInt32]) {
        let key = Key(paint: paint, opacity: opacity, x0: x0, count: count)
        if let hit = entries.first(where: { $0.key == key }) { return (hit.source, hit.inverseAlpha) }
        let made = paint.columns(from: x0, count: count, opacity: opacity)
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((key, made.source, made.inverseAlpha))
        return made
    }
}
