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
    func writeColumns(
        from x0: Int, count: Int, opacity: Double, source s: UnsafeMutablePointer<UInt32>,
        inverse inv: UnsafeMutablePointer<UInt32>
    ) {
        switch self {
        case .solid(let c):
            let p = PackedColor(c, opacity: opacity)
            s.update(repeating: p.r << 16 | p.g << 8 | p.b, count: count)
            inv.update(repeating: 255 - p.a, count: count)
        case .horizontalGradient(let a, let b, let g0, let g1):
            var weights = [Int32](repeating: 0, count: count)
            weights.withUnsafeMutableBufferPointer { w in
                Paint.gradientWeights(from: x0, count: count, x0: g0, x1: g1, into: w.baseAddress!)
                Paint.gradientColumns(
                    from: a, to: b, weights: w.baseAddress!, count: count, opacity: opacity,
                    source: s, inverse: inv)
            }
        }
    }

    /// Where each of the columns `x0..<x0+count` lies between a gradient's ends, `x0g` (0)
    /// and `x1g` (`gradientOne`), at the pixel centre: a function of the column alone, so
    /// every clipped span agrees. They change only with the geometry: a hue animation keeps
    /// them and recomputes only the colours (`gradientColumns`).
    static func gradientWeights(
        from x0: Int, count: Int, x0 g0: Double, x1 g1: Double,
        into w: UnsafeMutablePointer<Int32>
    ) {
        let scale = g1 == g0 ? 0 : 1 / (g1 - g0)
        for i in 0..<count {
            let t = unit((Double(x0 &+ i) + 0.5 - g0) * scale)
            w[i] = Int32(t * Double(gradientOne) + 0.5)
        }
    }

    /// `gradientWeights`' fixed point: 1 is 2^14.
    static let gradientOne: Int32 = 1 << 14

    /// A gradient's premultiplied packed colours and 255 - alpha per column from its
    /// weights. With a constant alpha and ends inside 0...1 (every theme colour and hue
    /// rotation), each channel is `a + (b - a) * t` in 32-bit fixed point (2^22), which
    /// vectorises four columns wide with no conversions; otherwise in doubles.
    /// Returns whether every column got the same 255 - alpha.
    @discardableResult
    static func gradientColumns(
        from a: Color, to b: Color, weights w: UnsafePointer<Int32>, count: Int,
        opacity: Double, source s: UnsafeMutablePointer<UInt32>,
        inverse inv: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        let inRange = [a.red, a.green, a.blue, b.red, b.green, b.blue].allSatisfy { (0.0...1.0).contains($0) }
        if a.alpha == b.alpha && inRange {
            let alpha = unit(a.alpha * opacity)
            let k = alpha * 255
            // value = (c0 + d * weight) >> 22: c0 carries the + 0.5 that rounds, d is (b - a)
            // in 2^8 units times a 2^14 weight. Both stay below 2^31 (255.5 * 2^22).
            func c0(_ v: Double) -> Int32 { Int32((v * k + 0.5) * 4_194_304) }
            func d(_ from: Double, _ to: Double) -> Int32 { Int32(((to - from) * k * 256).rounded()) }
            let r0 = c0(a.red)
            let g0 = c0(a.green)
            let b0 = c0(a.blue)
            let dr = d(a.red, b.red)
            let dg = d(a.green, b.green)
            let db = d(a.blue, b.blue)
            for i in 0..<count {
                let t = w[i]
                let red = (r0 &+ dr &* t) >> 22
                let green = (g0 &+ dg &* t) >> 22
                let blue = (b0 &+ db &* t) >> 22
                s[i] = UInt32(truncatingIfNeeded: red << 16 | green << 8 | blue)
            }
            inv.update(repeating: 255 - UInt32(k + 0.5), count: count)
            return true
        }
        // The arithmetic of `Color.mixed` and `PackedColor` in one straight loop.
        let dr = b.red - a.red
        let dg = b.green - a.green
        let db = b.blue - a.blue
        let da = b.alpha - a.alpha
        let one = 1 / Double(gradientOne)
        for i in 0..<count {
            let t = Double(w[i]) * one
            let alpha = unit((a.alpha + da * t) * opacity)
            let red = Int32(unit(a.red + dr * t) * alpha * 255 + 0.5)
            let green = Int32(unit(a.green + dg * t) * alpha * 255 + 0.5)
            let blue = Int32(unit(a.blue + db * t) * alpha * 255 + 0.5)
            s[i] = UInt32(truncatingIfNeeded: red << 16 | green << 8 | blue)
            inv[i] = UInt32(truncatingIfNeeded: 255 - Int32(alpha * 255 + 0.5))
        }
        return false
    }
}

/// The last few column tables, keyed by everything they depend on.
struct ColumnCache {
    struct Key: Equatable {
        let paint: Paint
        let opacity: Double
        let x0: Int
        let count: Int
    }
    private var entries: [(key: Key, source: [UInt32], inverseAlpha: [UInt32])] = []

    mutating func columns(_ paint: Paint, from x0: Int, count: Int, opacity: Double)
        -> (source: [UInt32], inverseAlpha: [UInt32])
    {
        // A solid colour's columns are all the same wherever they start: a moving thumb
        // finds its table every frame, not a new one.
        let solid: Bool
        if case .solid = paint { solid = true } else { solid = false }
        let key = Key(paint: paint, opacity: opacity, x0: solid ? 0 : x0, count: count)
        if let hit = entries.first(where: { $0.key == key }) { return (hit.source, hit.inverseAlpha) }
        let made = paint.columns(from: x0, count: count, opacity: opacity)
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((key, made.source, made.inverseAlpha))
        return made
    }
}
