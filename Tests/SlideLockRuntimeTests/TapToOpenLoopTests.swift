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
        #expect(f.logLines.contains { $0.contains("unlocked by a tap on Open") })
        #expect(!f.logLines.contains { $0.contains("ms slide") })
    }

    @Test func theHookIsToldATapOpened() throws {
        let action = FakeAction(succeeds: true, duration: 0.2)
        let f = try LoopFixture(
            ["animation.hue=off", "gesture.tap_to_open=on", "action.on_unlock=hook", "action.hook=/bin/true"],
            sizes: [(800, 480)], action: action, panel: true)
        try Self.doubleTap(f)
        _ = try? f.run()
        #expect(action.sources == [.tap])
    }

    @Test func offTheSameTapsStayLocked() throws {
        let f = try LoopFixture(["animation.hue=off"], sizes: [(800, 480)], panel: true)
        try Self.doubleTap(f)
        _ = try? f.run()
        #expect(!f.states.contains(.unlocked))
        #expect(!f.logLines.contains { $0.contains("unlock") })
    }

    /// One tap shows the button (drawn in the thumb's colour, red here); 5 s later a frame
    /// without it is on screen, without any input to wake the loop.
    @Test func theButtonShowsThenGoes() throws {
        let f = try LoopFixture(
            ["animation.hue=off", "gesture.tap_to_open=on"], sizes: [(800, 480)], panel: true)
        let panel = try #require(f.panel)
        let home = f.thumbCentre(progress: 0)
        for i in 0..<12 { panel.frame(101 + Double(i) * 0.01, [(0, home.x, home.y)]) }
        panel.frame(101.12, [], lift: [0])
        f.world.endOfTest = 108
        _ = try? f.run()
        let rect = UnlockAuthority.openButton(in: f.layout)
        let probe = Int(rect.minY + rect.height * 0.2) * f.output.width + Int(rect.midX)
        func red(_ frame: PresentedFrame) -> Bool {
            let p = frame.pixels[probe]
            return (p >> 16) & 0xFF > 180 && (p >> 8) & 0xFF < 100 && p & 0xFF < 100
        }
        let frames = f.output.shown.filter { $0.completed != nil }
        #expect(frames.contains { $0.completed! > 101.12 && $0.completed! < 106 && red($0) })
        let last = try #require(frames.last)
        #expect(try #require(last.completed) >= 106.12)
        #expect(!red(last))
    }
}
