/// Four XRGB pixels as eight 16-bit lanes, the form every blend loop works in: each lane
/// holds two channels, split into even bytes (blue, red) and odd bytes (green, unused).
/// No conversions between vector types: Swift does not always inline those.

/// `x / 255` rounded in every lane, exact for x in 0...65025 (as `div255`). Three
/// instructions on NEON (add, shift-and-add, shift). A high-half multiply (`pmulhuw`) would
/// save two on x86-64, but needs a conversion to 32-bit lanes, and LLVM already folds the
/// odd lanes' shifts: measured 3 % fewer instructions a hue frame, no faster.
@inline(__always)
func over255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// `scalePacked` of four pixels in lanes, each by its factor (0...255) in both of its
/// lanes in `k`.
@inline(__always)
func scaleLanes(_ v: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let low = SIMD8<UInt16>(repeating: 0xFF)
    return over255((v & low) &* k) | (over255((v &>> 8) &* k) &<< 8)
}

/// `term + pixel * factor / 255` per channel for the group of four pixels at `p`, in place:
/// the blend every span ends in, with its terms and factors already in lanes (`scaleLanes`).
@inline(__always)
func blendGroup(_ p: UnsafeMutableRawPointer, terms: SIMD8<UInt16>, factors: SIMD8<UInt16>) {
    let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
    p.storeBytes(of: scaleLanes(v, factors) &+ terms, as: SIMD8<UInt16>.self)
}
