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
        var source = [UInt32](repeating: 0, count: count)
        var inverse = [UInt32](repeating: 0, count: count)
        source.withUnsafeMutableBufferPointer { s in
            inverse.withUnsafeMutableBufferPointer { i in
                writeColumns(from: x0, count: count, opacity: opacity, source: s.baseAddress!, inverse: i.baseAddress!)
            }
        }
        return (source, inverse)
    }

    /// `columns` into caller-owned tables: a hue animation recomputes the track's columns
    /// every frame, with no allocation.
    func writeColumns(from x0: Int, count: Int, opacity: Double, source s: UnsafeMutablePointer<UInt32>,
                      inverse inv: UnsafeMutablePointer<UInt32>) {
        switch self {
        case .solid(let c):
            let p = PackedColor(c, opacity: opacity)
            s.update(repeating: p.r << 16 | p.g << 8 | p.b, count: count)
            inv.update(repeating: 255 - p.a, count: count)
        case .horizontalGradient(let a, let b, let g0, let g1):
            // The arithmetic of `Color.mixed` and `PackedColor` in one straight loop (no
            // division, no calls), which the compiler turns into vector code.
            let scale = g1 == g0 ? 0 : 1 / (g1 - g0)
            let dr = b.red - a.red, dg = b.green - a.green, db = b.blue - a.blue, da = b.alpha - a.alpha
            for i in 0..<count {
                let t = min(max((Double(x0 &+ i) + 0.5 - g0) * scale, 0), 1)
                let alpha = min(max((a.alpha + da * t) * opacity, 0), 1)
                let red = Int32(min(max(a.red + dr * t, 0), 1) * alpha * 255 + 0.5)
                let green = Int32(min(max(a.green + dg * t, 0), 1) * alpha * 255 + 0.5)
                let blue = Int32(min(max(a.blue + db * t, 0), 1) * alpha * 255 + 0.5)
                s[i] = UInt32(truncatingIfNeeded: red << 16 | green << 8 | blue)
                inv[i] = UInt32(truncatingIfNeeded: 255 - Int32(alpha * 255 + 0.5))
            }
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
