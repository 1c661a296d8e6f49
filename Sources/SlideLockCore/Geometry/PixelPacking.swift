/// Pixel formats a panel may scan out.
public enum PixelFormat: String, CaseIterable, Sendable {
    case xrgb8888, rgb565

    public var bytesPerPixel: Int { self == .xrgb8888 ? 4 : 2 }
}

/// Pixel format arithmetic shared by the renderer and the framebuffer edge.
public enum PixelPacking {
    /// XRGB8888 -> RGB565 (red 5, green 6, blue 5 bits; the low bits dropped).
    @inlinable @inline(__always)
    public static func rgb565(_ p: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
    }
}
