import CPNG

/// PNG encoding and decoding in memory through libpng's simplified `png_image_*` API
/// (no setjmp, which Swift cannot use). File I/O stays at the edges.
public enum PNGCodec {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Encodes opaque XRGB8888 pixels (row-major, `width` per row) as an RGB PNG.
    public static func encode(xrgb pixels: UnsafePointer<UInt32>, width: Int, height: Int) throws(Failure) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let p = pixels[i]
            rgb[i * 3] = UInt8((p >> 16) & 0xFF)
            rgb[i * 3 + 1] = UInt8((p >> 8) & 0xFF)
            rgb[i * 3 + 2] = UInt8(p & 0xFF)
        }
        var image = png_image()
        image.version = UInt32(slidelock_png_image_version)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR)
        var size: png_alloc_size_t = 0
        // First call measures, second writes.
        guard png_image_write_to_memory(&image, nil, &size, 0, rgb, 0, nil) != 0, size > 0 else {
            throw Failure(description: "PNG encoding failed: \(message(image))")
        }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok = out.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, rgb, 0, nil)
        }
        guard ok != 0 else { throw Failure(description: "PNG encoding failed: \(message(image))") }
        out.removeSubrange(Int(size)...)
        return out
    }

    /// Decodes any PNG to opaque XRGB8888 (alpha composited over black).
    public static func decode(_ data: [UInt8]) throws(Failure) -> (width: Int, height: Int, pixels: [UInt32]) {
        var image = png_image()
        image.version = UInt32(slidelock_png_image_version)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw Failure(description: "not a PNG: \(message(image))") }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR)
        let w = Int(image.width)
        let h = Int(image.height)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        var black = png_color(red: 0, green: 0, blue: 0)
        let ok = rgb.withUnsafeMutableBytes { png_image_finish_read(&image, &black, $0.baseAddress, 0, nil) }
        guard ok != 0 else { throw Failure(description: "PNG decoding failed: \(message(image))") }
        var pixels = [UInt32](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            pixels[i] = UInt32(rgb[i * 3]) << 16 | UInt32(rgb[i * 3 + 1]) << 8 | UInt32(rgb[i * 3 + 2])
        }
        return (w, h, pixels)
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
