import CLinux
import SlideLockCore

/// An opaque XRGB8888 pixel buffer (0x00RRGGBB) with a clip rectangle. Every drawing
/// operation changes only pixels inside `clip`, and computes each pixel from its own
/// coordinates alone, so redrawing a damaged rectangle gives exactly the full-frame pixels.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Row-major, `width` pixels per row, owned by the canvas.
    public let pixels: UnsafeMutablePointer<UInt32>
    public var clip: PixelRect
    /// Coverage rows of recent rounded rectangles (`ShapeRows`).
    var shapes = ShapeCache()

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "canvas must not be empty")
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
        clip = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    deinit { pixels.deallocate() }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Runs `body` with the clip narrowed to `rect`, then restores it.
    public func withClip(_ rect: PixelRect, _ body: () -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        if !clip.isEmpty { body() }
        clip = saved
    }

    public func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Opaque fill of `rect` (clipped); the fast path for backgrounds.
    public func fill(_ rect: PixelRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        fillBand(r.x, r.maxX, rows: r.y, r.maxY, PackedColor(color).opaque)
    }

    /// Columns `x0..<x1` of rows `y0..<y1` set to `value` (a packed opaque pixel), in one
    /// call when they span whole rows (their memory is then contiguous). Not clipped.
    func fillBand(_ x0: Int, _ x1: Int, rows y0: Int, _ y1: Int, _ value: UInt32) {
        guard x0 < x1 && y0 < y1 else { return }
        if x0 == 0 && x1 == width {
            fillPixels(pixels + y0 * width, value, count: (y1 - y0) * width)
            return
        }
        for y in y0..<y1 { fillPixels(pixels + y * width + x0, value, count: x1 - x0) }
    }

    /// Copies every pixel of `other` (same size) inside the clip.
    public func copy(from other: Canvas) {
        precondition(other.width == width && other.height == height)
        let r = clip
        for y in r.y..<r.maxY {
            (pixels + y * width + r.x).update(from: other.pixels + y * width + r.x, count: r.width)
        }
    }
}

/// `count` pixels of `value` from `p`: backgrounds, most of a full frame's stores. On
/// x86-64, glibc's `wmemset` (wchar_t is 32 bits on Linux) stores with the widest vectors
/// the CPU has, picked at run time (AVX2, AVX-512), as its `memset` does; Swift's loop is
/// built for the baseline's 16-byte stores and filled an 800x480 frame in 28 us against
/// 21 us (memset: 20 us) here. Elsewhere the loop: arm64's NEON stores are as wide as
/// that target has, and glibc's generic `wmemset` is no wider.
@inline(__always)
func fillPixels(_ p: UnsafeMutablePointer<UInt32>, _ value: UInt32, count: Int) {
    #if arch(x86_64)
        if count >= 64 {
            p.withMemoryRebound(to: wchar_t.self, capacity: count) {
                _ = wmemset($0, wchar_t(bitPattern: value), count)
            }
            return
        }
    #endif
    p.update(repeating: value, count: count)
}

/// `v` clamped to 0...1, and NaN to 0: a colour's number can never trap its conversion.
@usableFromInline @inline(__always)
func unit(_ v: Double) -> Double { v >= 0 ? (v <= 1 ? v : 1) : 0 }

/// A colour as premultiplied 8-bit components, ready for blending.
@usableFromInline
struct PackedColor {
    @usableFromInline var r: UInt32, g: UInt32, b: UInt32, a: UInt32

    @usableFromInline
    init(_ c: Color, opacity: Double = 1) {
        let alpha = unit(c.alpha * opacity)
        // + 0.5 and truncation rounds these non-negative values without a libm call.
        func ch(_ v: Double) -> UInt32 { UInt32(unit(v) * alpha * 255 + 0.5) }
        r = ch(c.red)
        g = ch(c.green)
        b = ch(c.blue)
        a = UInt32(alpha * 255 + 0.5)
    }

    /// The premultiplied colour packed as a pixel, 0x00RRGGBB.
    @usableFromInline var packed: UInt32 { r << 16 | g << 8 | b }

    /// The colour as if opaque (premultiplied by 1).
    @usableFromInline var opaque: UInt32 {
        // Undo the premultiplication only for display of opaque fills.
        a == 0 ? 0 : (min(255, r * 255 / a) << 16) | (min(255, g * 255 / a) << 8) | min(255, b * 255 / a)
    }
}
