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
}
