import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// Dimming by drawing: `ControlVisual.brightness` scales every pixel of the frame.
@Suite struct DimTests {
    func channels(_ p: UInt32) -> [UInt32] { [(p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF] }

    @Test func scaleBrightnessPerChannel() {
        let c = Canvas(width: 3, height: 1)
        c.pixels[0] = 0xFF8040
        c.pixels[1] = 0xFFFFFF
        c.pixels[2] = 0x010203
        c.scaleBrightness(0.5)
        #expect(c.pixels[0] == 0x7F4020)
        #expect(c.pixels[1] == 0x7F7F7F)
        #expect(c.pixels[2] == 0x000101)
        c.scaleBrightness(0)
        #expect((0..<3).allSatisfy { c.pixels[$0] == 0 })
    }

    @Test func fullBrightnessLeavesPixelsAlone() {
        let c = Canvas(width: 1, height: 1)
        c.pixels[0] = 0xABCDEF
        c.scaleBrightness(1)
        c.scaleBrightness(7)
        #expect(c.pixels[0] == 0xABCDEF)
    }

    @Test func dimmedFrameIsTheFrameScaled() throws {
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 200)
        let lit = SceneRenderer(width: 320, height: 200)
        try lit.render(builder.scene(ControlVisual()))
        var v = ControlVisual()
        v.brightness = 0.25
        let dim = SceneRenderer(width: 320, height: 200)
        try dim.render(builder.scene(v))
        var darker = 0
        for i in 0..<(320 * 200) {
            let a = channels(lit.canvas.pixels[i])
            let b = channels(dim.canvas.pixels[i])
            #expect(b == a.map { ($0 * 64) >> 8 })
            if b != a { darker += 1 }
        }
        #expect(darker > 320 * 200 / 2)
    }

    @Test func brightnessChangeRedrawsEverythingAndIncrementalMatchesFull() throws {
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 200)
        let r = SceneRenderer(width: 320, height: 200)
        try r.render(builder.scene(ControlVisual()))
        var v = ControlVisual()
        v.brightness = 0.3
        #expect(try r.render(builder.scene(v)) == [PixelRect(x: 0, y: 0, width: 320, height: 200)])
        // A hue step while dim: partial damage, same pixels as a full redraw.
        v.hueDegrees = 7
        let damage = try r.render(builder.scene(v))
        #expect(damage.reduce(0) { $0 + $1.area } < 320 * 200)
        let full = SceneRenderer(width: 320, height: 200)
        try full.render(builder.scene(v))
        #expect((0..<(320 * 200)).allSatisfy { r.canvas.pixels[$0] == full.canvas.pixels[$0] })
    }

    @Test func builderClampsBrightness() {
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 200)
        var v = ControlVisual()
        v.brightness = 3
        #expect(builder.scene(v).brightness == 1)
        v.brightness = -1
        #expect(builder.scene(v).brightness == 0)
        v.brightness = .nan
        #expect(builder.scene(v).brightness == 1)
    }
}
