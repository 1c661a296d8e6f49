import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The track gradient's colours in fixed point (`Paint.gradientColumns`) against the
/// straight double arithmetic of `Color.mixed` and `PackedColor` they replace.
struct GradientColumnsTests {
    /// The double reference: the colour at `t`, premultiplied and packed.
    func reference(_ a: Color, _ b: Color, t: Double, opacity: Double) -> (UInt32, UInt32) {
        let p = PackedColor(a.mixed(with: b, by: t), opacity: opacity)
        return (p.r << 16 | p.g << 8 | p.b, 255 - p.a)
    }

    func columns(_ a: Color, _ b: Color, x0: Int, count: Int, g0: Double, g1: Double, opacity: Double)
        -> (source: [UInt32], inverseAlpha: [UInt32])
    {
        Paint.horizontalGradient(from: a, to: b, x0: g0, x1: g1).columns(from: x0, count: count, opacity: opacity)
    }

    @Test func fixedPointIsWithinOneOfTheDoublesPerChannel() {
        let pairs: [(Color, Color)] = [
            (Color(red: 0.1, green: 0.6, blue: 0.9), Color(red: 0.9, green: 0.2, blue: 0.4)),
            (Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1)),
            (Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)),
            (Color(red: 0.5, green: 0.5, blue: 0.5), Color(red: 0.5, green: 0.5, blue: 0.5)),
            (Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.6), Color(red: 0.7, green: 0.1, blue: 0.0, alpha: 0.6)),
        ]
        var exact = 0
        var total = 0
        for (a, b) in pairs {
            for opacity in [1.0, 0.85, 0.3, 0] {
                for (g0, g1) in [(20.0, 1900.0), (700.5, 80.25), (0.0, 3.0)] {
                    let x0 = 10
                    let count = 1920
                    let got = columns(a, b, x0: x0, count: count, g0: g0, g1: g1, opacity: opacity)
                    for i in 0..<count {
                        let t = min(max((Double(x0 + i) + 0.5 - g0) / (g1 - g0), 0), 1)
                        let (s, inv) = reference(a, b, t: t, opacity: opacity)
                        #expect(got.inverseAlpha[i] == inv)
                        for shift: UInt32 in [0, 8, 16] {
                            let d = Int((got.source[i] >> shift) & 0xFF) - Int((s >> shift) & 0xFF)
                            #expect(abs(d) <= 1, "column \(x0 + i), channel shift \(shift): \(d)")
                        }
                        if got.source[i] == s { exact += 1 }
                        total += 1
                    }
                }
            }
        }
        // Off by one only where a channel lies within a rounding step of .5.
        #expect(Double(exact) / Double(total) > 0.99, "\(exact) of \(total) exact")
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

    /// Ends outside 0...1 or an alpha that changes along the gradient take the doubles,
    /// which clamp each channel as `PackedColor` does.
    @Test func outOfRangeEndsAndAlphaRampsTakeTheDoubles() {
        let cases: [(Color, Color)] = [
            (Color(red: -0.5, green: 0.5, blue: 1.5), Color(red: 1.5, green: 0.5, blue: -0.5)),
            (Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.2)),
        ]
        for (a, b) in cases {
            let got = columns(a, b, x0: 0, count: 300, g0: 0, g1: 300, opacity: 1)
            for i in stride(from: 0, to: 300, by: 7) {
                let t = Double(Int32((Double(i) + 0.5) / 300 * 16384 + 0.5)) / 16384
                let (s, inv) = reference(a, b, t: t, opacity: 1)
                #expect(got.source[i] == s && got.inverseAlpha[i] == inv, "column \(i)")
            }
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
