import Foundation
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// The framebuffer layouts slidelock draws into, and `display.fbdev` by driver name.
struct FramebufferTests {
    typealias Channel = FramebufferLayout.Channel

    static func layout(_ bpp: Int, _ r: (Int, Int), _ g: (Int, Int), _ b: (Int, Int)) -> FramebufferLayout? {
        FramebufferLayout(
            bitsPerPixel: bpp, red: Channel(offset: r.0, length: r.1), green: Channel(offset: g.0, length: g.1),
            blue: Channel(offset: b.0, length: b.1))
    }

    @Test func bothSixteenBitOrdersAndXRGBAreKnown() {
        #expect(Self.layout(16, (11, 5), (5, 6), (0, 5)) == .rgb565)
        #expect(Self.layout(16, (0, 5), (5, 6), (11, 5)) == .bgr565)
        #expect(Self.layout(32, (16, 8), (8, 8), (0, 8)) == .xrgb8888)
    }

    /// RGB555, 24-bit, 8-bit palettes and XBGR8888 would show wrong colours: refused.
    @Test func otherLayoutsAreRefused() {
        #expect(Self.layout(16, (10, 5), (5, 5), (0, 5)) == nil)
        #expect(Self.layout(24, (16, 8), (8, 8), (0, 8)) == nil)
        #expect(Self.layout(8, (0, 8), (0, 8), (0, 8)) == nil)
        #expect(Self.layout(32, (0, 8), (8, 8), (16, 8)) == nil)
    }

    /// Each channel lands in its own bits: pure red, green and blue, packed both ways.
    @Test func packingPutsEachChannelWhereTheLayoutSays() {
        let red: UInt32 = 0xFF_0000
        let green: UInt32 = 0x00_FF00
        let blue: UInt32 = 0x00_00FF
        #expect(FramebufferLayout.rgb565.pack16(red) == 0xF800)
        #expect(FramebufferLayout.rgb565.pack16(blue) == 0x001F)
        #expect(FramebufferLayout.bgr565.pack16(red) == 0x001F)
        #expect(FramebufferLayout.bgr565.pack16(green) == 0x07E0)
        #expect(FramebufferLayout.bgr565.pack16(blue) == 0xF800)
        #expect(FramebufferLayout.bgr565.pack16(0x80_4020) == (0x80 >> 3) | ((0x40 >> 2) << 5) | ((0x20 >> 3) << 11))
    }

    @Test func bothSixteenBitOrdersRenderAsRGB565() {
        #expect(FramebufferLayout.bgr565.pixelFormat == .rgb565)
        #expect(FramebufferLayout.rgb565.pixelFormat == .rgb565)
        #expect(FramebufferLayout.xrgb8888.pixelFormat == .xrgb8888)
    }

    @Test func theRefusalNamesThePathAndTheLayout() {
        let found = FramebufferLayout.describe(
            bitsPerPixel: 16, red: Channel(offset: 10, length: 5), green: Channel(offset: 5, length: 5),
            blue: Channel(offset: 0, length: 5))
        let text = DisplayError.framebufferFormat(path: "/dev/fb1", layout: found).description
        #expect(text.hasPrefix("/dev/fb1: its pixel layout (16 bpp, red 10/5, green 5/5, blue 0/5"), "\(text)")
        #expect(text.contains("RGB565 or BGR565"))
        #expect(!text.contains("\n"))
    }

    static let candidates = [
        FramebufferSelection.Candidate(path: "/dev/fb0", name: "virtio_gpudrmfb"),
        FramebufferSelection.Candidate(path: "/dev/fb1", name: "fb_ili9341"),
    ]

    @Test func aPathIsTakenAsItIs() throws {
        #expect(try FramebufferSelection.choose("/dev/fb7", among: Self.candidates) == "/dev/fb7")
    }

    @Test func aDriverNameFindsItsFramebuffer() throws {
        #expect(try FramebufferSelection.choose("fb_ili9341", among: Self.candidates) == "/dev/fb1")
    }

    @Test func anUnknownNameListsWhatThereIs() {
        #expect(throws: DisplayError.self) { try FramebufferSelection.choose("st7735r", among: Self.candidates) }
        let text = DisplayError.noFramebuffer(name: "st7735r", available: ["/dev/fb0 (virtio_gpudrmfb)"]).description
        #expect(text == "display.fbdev: no framebuffer named st7735r (framebuffers: /dev/fb0 (virtio_gpudrmfb))")
    }

    /// The names come from sysfs (`fbN/name`, newline-terminated) in numeric order.
    @Test func candidatesAreReadFromSysfs() throws {
        let root = NSTemporaryDirectory() + "slidelock-fb-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (n, name) in [(10, "Virtual FB"), (2, "fb_st7789v")] {
            try FileManager.default.createDirectory(atPath: "\(root)/fb\(n)", withIntermediateDirectories: true)
            try (name + "\n").write(toFile: "\(root)/fb\(n)/name", atomically: true, encoding: .utf8)
        }
        let found = FramebufferSelection.candidates(sysfs: root, devices: "/dev")
        #expect(found == [.init(path: "/dev/fb2", name: "fb_st7789v"), .init(path: "/dev/fb10", name: "Virtual FB")])
    }
}
