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
        for i in 0..<count {
            let color: Color
            switch self {
            case .solid(let c): color = c
            case .horizontalGradient(let a, let b, let g0, let g1):
                let span = g1 - g0
                let t = span == 0 ? 0 : min(max((Double(x0 + i) + 0.5 - g0) / span, 0), 1)
                color = a.mixed(with: b, by: t)
            }
            let p = PackedColor(color, opacity: opacity)
            source[i] = p.r << 16 | p.g << 8 | p.b
            inverse[i] = 255 - p.a
        }
        return (source, inverse)
    }
}
