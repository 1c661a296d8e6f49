import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

@Suite struct PatternComparisonTests {
    let pattern: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0x202020]

    @Test func anXRGBFramebufferMustHoldTheSamePixelsIgnoringTheXByte() {
        var image = ScanoutImage(framebufferID: 1, width: 2, height: 2, format: "XRGB8888", pixels: pattern)
        #expect(PatternComparison.differing(expected: pattern, width: 2, height: 2, actual: image) == 0)
        image.pixels[3] = 0x202021
        #expect(PatternComparison.differing(expected: pattern, width: 2, height: 2, actual: image) == 1)
    }

    @Test func anRGB565FramebufferIsComparedAsTheOutputConvertedIt() {
        let shown = pattern.map { CRTCReadback.widen565(PixelPacking.rgb565($0)) }
        var image = ScanoutImage(framebufferID: 1, width: 2, height: 2, format: "RGB565", pixels: shown)
        #expect(PatternComparison.differing(expected: pattern, width: 2, height: 2, actual: image) == 0)
        #expect(shown[3] != 0x202020) // 0x20 does not survive 5 bits: the test compares something
        image.pixels[0] = 0x00FF00
        #expect(PatternComparison.differing(expected: pattern, width: 2, height: 2, actual: image) == 1)
    }

    @Test func aFramebufferOfAnotherSizeDiffersEverywhere() {
        let image = ScanoutImage(framebufferID: 1, width: 4, height: 1, format: "XRGB8888", pixels: pattern)
        #expect(PatternComparison.differing(expected: pattern, width: 2, height: 2, actual: image) == 4)
    }

    @Test func widening565RepeatsTheTopBits() {
        #expect(CRTCReadback.widen565(0xFFFF) == 0xFF_FFFF)
        #expect(CRTCReadback.widen565(0xF800) == 0xFF_0000)
        #expect(CRTCReadback.widen565(0) == 0)
    }
}
