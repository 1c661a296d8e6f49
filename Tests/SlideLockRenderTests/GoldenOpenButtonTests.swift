import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// Tap-to-open's Open button as a person sees it, over the track's end, where the authority
/// takes its taps; and invisible (no pixel changed) when not armed.
@Suite struct GoldenOpenButtonTests {
    static func frame(_ settings: Settings, width: Int = 800, height: Int = 480, open: Bool) throws -> Canvas {
        var v = StillFrame.visual(state: .locked, progress: 0, time: 0, settings: settings)
        v.openButton = open
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(SceneBuilder(settings: settings, width: width, height: height).scene(v))
        return renderer.canvas
    }

    @Test func openButton() throws {
        try Golden.check(Self.frame(Settings(), open: true), "open-button")
    }

    @Test func openButtonSmallestPanel() throws {
        try Golden.check(Self.frame(Settings(), width: 320, height: 240, open: true), "open-button-320x240")
    }

    @Test func hiddenButtonChangesNothing() throws {
        let plain = try Self.frame(Settings(), open: false)
        let reference = try Golden.frame(Settings(), width: 800, height: 480, state: .locked, progress: 0)
        let n = 800 * 480
        #expect(
            Array(UnsafeBufferPointer(start: plain.pixels, count: n))
                == Array(UnsafeBufferPointer(start: reference.pixels, count: n)))
    }

    /// Drawn exactly where the authority takes the second tap.
    @Test func drawnWhereTheTapIsTaken() throws {
        let settings = Settings()
        let canvas = try Self.frame(settings, open: true)
        let plain = try Self.frame(settings, open: false)
        let rect = UnlockAuthority.openButton(in: SceneBuilder(settings: settings, width: 800, height: 480).layout)
        var changedOutside = 0
        var changedInside = 0
        for y in 0..<480 {
            for x in 0..<800 where canvas.pixels[y * 800 + x] != plain.pixels[y * 800 + x] {
                let inside =
                    Double(x) >= rect.minX - 1 && Double(x) < rect.maxX + 1 && Double(y) >= rect.minY - 1
                    && Double(y) < rect.maxY + 1
                if inside { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        #expect(Double(changedInside) > rect.width * rect.height * 0.5)
    }
}
