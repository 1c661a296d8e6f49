import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The span blends work four pixels at a time in 16-bit lanes; they must give exactly what
/// the packed per-pixel blend gives, for any colour, coverage, span length and alignment,
/// and touch no pixel outside their span.
@Suite struct BlendSpanTests {
    struct Noise {
        var seed: UInt32
        mutating func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
    }

    static let colours: [(Color, Double)] = [
        (Color.white, 0.9), (Color(rgb: 0x3A0CA3), 0.6), (Color(rgb: 0xFF8000), 0.01),
        (Color(rgb: 0x76C893), 1.0), (Color(red: 1, green: 1, blue: 1, alpha: 0.5), 0.999),
    ]

    @Test func aSpanEqualsThePackedBlend() {
        var noise = Noise(seed: 12345)
        for (color, opacity) in Self.colours {
            for count in [0, 1, 3, 4, 5, 7, 8, 9, 16, 31, 130] {
                for offset in 0..<4 {
                    let n = offset + count + 4
                    let before = (0..<n).map { _ in noise.next() & 0xFF_FFFF }
                    // Per pixel a colour of its own at this opacity: a gradient's columns.
                    let packed = (0..<max(1, count)).map { i in
                        PackedColor(
                            color.mixed(with: Color(rgb: noise.next()), by: Double(i % 5) / 4), opacity: opacity)
                    }
                    var pixels = before
                    pixels.withUnsafeMutableBufferPointer { p in
                        blendSpan(
                            p.baseAddress! + offset, packed.map(\.packed), packed.map { 255 - $0.a }, count: count)
                    }
                    for i in 0..<n {
                        let inside = i >= offset && i < offset + count
                        let want =
                            inside
                            ? packed[i - offset].packed &+ scalePacked(before[i], 255 - packed[i - offset].a)
                            : before[i]
                        #expect(pixels[i] == want, "count \(count) offset \(offset) pixel \(i)")
                    }
                }
            }
        }
    }

    @Test func aCoverageSpanEqualsThePackedBlend() {
        var noise = Noise(seed: 777)
        // All 256 coverages, then random ones with 0 and 255 runs, as glyphs have.
        let mask =
            (0..<256).map { UInt8($0) }
            + (0..<300).map { _ in UInt8(truncatingIfNeeded: noise.next() % 3 == 0 ? 0 : noise.next()) }
        for (color, opacity) in Self.colours {
            let p = PackedColor(color, opacity: opacity)
            for count in [0, 1, 3, 4, 5, 9, 130, mask.count - 3] {
                for offset in 0..<4 {
                    let n = offset + count + 4
                    let before = (0..<n).map { _ in noise.next() & 0xFF_FFFF }
                    var pixels = before
                    pixels.withUnsafeMutableBufferPointer { d in
                        mask.withUnsafeBufferPointer { m in
                            blendCoverageSpan(d.baseAddress! + offset, m.baseAddress! + offset, p, count: count)
                        }
                    }
                    for i in 0..<n {
                        let inside = i >= offset && i < offset + count
                        let want =
                            inside
                            ? blend(before[i], source: p.packed, alpha: p.a, coverage: UInt32(mask[i])) : before[i]
                        #expect(pixels[i] == want, "count \(count) offset \(offset) pixel \(i)")
                    }
                }
            }
        }
    }

    @Test func lanesDivideBy255AsDiv255() {
        for x in stride(from: 0, through: 65025, by: 1) where x % 8 == 0 {
            let lanes = over255(SIMD8<UInt16>((0..<8).map { UInt16(x + $0 <= 65025 ? x + $0 : 0) }))
            for k in 0..<8 where x + k <= 65025 { #expect(UInt32(lanes[k]) == div255(UInt32(x + k))) }
        }
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
