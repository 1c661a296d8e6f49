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
    /// The colour asked for last (`usesTerms`).
    private var asked: (source: UInt32, alpha: UInt32)?
    /// Times the terms were computed (tests check a fading label computes none).
    private(set) var prepared = 0

    /// Forgets the colour: the next `prepare` computes the terms, for a different mask of
    /// the same size.
    func invalidate() { built = nil }

    /// Whether to blend through terms: yes when they are those of this colour, or when the
    /// colour was asked for the call before too (a resting label, an icon). A colour that
    /// changes every call (a label fading as the thumb passes) is blended straight from the
    /// mask (`blendCoverageSpan`): its terms would be used once, and cost more than the blend.
    func usesTerms(source: UInt32, alpha: UInt32, count: Int) -> Bool {
        defer { asked = (source, alpha) }
        if let built, built == (source, alpha), terms.count == count { return true }
        return asked.map { $0 == (source, alpha) } ?? false
    }

    /// Makes the terms those of `source` (premultiplied, packed) at `alpha` over `mask`.
    func prepare(_ mask: [UInt8], source: UInt32, alpha: UInt32) {
        if let built, built.source == source && built.alpha == alpha && terms.count == mask.count { return }
        built = (source, alpha)
        prepared += 1
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
func blendTermsSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ terms: UnsafePointer<UInt32>,
    _ factors: UnsafePointer<UInt32>, count: Int
) {
    let d = UnsafeMutableRawPointer(dst)
    let t = UnsafeRawPointer(terms)
    let f = UnsafeRawPointer(factors)
    let low = SIMD8<UInt16>(repeating: 0xFF)
    var i = 0
    while i &+ 4 <= count {
        let o = 4 &* i
        blendGroup(
            d + o, terms: (t + o).loadUnaligned(as: SIMD8<UInt16>.self),
            factors: (f + o).loadUnaligned(as: SIMD8<UInt16>.self) & low)
        i &+= 4
    }
    // The last pixels (under four) as one more group: the lanes past the span get term 0
    // and factor 255, which leave a pixel as it is (see `Canvas.slack`).
    let r = count &- i
    guard r > 0 else { return }
    let t4 = SIMD4<UInt32>(terms[i], r > 1 ? terms[i &+ 1] : 0, r > 2 ? terms[i &+ 2] : 0, 0)
    let keep: UInt32 = 0xFFFF_FFFF
    let f4 = SIMD4<UInt32>(factors[i], r > 1 ? factors[i &+ 1] : keep, r > 2 ? factors[i &+ 2] : keep, keep)
    blendGroup(
        d + 4 &* i, terms: unsafeBitCast(t4, to: SIMD8<UInt16>.self),
        factors: unsafeBitCast(f4, to: SIMD8<UInt16>.self) & low)
}

/// `blend(dst, source, alpha, coverage)` for four pixels in 16-bit lanes, as
/// `blendTermsSpan`: each pixel's term and factor are worked out in the lanes (the same
/// roundings as `MaskTint.prepare`), then applied. Exactly the terms path's result, without
/// writing the terms.
struct CoverageLanes {
    let low = SIMD8<UInt16>(repeating: 0xFF)
    /// Blue and red in the even bytes, green (and the unused byte, 0) in the odd ones.
    let even: SIMD8<UInt16>, odd: SIMD8<UInt16>, alpha: SIMD8<UInt16>

    @inline(__always)
    init(source: UInt32, alpha: UInt32) {
        let (b, g, r) = (UInt16(source & 0xFF), UInt16((source >> 8) & 0xFF), UInt16((source >> 16) & 0xFF))
        even = SIMD8<UInt16>(b, r, b, r, b, r, b, r)
        odd = SIMD8<UInt16>(g, 0, g, 0, g, 0, g, 0)
        self.alpha = SIMD8<UInt16>(repeating: UInt16(alpha))
    }

