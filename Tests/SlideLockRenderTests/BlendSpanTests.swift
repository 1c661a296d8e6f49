import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The one-colour span blend works on bytes in 16-bit lanes; it must give exactly what the
/// packed per-pixel blend gives, for any colour, opacity, span length and alignment.
@Suite struct BlendSpanTests {
    /// All 256 coverages, then random ones, with 0 and 255 runs as glyphs have.
    static func sampleMask(_ next: () -> UInt32) -> [UInt8] {
        (0..<256).map { UInt8($0) } + (0..<300).map { _ in UInt8(truncatingIfNeeded: next() % 3 == 0 ? 0 : next()) }
    }

    @Test(arguments: [
        (Color.white, 0.9), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
        (Color(rgb: 0x76C893), 1.0), (Color(red: 1, green: 1, blue: 1, alpha: 0.5), 0.999),
    ])
    func aSolidSpanEqualsThePackedBlend(color: Color, opacity: Double) {
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b
        let inverse = 255 - p.a
        var seed: UInt32 = 12345
        for count in [0, 1, 3, 4, 5, 7, 8, 9, 16, 31, 130] {
            for offset in 0..<4 {
                // Past the span, the slack a canvas keeps: its last group reads it and must
                // write it back unchanged.
                let n = offset + count + Canvas.slack
                let a = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
                let b = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
                defer {
                    a.deallocate()
                    b.deallocate()
                }
                for i in 0..<n {
                    seed = seed &* 1_664_525 &+ 1_013_904_223
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

    /// A span ending at a canvas's last pixel: its last group of four reads and rewrites the
    /// canvas's slack, which stays as it was, and nothing before the span changes.
    @Test func aSpanAtTheCanvasEndKeepsTheSlack() {
        let canvas = Canvas(width: 5, height: 1)
        for i in 0..<(5 + Canvas.slack) { canvas.pixels[i] = 0x10_2030 &* UInt32(i + 1) & 0xFF_FFFF }
        let before = (0..<(5 + Canvas.slack)).map { canvas.pixels[$0] }
        blendSolidSpan(canvas.pixels + 3, 0x40_4040, 128, count: 2)
        let coverage: [UInt8] = [255]
        blendCoverageSpan(canvas.pixels + 4, coverage, source: 0x20_2020, alpha: 200, count: 1)
        #expect((0..<3).map { canvas.pixels[$0] } == Array(before[0..<3]))
        #expect((5..<(5 + Canvas.slack)).map { canvas.pixels[$0] } == Array(before[5...]))
        #expect(canvas.pixels[3] == 0x40_4040 &+ scalePacked(before[3], 128))
    }

    /// The lanes' division by 255 (a high-half multiply on x86-64, shifts elsewhere) is
    /// `div255` for every product of two bytes, in every lane.
    @Test func lanesDivideBy255AsDiv255() {
        var x = 0
        while x <= 65025 {
            let lanes = SIMD8<UInt16>((0..<8).map { UInt16(min(65025, x + $0)) })
            let got = over255(lanes)
            for i in 0..<8 {
                #expect(UInt32(got[i]) == div255(UInt32(lanes[i])), "x \(lanes[i])")
            }
            x += 8
        }
    }

    /// A mask's cached terms blended in 16-bit lanes give exactly `blend` per pixel: every
    /// coverage, translucent and opaque colours, any span length and alignment.
    @Test(arguments: [
        (Color.white, 1.0), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
        (Color(red: 0.2, green: 1, blue: 0.7, alpha: 0.5), 0.999), (Color.black, 1.0),
    ])
    func maskTermsEqualThePerPixelBlend(color: Color, opacity: Double) {
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b
        var seed: UInt32 = 777
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        let mask = Self.sampleMask(next)
        let tint = MaskTint()
        tint.prepare(mask, source: source, alpha: p.a)
        for count in [0, 1, 3, 4, 5, 7, 8, 9, 131, mask.count] {
            for offset in 0..<4 where offset + count <= mask.count {
                // The span, then the slack a canvas keeps after it (read, written back unchanged).
                let a = (0..<(count + Canvas.slack)).map { _ in next() & 0xFFFFFF }
                var b = a
                b.withUnsafeMutableBufferPointer { dst in
                    tint.terms.withUnsafeBufferPointer { t in
                        tint.factors.withUnsafeBufferPointer { f in
                            blendTermsSpan(
                                dst.baseAddress!, t.baseAddress! + offset, f.baseAddress! + offset, count: count)
                        }
                    }
                }
                for i in 0..<count {
                    let want = blend(a[i], source: source, alpha: p.a, coverage: UInt32(mask[offset + i]))
                    #expect(b[i] == want, "count \(count) offset \(offset) pixel \(i)")
                }
                #expect(b[count...] == a[count...], "count \(count) offset \(offset): the slack changed")
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

    /// A colour blended straight from the coverage bytes (a fading label: a new colour every
    /// frame) gives exactly the per-pixel blend: every coverage, any span length and alignment.
    @Test(arguments: [
        (Color.white, 1.0), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
        (Color(red: 0.2, green: 1, blue: 0.7, alpha: 0.5), 0.999), (Color(rgb: 0xE0E0FF), 0.37),
    ])
    func coverageSpansEqualThePerPixelBlend(color: Color, opacity: Double) {
        let p = PackedColor(color, opacity: opacity)
        let source = p.r << 16 | p.g << 8 | p.b
        var seed: UInt32 = 4242
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        let mask = Self.sampleMask(next)
        for count in [0, 1, 3, 4, 5, 7, 8, 9, 131, mask.count] {
            for offset in 0..<4 where offset + count <= mask.count {
                let a = (0..<(count + Canvas.slack)).map { _ in next() & 0xFFFFFF }
                var b = a
                b.withUnsafeMutableBufferPointer { dst in
                    mask.withUnsafeBufferPointer { m in
                        blendCoverageSpan(
                            dst.baseAddress!, m.baseAddress! + offset, source: source, alpha: p.a, count: count)
                    }
                }
                var wrong = 0
                for i in 0..<count
                where b[i] != blend(a[i], source: source, alpha: p.a, coverage: UInt32(mask[offset + i])) {
                    wrong += 1
                }
                #expect(wrong == 0, "count \(count) offset \(offset): \(wrong) pixels differ")
                #expect(b[count...] == a[count...], "count \(count) offset \(offset): the slack changed")
            }
        }
    }

    /// A glyph drawn in a new colour each call (a label fading as the thumb passes) computes
    /// no terms; asked for in one colour again, it does, and draws what the straight blend draws.
    @Test func aFadingGlyphComputesNoTerms() {
        var seed: UInt32 = 99
        let (w, h) = (23, 17)
        let mask = (0..<(w * h)).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 13)
        }
        let spans = inkSpans(mask, width: w, height: h)
        let fading = MaskTint()
        let canvas = Canvas(width: 40, height: 30)
        for (i, opacity) in [0.9, 0.8, 0.7, 0.6, 0.5].enumerated() {
            canvas.blendMask(
                mask, width: w, height: h, x: 3 + i, y: 5, color: .white, opacity: opacity, spans: spans, tint: fading)
        }
        #expect(fading.prepared == 0, "a fading glyph computed terms \(fading.prepared) times")
        // Three draws in one colour: straight, then terms twice; against three straight ones.
        let kept = MaskTint()
        let a = Canvas(width: 40, height: 30)
        let b = Canvas(width: 40, height: 30)
        for _ in 0..<3 {
            a.blendMask(mask, width: w, height: h, x: 2, y: 3, color: .white, opacity: 0.4, spans: spans, tint: kept)
        }
        for _ in 0..<3 {
            b.blendMask(
                mask, width: w, height: h, x: 2, y: 3, color: .white, opacity: 0.4, spans: spans, tint: MaskTint())
        }
        #expect(kept.prepared == 1, "the terms were computed \(kept.prepared) times")
        var differ = 0
        for p in 0..<(40 * 30) where a.pixels[p] != b.pixels[p] { differ += 1 }
        #expect(differ == 0, "\(differ) pixels differ between the terms and the straight blend")
    }

    /// Background fills: short ones by a loop, long ones by glibc's `wmemset` on x86-64.
    /// Every length either side of the switch, at every alignment, fills exactly its pixels.
    @Test func pixelFillsCoverExactlyTheirPixels() {
        let value: UInt32 = 0x000B_0B12
        let around: UInt32 = 0xDEAD_BEEF
        for count in [0, 1, 3, 63, 64, 65, 67, 800, 1921] {
            for offset in 0..<4 {
                let n = offset + count + 4
                let p = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
                defer { p.deallocate() }
                p.initialize(repeating: around, count: n)
                fillPixels(p + offset, value, count: count)
                for i in 0..<n {
                    let want = i >= offset && i < offset + count ? value : around
                    #expect(p[i] == want, "count \(count), offset \(offset), pixel \(i)")
                    if p[i] != want { return }
                }
            }
        }
    }
}
