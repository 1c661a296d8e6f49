import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// `animation.unlock_transition`: the interactive fade follows the thumb; fade and slide
/// run on the exit clock.
@Suite struct TransitionTests {
    static var interactive: Settings {
        var s = Settings()
        s.animation.unlockTransition = .interactive
        return s
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func interactiveGoldens(progress: Double) throws {
        let canvas = try Golden.frame(Self.interactive, width: 800, height: 480, state: .dragging, progress: progress)
        try Golden.check(canvas, "interactive-p\(Int(progress * 100))")
    }

    @Test func revealFollowsTheThumb() {
        var v = ControlVisual(state: .dragging, progress: 0.4)
        #expect(SceneBuilder.interactiveReveal(v) == 0.4)
        v.state = .locked // released early: springing back with the thumb
        v.progress = 0.1
        #expect(SceneBuilder.interactiveReveal(v) == 0.1)
        v.state = .busy // hook mode: completes as the thumb reaches the end
        v.progress = 1
        #expect(SceneBuilder.interactiveReveal(v) == 1)
        v.state = .unlocked // exit mode: the exit clock finishes it
        v.progress = 0.8
        v.exitOffset = 0.9
        #expect(SceneBuilder.interactiveReveal(v) == 0.9)
        v.state = .failed
        #expect(SceneBuilder.interactiveReveal(v) == 0)
        v.state = .locked
        v.failedSinceGrab = true
        #expect(SceneBuilder.interactiveReveal(v) == 0)
        v.progress = .nan
        v.failedSinceGrab = false
        #expect(SceneBuilder.interactiveReveal(v) == 0)
    }

    @Test func sceneFieldsPerTransition() {
        var v = ControlVisual(state: .unlocked, progress: 1)
        v.exitOffset = 0.5
        func scene(_ t: UnlockTransition) -> Scene {
            var s = Settings()
            s.animation.unlockTransition = t
            return SceneBuilder(settings: s, width: 800, height: 480).scene(v)
        }
        #expect(scene(.none).controlOffset == 0 && scene(.none).reveal == 0)
        #expect(scene(.slide).controlOffset == 400 && scene(.slide).reveal == 0)
        #expect(scene(.fade).reveal == 0.5 && scene(.fade).controlOffset == 0)
        #expect(scene(.fade).revealColor == Theme.default.successColor)
        #expect(scene(.interactive).reveal == 1 && scene(.interactive).controlOffset == 0)
    }

    @Test func fadeTowardMixesPerChannel() {
        let c = Canvas(width: 2, height: 1)
        c.pixels[0] = 0x000000
        c.pixels[1] = 0xFF8040
        c.fade(toward: Color(rgb: 0xFFFFFF), amount: 0.5)
        #expect(c.pixels[0] == 0x7F7F7F) // 127.5 rounds down
        #expect(c.pixels[1] == 0xFFBF9F)
        c.fade(toward: Color(rgb: 0x2BB673), amount: 1)
        #expect(c.pixels[0] == 0x2BB673 && c.pixels[1] == 0x2BB673)
    }

    @Test func fullyRevealedIsTheUnlockedColour() throws {
        let canvas = try Golden.frame(Self.interactive, width: 320, height: 200, state: .dragging, progress: 1)
        #expect((0..<(320 * 200)).allSatisfy { canvas.pixels[$0] == 0x2BB673 })
    }

    @Test func incrementalEqualsFullThroughADrag() throws {
        let builder = SceneBuilder(settings: Self.interactive, width: 320, height: 200)
        let r = SceneRenderer(width: 320, height: 200)
        for p in stride(from: 0.0, through: 1.0, by: 0.125) {
            let scene = builder.scene(ControlVisual(state: .dragging, progress: p))
            try r.render(scene)
            let full = SceneRenderer(width: 320, height: 200)
            try full.render(scene)
            #expect((0..<(320 * 200)).allSatisfy { r.canvas.pixels[$0] == full.canvas.pixels[$0] }, "progress \(p)")
        }
    }

    /// The session side: a failed hook keeps the lock screen in view as the thumb returns.
    @Test func failedHookKeepsTheScreenInView() {
        var s = Self.interactive
        s.action.mode = .hook
        s.action.hook = "/bin/false"
        var session = LockSession(settings: s, width: 800, height: 480)
        _ = session.handle(.touchDown(id: 0, point: Point(x: 112, y: 240), time: 0))
        for i in 1...30 {
            _ = session.handle(
                .touchMove(id: 0, point: Point(x: 112 + 576 * Double(i) / 30, y: 240), time: Double(i) / 60))
        }
        _ = session.handle(.touchUp(id: 0, time: 0.6))
        #expect(session.state == .busy)
        #expect(SceneBuilder.interactiveReveal(session.visual(at: 1.2)) > 0.99)
        _ = session.handle(.actionFinished(success: false, time: 1.3))
        // Failed, then relocked with the thumb on its way home: the screen stays in view.
        for t in [1.4, 2.9, 3.0, 3.2, 4.0] {
            #expect(SceneBuilder.interactiveReveal(session.visual(at: t)) == 0, "t=\(t)")
        }
        // The next grab follows the thumb again.
        _ = session.handle(.touchDown(id: 0, point: Point(x: 112, y: 240), time: 5))
        _ = session.handle(.touchMove(id: 0, point: Point(x: 400, y: 240), time: 5.1))
        #expect(abs(SceneBuilder.interactiveReveal(session.visual(at: 5.1)) - 0.5) < 1e-6)
    }
}