    /// Pixels `v` (four, as lanes) under the colour at coverages `c` (each twice, lane pairs).
    @inline(__always)
    func blend(_ v: SIMD8<UInt16>, coverage c: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let term = over255(even &* c) | (over255(odd &* c) &<< 8)
        let k = low &- over255(alpha &* c)
        return scaleLanes(v, k) &+ term
    }
}

/// `blend(dst, source, alpha, coverage)` per pixel straight from the coverage bytes, four
/// pixels at a time (`CoverageLanes`); groups of four with no coverage are left alone.
@inline(__always)
func blendCoverageSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>,
    source: UInt32, alpha: UInt32, count: Int
) {
    let d = UnsafeMutableRawPointer(dst)
    let lanes = CoverageLanes(source: source, alpha: alpha)
    var i = 0
    while i &+ 4 <= count {
        let (c0, c1, c2, c3) = (
            UInt16(coverage[i]), UInt16(coverage[i &+ 1]), UInt16(coverage[i &+ 2]),
            UInt16(coverage[i &+ 3])
        )
        if c0 | c1 | c2 | c3 != 0 {
            let o = 4 &* i
            let v = UnsafeRawPointer(d + o).loadUnaligned(as: SIMD8<UInt16>.self)
            (d + o).storeBytes(
                of: lanes.blend(v, coverage: SIMD8<UInt16>(c0, c0, c1, c1, c2, c2, c3, c3)),
                as: SIMD8<UInt16>.self)
        }
        i &+= 4
    }
    blendCoverageTail(dst, from: i, count: count, lanes: lanes) { UInt16(coverage[$0]) }
}

/// `blendCoverageSpan` from coverages already in 16-bit lane pairs (each pixel's coverage in
/// both halves of a word, `c * 0x1_0001`): one load gives four pixels' lanes, where the
/// bytes take eight inserts. For a coverage image kept between frames (`LineMask`).
@inline(__always)
func blendCoveragePairsSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ pairs: UnsafePointer<UInt32>,
    source: UInt32, alpha: UInt32, count: Int
) {
    let d = UnsafeMutableRawPointer(dst)
    let p = UnsafeRawPointer(pairs)
    let lanes = CoverageLanes(source: source, alpha: alpha)
    var i = 0
    while i &+ 4 <= count {
        let o = 4 &* i
        let v = UnsafeRawPointer(d + o).loadUnaligned(as: SIMD8<UInt16>.self)
        (d + o).storeBytes(
            of: lanes.blend(v, coverage: (p + o).loadUnaligned(as: SIMD8<UInt16>.self)),
            as: SIMD8<UInt16>.self)
        i &+= 4
    }
    blendCoverageTail(dst, from: i, count: count, lanes: lanes) { UInt16(truncatingIfNeeded: pairs[$0] & 0xFF) }
}

/// The last pixels of a span (under four) as one more group of four: the lanes past the
/// span get coverage 0, which leaves a pixel as it is, so the pixels after the span are
/// read and written back unchanged (`Canvas.slack` keeps them inside the buffer). One group
/// costs less than up to three pixels one by one, and its branches are fewer.
@inline(__always)
private func blendCoverageTail(
    _ dst: UnsafeMutablePointer<UInt32>, from start: Int, count: Int,
    lanes: CoverageLanes, _ coverage: (Int) -> UInt16
) {
    let r = count &- start
    guard r > 0 else { return }
    let c0 = coverage(start)
    let c1 = r > 1 ? coverage(start &+ 1) : 0
    let c2 = r > 2 ? coverage(start &+ 2) : 0
    let d = UnsafeMutableRawPointer(dst + start)
    let v = UnsafeRawPointer(d).loadUnaligned(as: SIMD8<UInt16>.self)
    d.storeBytes(of: lanes.blend(v, coverage: SIMD8<UInt16>(c0, c0, c1, c1, c2, c2, 0, 0)), as: SIMD8<UInt16>.self)
}
