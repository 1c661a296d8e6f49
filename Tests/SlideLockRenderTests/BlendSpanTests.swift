import Testing
@testable import SlideLockCore
@testable import SlideLockRender

/// The one-colour span blend works on bytes in 16-bit lanes; it must give exactly what the
/// packed per-pixel blend gives, for any colour, opacity, span length and alignment.
@Suite struct BlendSpanTests {
    @Test(arguments: [(Color.white, 0.9), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
                      (Color(rgb: 0x76C893), 1.0), (Color(red: 1, green: 1, blue: 1, alpha: 0.5), 0.999)])
    func aSolidSpanEqualsThePackedBlend(color: Color, opacity: Double) {
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b, inverse = 255 - p.a
        var seed: UInt32 = 12345
        for count in [0, 1, 3, 4, 5, 7, 8, 9, 16, 31, 130] {
            for offset in 0..<4 {
                let n = offset + count
                let a = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, n))
                let b = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, n))
                defer { a.deallocate(); b.deallocate() }
                for i in 0..<n {
                    seed = seed &* 1664525 &+ 1013904223
                    a[i] = seed >> 8
                    b[i] = a[i]
                }
                let sources = [UInt32](repeating: source, count: max(1, count))
                let inverses = [UInt32](repeating: inverse, count: max(1, count))
                blendOpaqueSpan(a + offset, sources, inverses, count: count)
                blendSolidSpan(b + offset, source, inverse, count: count)
                for i in 0..<n { #expect(a[i] == b[i], "count \(count) offset \(offset) pixel \(i)") }
            }
        }
    }

    /// A mask's cached terms blended in 16-bit lanes give exactly `blend` per pixel: every
    /// coverage, translucent and opaque colours, any span length and alignment.
    @Test(arguments: [(Color.white, 1.0), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
                      (Color(red: 0.2, green: 1, blue: 0.7, alpha: 0.5), 0.999), (Color.black, 1.0)])
    func maskTermsEqualThePerPixelBlend(color: Color, opacity: Double) {
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b
        var seed: UInt32 = 777
        func next() -> UInt32 { seed = seed &* 1664525 &+ 1013904223; return seed >> 8 }
        // All 256 coverages, then random ones, with 0 and 255 runs as glyphs have.
        let mask = (0..<256).map { UInt8($0) } + (0..<300).map { _ in UInt8(truncatingIfNeeded: next() % 3 == 0 ? 0 : next()) }
        let tint = MaskTint()
        tint.prepare(mask, source: source, alpha: p.a)
        for count in [0, 1, 3, 4, 5, 7, 8, 9, 131, mask.count] {
            for offset in 0..<4 where offset + count <= mask.count {
                let a = (0..<count).map { _ in next() & 0xFFFFFF }
                var b = a
                b.withUnsafeMutableBufferPointer { dst in
                    tint.terms.withUnsafeBufferPointer { t in
                        tint.factors.withUnsafeBufferPointer { f in
                            blendTermsSpan(dst.baseAddress!, t.baseAddress! + offset, f.baseAddress! + offset, count: count)
                        }
                    }
                }
                for i in 0..<count {
                    let want = blend(a[i], source: source, alpha: p.a, coverage: UInt32(mask[offset + i]))
                    #expect(b[i] == want, "count \(count) offset \(offset) pixel \(i)")
                }
            }
        }
    }

    /// The terms follow the colour: a second colour over the same mask is not the first's.
    @Test func maskTermsFollowTheColour() {
        let tint = MaskTint()
        let mask: [UInt8] = [0, 128, 255, 255]
        tint.prepare(mask, source: 0xFF_FFFF, alpha: 255)
        var a: [UInt32] = [0x102030, 0x102030, 0x102030, 0x102030]
        tint.prepare(mask, source: 0x00_00FF, alpha: 255)
        a.withUnsafeMutableBufferPointer { dst in
            tint.terms.withUnsafeBufferPointer { t in
                tint.factors.withUnsafeBufferPointer { f in
                    blendTermsSpan(dst.baseAddress!, t.baseAddress!, f.baseAddress!, count: 4)
                }
            }
        }
        #expect(a == [0x102030, blend(0x102030, source: 0xFF, alpha: 255, coverage: 128), 0xFF, 0xFF])
    }
}

