import SlideLockCore

/// What a shape is filled with.
public enum Paint: Equatable, Sendable {
    case solid(Color)
    /// A horizontal linear gradient: `from` at x = `x0`, `to` at x = `x1` (x1 may be < x0).
    case horizontalGradient(from: Color, to: Color, x0: Double, x1: Double)

    /// Premultiplied colours of the pixel columns `x0..<x0+count`, each taken at the pixel
    /// centre, so any clipped span gets the same values as a full one.
    func columns(from x0: Int, count: Int, opacity: Double) -> [PackedColor] {
        switch self {
        case .solid(let c):
            return [PackedColor](repeating: PackedColor(c, opacity: opacity), count: count)
        case .horizontalGradient(let a, let b, let g0, let g1):
            let span = g1 - g0
            return (0..<count).map { i in
                let t = span == 0 ? 0 : min(max((Double(x0 + i) + 0.5 - g0) / span, 0), 1)
                return PackedColor(a.mixed(with: b, by: t), opacity: opacity)
            }
        }
    }
}
