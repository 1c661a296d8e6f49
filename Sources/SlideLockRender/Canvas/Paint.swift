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
        var inverse = source
        source.withUnsafeMutableBufferPointer { s in
            inverse.withUnsafeMutableBufferPointer { i in
                writeColumns(from: x0, count: count, opacity: opacity, source: s.baseAddress!, inverse: i.baseAddress!)
            }
        }
        return (source, inverse)
    }

    /// `columns` into the caller's tables.
    func writeColumns(
        from x0: Int, count: Int, opacity: Double, source s: UnsafeMutablePointer<UInt32>,
        inverse inv: UnsafeMutablePointer<UInt32>
    ) {
        switch self {
        case .solid(let c):
            let p = PackedColor(c, opacity: opacity)
            s.update(repeating: p.packed, count: count)
            inv.update(repeating: 255 - p.a, count: count)
        case .horizontalGradient(let a, let b, let g0, let g1):
            let scale = g1 == g0 ? 0 : 1 / (g1 - g0)
            for i in 0..<count {
                let p = PackedColor(a.mixed(with: b, by: unit((Double(x0 &+ i) + 0.5 - g0) * scale)), opacity: opacity)
                s[i] = p.packed
                inv[i] = 255 - p.a
            }
        }
    }
}
