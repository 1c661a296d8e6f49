import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The track gradient's colours: per column, the colour at its pixel centre, mixed and
/// premultiplied as `Color.mixed` and `PackedColor` do.
struct GradientColumnsTests {
    /// The reference: the colour at `t`, premultiplied and packed.
    func reference(_ a: Color, _ b: Color, t: Double, opacity: Double) -> (UInt32, UInt32) {
        let p = PackedColor(a.mixed(with: b, by: t), opacity: opacity)
        return (p.r << 16 | p.g << 8 | p.b, 255 - p.a)
    }

    func columns(_ a: Color, _ b: Color, x0: Int, count: Int, g0: Double, g1: Double, opacity: Double)
        -> (source: [UInt32], inverseAlpha: [UInt32])
    {
        Paint.horizontalGradient(from: a, to: b, x0: g0, x1: g1).columns(from: x0, count: count, opacity: opacity)
    }

    @Test func eachColumnIsTheColourAtItsCentre() {
        let pairs: [(Color, Color)] = [
            (Color(red: 0.1, green: 0.6, blue: 0.9), Color(red: 0.9, green: 0.2, blue: 0.4)),
            (Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)),
            (Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.6), Color(red: 0.7, green: 0.1, blue: 0.0, alpha: 0.2)),
            (Color(red: -0.5, green: 0.5, blue: 1.5), Color(red: 1.5, green: 0.5, blue: -0.5)),
        ]
        for (a, b) in pairs {
            for opacity in [1.0, 0.3, 0] {
                for (g0, g1) in [(20.0, 1900.0), (700.5, 80.25), (0.0, 3.0)] {
                    let got = columns(a, b, x0: 10, count: 1920, g0: g0, g1: g1, opacity: opacity)
                    for i in stride(from: 0, to: 1920, by: 3) {
                        let t = min(max((Double(10 + i) + 0.5 - g0) / (g1 - g0), 0), 1)
                        let (s, inv) = reference(a, b, t: t, opacity: opacity)
                        #expect(got.source[i] == s && got.inverseAlpha[i] == inv, "column \(10 + i)")
                    }
                }
            }
        }
    }

    /// A column's colour is the column's alone: a clipped span of the gradient equals the
    /// same columns of the whole (damage redraws parts of the track).
    @Test func aClippedSpanEqualsTheWhole() {
        let a = Color(red: 0.1, green: 0.6, blue: 0.9)
        let b = Color(red: 0.9, green: 0.2, blue: 0.4)
        let whole = columns(a, b, x0: 0, count: 800, g0: 40.5, g1: 760.5, opacity: 1)
        for (x0, count) in [(41, 13), (399, 200), (700, 100), (0, 1)] {
            let part = columns(a, b, x0: x0, count: count, g0: 40.5, g1: 760.5, opacity: 1)
            #expect(part.source == Array(whole.source[x0..<(x0 + count)]))
        }
    }

    /// Numbers no theme gives (NaN or infinite ends, opacity or geometry) draw something
    /// and never trap a conversion: a lock screen does not crash on a colour.
    @Test func nonFiniteInputsNeverTrap() {
        let bad: [Double] = [.nan, .infinity, -.infinity]
        let fine = Color(red: 0.2, green: 0.4, blue: 0.6)
        for v in bad {
            let odd = Color(red: v, green: 0.5, blue: 0.5, alpha: 1)
            for (a, b, opacity, g0, g1) in [
                (odd, fine, 1.0, 0.0, 100.0), (fine, odd, 1.0, 0.0, 100.0),
                (fine, fine, v, 0.0, 100.0), (fine, fine, 1.0, v, 100.0),
                (fine, fine, 1.0, 0.0, v), (Color(red: 0.1, green: 0.1, blue: 0.1, alpha: v), fine, 1.0, 0.0, 100.0),
            ] {
                let got = columns(a, b, x0: 0, count: 100, g0: g0, g1: g1, opacity: opacity)
                #expect(got.source.count == 100 && got.inverseAlpha.allSatisfy { $0 <= 255 })
            }
            // And a solid colour (the fill's opacity is a ratio of widths).
            #expect(PackedColor(Color(red: v, green: v, blue: v, alpha: v), opacity: v).a <= 255)
            #expect(PackedColor(fine, opacity: v).a <= 255)
        }
    }
}
