/// A coverage mask's blend terms for one colour, kept between frames: per mask pixel, the
/// colour scaled by the pixel's coverage (premultiplied, packed) and the factor the pixel
/// under it keeps, `255 - alpha * coverage / 255`, in every byte. A label over the animated
/// track is the same glyphs in the same colour frame after frame, so each frame's blend is
/// `dst * factor / 255 + term` per channel (`blendTermsSpan`), half the arithmetic of `blend`
/// and in 16-bit lanes. Exactly `blend`'s result: the terms are its two halves.
final class MaskTint {
    private(set) var terms: [UInt32] = []
    private(set) var factors: [UInt32] = []
    private var built: (source: UInt32, alpha: UInt32)?

    /// Forgets the colour: the next `prepare` computes the terms, for a different mask of
    /// the same size.
    func invalidate() { built = nil }

    /// Makes the terms those of `source` (premultiplied, packed) at `alpha` over `mask`.
    func prepare(_ mask: [UInt8], source: UInt32, alpha: UInt32) {
        if let built, built.source == source && built.alpha == alpha && terms.count == mask.count { return }
        built = (source, alpha)
        if terms.count != mask.count {
            terms = [UInt32](repeating: 0, count: mask.count)
            factors = terms
        }
        terms.withUnsafeMutableBufferPointer { t in
            factors.withUnsafeMutableBufferPointer { f in
                for i in mask.indices {
                    let c = UInt32(mask[i])
                    t[i] = scalePacked(source, c)
                    f[i] = (255 &- div255(alpha &* c)) &* 0x0101_0101
                }
            }
        }
    }
}

/// `dst = term + dst * factor / 255` per channel, rounded as `scalePacked`, 4 pixels at a
/// time in 16-bit lanes: each lane holds two channels, split into even and odd bytes (no
/// conversions between vector types: Swift does not inline those). `factors` repeat each
/// pixel's factor in all four bytes, so they line up with the pixel's channels. No channel
/// carries (checked for every colour, alpha, coverage and pixel value), so the lanes add
/// exactly as the packed form.
@inline(__always)
func blendTermsSpan(_ dst: UnsafeMutablePointer<UInt32>, _ terms: UnsafePointer<UInt32>,
                    _ factors: UnsafePointer<UInt32>, count: Int) {
    let d = UnsafeMutableRawPointer(dst), t = UnsafeRawPointer(terms), f = UnsafeRawPointer(factors)
    let low = SIMD8<UInt16>(repeating: 0xFF)
    var i = 0
    while i &+ 4 <= count {
        let o = 4 &* i
        let v = UnsafeRawPointer(d + o).loadUnaligned(as: SIMD8<UInt16>.self)
        let k = (f + o).loadUnaligned(as: SIMD8<UInt16>.self) & low
        var even = (v & low) &* k &+ 128
        even = (even &+ (even &>> 8)) &>> 8
        var odd = (v &>> 8) &* k &+ 128
        odd = (odd &+ (odd &>> 8)) &>> 8
        let sum = (even | (odd &<< 8)) &+ (t + o).loadUnaligned(as: SIMD8<UInt16>.self)
        (d + o).storeBytes(of: sum, as: SIMD8<UInt16>.self)
        i &+= 4
    }
    while i < count {
        dst[i] = terms[i] &+ scalePacked(dst[i], factors[i] & 0xFF)
        i &+= 1
    }
}
