import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// What a person sees, frozen: every built-in theme at landscape and portrait sizes and
/// three thumb positions, and every state of the default theme.
@Suite struct GoldenFrameTests {
    static let sizes = [(800, 480), (480, 800)]

    @Test(arguments: Theme.builtIn.map(\.name))
    func themesAtThreePositions(theme: String) throws {
        var settings = Settings()
        settings.theme = Theme.named(theme)!
        for (w, h) in Self.sizes {
            for progress in [0.0, 0.5, 1.0] {
                let state: LockState = progress == 0 ? .locked : .dragging
                let canvas = try Golden.frame(settings, width: w, height: h, state: state, progress: progress)
                try Golden.check(canvas, "\(theme)-\(w)x\(h)-p\(Int(progress * 100))")
            }
        }
    }

    @Test(arguments: LockState.allCases)
    func everyState(state: LockState) throws {
        let progress: Double
        switch state {
        case .locked, .pressed: progress = 0
        case .dragging: progress = 0.6
        case .busy, .unlocked, .failed: progress = 1
        }
        let canvas = try Golden.frame(
            Settings(), width: 800, height: 480, state: state, progress: progress,
            time: state == .failed ? 0.05 : 0.3)
        try Golden.check(canvas, "state-\(state.rawValue)")
    }

    @Test func rotatedFrameIsTheRenderTurnedClockwise() throws {
        let canvas = try Golden.frame(Settings(), width: 800, height: 480, state: .locked, progress: 0)
        let turned = canvas.rotated(by: 90)
        #expect(turned.width == 480 && turned.height == 800)
        // Logical top-left lands top-right on a panel turned 90 degrees clockwise.
        #expect(turned.pixel(x: 479, y: 0) == canvas.pixel(x: 0, y: 0))
        #expect(turned.pixel(x: 479 - 240, y: 400) == canvas.pixel(x: 400, y: 240))
        let back = turned.rotated(by: 270)
        for i in stride(from: 0, to: 800 * 480, by: 997) { #expect(back.pixels[i] == canvas.pixels[i]) }
        try Golden.check(turned, "default-800x480-rotate90")
    }
}
