/// The pixel arithmetic every primitive blends with: source-over of premultiplied colours
/// onto opaque XRGB pixels, one at a time and four at a time.

/// Source-over of a premultiplied colour (packed, 0x00RRGGBB) scaled by `coverage` (0...255)
/// onto an opaque pixel: per channel
/// `src * c / 255 + dst * (255 - a * c / 255) / 255`, two channels per multiply.
@inlinable @inline(__always)
func blend(_ dst: UInt32, source: UInt32, alpha: UInt32, coverage: UInt32) -> UInt32 {
    let inv = 255 &- div255(alpha &* coverage)
    return scalePacked(source, coverage) &+ scalePacked(dst, inv)
}

/// x / 255 rounded, exact for x in 0...65025.
@inlinable @inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// The hot loop of big shapes: `dst = source + dst * inverse / 255` per channel, rounded as
/// `scalePacked`, so exactly its result. Four pixels at a time in 16-bit lanes, each lane
/// two channels (even bytes: blue, red; odd bytes: green, unused), as x86-64's baseline
/// has no 32-bit multiply; the last pixels (under four) one by one. `source` is
/// premultiplied (each channel <= alpha), so no channel carries into the next.
@inline(__always)
func blendSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>,
    _ inverse: UnsafePointer<UInt32>, count: Int
) {
    let d = UnsafeMutableRawPointer(dst)
    var i = 0
    while i &+ 4 <= count {
        let o = 4 &* i
        let v = UnsafeRawPointer(d + o).loadUnaligned(as: SIMD8<UInt16>.self)
        let s = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<UInt16>.self)
        let k32 = UnsafeRawPointer(inverse + i).loadUnaligned(as: SIMD4<UInt32>.self)
        // Each pixel's factor in both of its lanes.
        let k = unsafeBitCast(k32 | k32 &<< 16, to: SIMD8<UInt16>.self)
        (d + o).storeBytes(of: scaleLanes(v, k) &+ s, as: SIMD8<UInt16>.self)
        i &+= 4
    }
    while i < count {
        dst[i] = source[i] &+ scalePacked(dst[i], inverse[i])
        i &+= 1
    }
}

/// `scalePacked` of four pixels in lanes, each by its factor (0...255) in both of its lanes.
@inline(__always)
func scaleLanes(_ v: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let low = SIMD8<UInt16>(repeating: 0xFF)
    return over255((v & low) &* k) | over255((v &>> 8) &* k) &<< 8
}

/// `x / 255` rounded in every lane, exact for x in 0...65025 (as `div255`).
@inline(__always)
func over255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// `pixel * factor / 255`, rounded, for each channel of an XRGB pixel (factor 0...255).
@inlinable @inline(__always)
func scalePacked(_ pixel: UInt32, _ factor: UInt32) -> UInt32 {
    var rb = (pixel & 0xFF00FF) &* factor &+ 0x800080
    rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
    var g = (pixel & 0xFF00) &* factor &+ 0x8000
    g = ((g &+ ((g >> 8) & 0xFF00)) >> 8) & 0xFF00
    return rb | g
}

/// `blend(dst, colour, coverage)` per pixel, four pixels at a time in 16-bit lanes as
/// `blendSpan` (the same roundings, so exactly the scalar result); groups of four with no
/// coverage are left alone, the last pixels (under four) blended one by one.
@inline(__always)
func blendCoverageSpan(
    _ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ p: PackedColor, count: Int
) {
    let low = SIMD8<UInt16>(repeating: 0xFF)
    let (b, g, r) = (UInt16(p.b), UInt16(p.g), UInt16(p.r))
    let even = SIMD8<UInt16>(b, r, b, r, b, r, b, r)
    let odd = SIMD8<UInt16>(g, 0, g, 0, g, 0, g, 0)
    let alpha = SIMD8<UInt16>(repeating: UInt16(p.a))
    let d = UnsafeMutableRawPointer(dst)
    var i = 0
    while i &+ 4 <= count {
        let (c0, c1, c2, c3) = (
            UInt16(coverage[i]), UInt16(coverage[i &+ 1]), UInt16(coverage[i &+ 2]), UInt16(coverage[i &+ 3])
        )
        if c0 | c1 | c2 | c3 != 0 {
            let c = SIMD8<UInt16>(c0, c0, c1, c1, c2, c2, c3, c3)
            let term = over255(even &* c) | over255(odd &* c) &<< 8
            let v = UnsafeRawPointer(d + 4 &* i).loadUnaligned(as: SIMD8<UInt16>.self)
            (d + 4 &* i).storeBytes(of: scaleLanes(v, low &- over255(alpha &* c)) &+ term, as: SIMD8<UInt16>.self)
        }
        i &+= 4
    }
    while i < count {
        dst[i] = blend(dst[i], source: p.packed, alpha: p.a, coverage: UInt32(coverage[i]))
        i &+= 1
    }
}
