import SlideLockCore
import SlideLockPlatform

/// The test pattern against a framebuffer read back from the kernel.
public enum PatternComparison {
    /// Pixels of `expected` (`width` x `height`, XRGB8888) that `actual` does not show. An
    /// RGB565 framebuffer is compared with the pattern reduced to RGB565 and widened back,
    /// the way the output converted it; a framebuffer of another size differs everywhere.
    public static func differing(expected: [UInt32], width: Int, height: Int, actual: ScanoutImage) -> Int {
        guard actual.width == width, actual.height == height, expected.count == width * height,
            actual.pixels.count == expected.count
        else { return width * height }
        let narrow = actual.format == "RGB565"
        var count = 0
        for (want, got) in zip(expected, actual.pixels) {
            let shown = narrow ? CRTCReadback.widen565(PixelPacking.rgb565(want)) : want & 0xFF_FFFF
            if shown != got { count += 1 }
        }
        return count
    }
}
