import Testing

@testable import SlideLockCore

/// The touch output came back at another size while the lock ran.
@Suite struct LockSessionRelayoutTests {
    let small = SceneBuilder(settings: Settings(), width: 800, height: 480).layout
    let large = SceneBuilder(settings: Settings(), width: 1280, height: 720).layout

    func centre(_ layout: Layout, _ progress: Double) -> Point {
        let r = layout.thumb(progress: progress)
        return Point(x: r.midX, y: r.midY)
    }

    @Test func aSlideInProgressEndsAndItsFingerUnlocksNothing() {
        var s = LockSession(settings: Settings(), layout: small)
        _ = s.handle(.touchDown(id: 1, point: centre(small, 0), time: 1))
        _ = s.handle(.touchMove(id: 1, point: centre(small, 0.6), time: 1.3))
        #expect(s.state == .dragging)
        _ = s.relayout(large, time: 1.4)
        #expect(s.state == .locked)
        #expect(s.layout == large)
        // The same finger goes on to the end of the new track and lifts: it holds nothing.
        var effects = s.handle(.touchMove(id: 1, point: centre(large, 1), time: 1.6))
        effects += s.handle(.touchUp(id: 1, time: 1.7))
        #expect(!effects.contains { if case .unlock = $0 { return true } else { return false } })
        #expect(s.thumbOffset(at: 3) == 0)
    }

    @Test func aThumbAtTheEndStaysAtTheEndOfTheNewTrack() {
        var settings = Settings()
        settings.action.mode = .hook
        var s = LockSession(settings: settings, layout: small)
        _ = s.handle(.touchDown(id: 1, point: centre(small, 0), time: 1))
        for i in 1...20 {
            _ = s.handle(.touchMove(id: 1, point: centre(small, Double(i) / 20 * 1.05), time: 1 + Double(i) * 0.02))
        }
        _ = s.handle(.touchUp(id: 1, time: 1.5))
        #expect(s.state == .busy)
        _ = s.relayout(large, time: 1.6)
        #expect(s.state == .busy)
        #expect(abs(s.thumbOffset(at: 1.7) - large.travel) < 0.001)
        // The hook's result still counts.
        _ = s.handle(.actionFinished(success: true, time: 1.8))
        #expect(s.state == .unlocked)
    }

    /// A slow, steady stroke from the thumb to the end of `layout`'s track, `id` lifting at
    /// `t + 1`: a slide any panel of a usable size takes.
    func stroke(_ s: inout LockSession, on layout: Layout, id: Int, from t: Double) -> [LockEffect] {
        var effects = s.handle(.touchDown(id: id, point: centre(layout, 0), time: t))
        for i in 1...30 {
            effects += s.handle(.touchMove(id: id, point: centre(layout, Double(i) / 30), time: t + Double(i) / 30))
        }
        return effects + s.handle(.touchUp(id: id, time: t + 1))
    }

    static func opens(_ effects: [LockEffect]) -> Bool {
        effects.contains { if case .unlock = $0 { return true } else { return false } }
    }

    @Test func aScreenTooSmallForTheSliderHidesItAndSaysWhyUntilAUsableOneReturns() {
        let tiny = SceneBuilder(settings: Settings(), width: 64, height: 48).layout
        #expect(tiny.travel < Layout.minimumTravel)
        var s = LockSession(settings: Settings(), layout: small)
        _ = s.relayout(tiny, time: 1)
        // Every pixel of the little track crossed, slowly: nothing opens, and the glass says why.
        #expect(!Self.opens(stroke(&s, on: tiny, id: 1, from: 2)))
        #expect(s.takeLog().contains { $0.detail?.contains("hidden-layout") == true || $0.name == "hidden-layout" })
        #expect(s.notice.outOfService?.first.contains("thumb travel on a screen of 64x48") == true)
        // The panel comes back at its own size: the lock is itself again, and a slide opens.
        _ = s.relayout(small, time: 4)
        #expect(s.notice.outOfService == nil)
        #expect(Self.opens(stroke(&s, on: small, id: 2, from: 5)))
    }
}
