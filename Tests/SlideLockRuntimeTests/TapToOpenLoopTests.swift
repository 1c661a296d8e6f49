import Testing

@testable import SlideLockCore
@testable import SlideLockRuntime

/// Tap-to-open through the loop: a raw-event panel behind the real touch pipeline (ghost
/// filter on), exit mode.
@Suite struct TapToOpenLoopTests {
    /// Two taps as a panel reports them (samples every 10 ms for 120 ms): on the thumb at
    /// 101, on the Open button at 102.
    static func doubleTap(_ f: LoopFixture) throws {
        let panel = try #require(f.panel)
        let home = f.thumbCentre(progress: 0)
        let button = UnlockAuthority.openButton(in: f.layout).center
        for (p, start) in [(home, 101.0), (button, 102.0)] {
            for i in 0..<12 { panel.frame(start + Double(i) * 0.01, [(0, p.x, p.y)]) }
            panel.frame(start + 0.12, [], lift: [0])
        }
        f.world.endOfTest = 105
    }

    @Test func aDoubleTapOpensInExitMode() throws {
        let f = try LoopFixture(
            ["animation.hue=off", "gesture.tap_to_open=on"], sizes: [(800, 480)], panel: true)
        try Self.doubleTap(f)
        let status = try f.run()
        #expect(status == 0, "\(f.logLines.suffix(8))")
        #expect(f.states.last == .unlocked)
        #expect(f.logLines.contains { $0.contains("open-shown tap") })
        #expect(f.logLines.contains { $0.contains("unlock tap") })
        #expect(f.logLines.contains { $0.contains("session: exit") })
    }

    @Test func offTheSameTapsStayLocked() throws {
        let f = try LoopFixture(["animation.hue=off"], sizes: [(800, 480)], panel: true)
        try Self.doubleTap(f)
        _ = try? f.run()
        #expect(!f.states.contains(.unlocked))
        #expect(!f.logLines.contains { $0.contains("unlock") })
    }
}
