import SlideLockCore

/// How a Linux framebuffer packs a pixel, from the bitfields `FBIOGET_VSCREENINFO` reports.
/// Small panels come in both 16-bit orders: fbtft's SPI drivers put red in the top bits
/// (RGB565), others (the kernel's `vfb` among them) put it at bit 0 (BGR565).
public enum FramebufferLayout: Equatable, Sendable {
    case xrgb8888
    case rgb565
    case bgr565

    /// One colour channel as the kernel describes it: its lowest bit and its width.
    public struct Channel: Equatable, Sendable {
        public var offset: Int
        public var length: Int

        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    /// The layout of these bitfields, or nil when slidelock cannot draw into it.
    public init?(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel) {
        switch (bitsPerPixel, red, green, blue) {
        case (32, Channel(offset: 16, length: 8), Channel(offset: 8, length: 8), Channel(offset: 0, length: 8)):
            self = .xrgb8888
        case (16, Channel(offset: 11, length: 5), Channel(offset: 5, length: 6), Channel(offset: 0, length: 5)):
            self = .rgb565
        case (16, Channel(offset: 0, length: 5), Channel(offset: 5, length: 6), Channel(offset: 11, length: 5)):
            self = .bgr565
        default:
            return nil
        }
    }

    public var bitsPerPixel: Int { self == .xrgb8888 ? 32 : 16 }

    /// What the renderer draws for it: both 16-bit orders keep 5, 6 and 5 bits of each
    /// channel, so they look the same.
    public var pixelFormat: PixelFormat { self == .xrgb8888 ? .xrgb8888 : .rgb565 }

    /// `RGB565`, for logs and `list-outputs`.
    public var name: String {
        switch self {
        case .xrgb8888: return "XRGB8888"
        case .rgb565: return "RGB565"
        case .bgr565: return "BGR565"
        }
    }

    /// The 16-bit value of an XRGB8888 pixel in this layout (`xrgb8888` is not packed).
    @inline(__always)
    func pack16(_ pixel: UInt32) -> UInt16 {
        let rgb = PixelPacking.rgb565(pixel)
        guard self == .bgr565 else { return rgb }
        return (rgb >> 11) | (rgb & 0x07E0) | (rgb << 11)
    }

    /// `16 bpp: red 0/5, green 5/6, blue 11/5`: what a framebuffer slidelock refuses has.
    public static func describe(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel) -> String {
        func field(_ c: Channel) -> String { "\(c.offset)/\(c.length)" }
        return "\(bitsPerPixel) bpp, red \(field(red)), green \(field(green)), blue \(field(blue)) (offset/length)"
    }
}
