import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockRuntime

/// No touch panel for `TouchWatch.grace` seconds: the glass says so until one comes; the
/// button still opens meanwhile (`ButtonLoopTests` has its rule).
@Suite struct TouchWatchTests {
    @Test func theGlassSaysSoAfterTheGraceAndNotBefore() throws {
        let f = try LoopFixture(["animation.hue=off"])
        var present = false
        let watch = TouchWatch { present }
        try f.add(watch)
        f.world.at(105, fd: FakeTouch.descriptor) { #expect(!watch.showing) }
        f.world.at(112, fd: FakeTouch.descriptor) { present = true }
        f.world.endOfTest = 115
        _ = try f.run()
        let said = f.logLines.filter { $0.contains("no touch panel found for 10 s") }
        #expect(said.count == 1)
        #expect(f.logLines.contains { $0.contains("input: touch panel back") })
        #expect(!watch.showing)
    }

    @Test func aPanelThereFromTheStartIsNeverReported() throws {
        let f = try LoopFixture(["animation.hue=off"])
        let watch = TouchWatch { true }
        try f.add(watch)
        f.world.endOfTest = 130
        _ = try f.run()
        #expect(!f.logLines.contains { $0.contains("no touch panel") })
    }

    @Test func theTrackSaysNoTouchPanelFound() {
        var v = ControlVisual()
        v.notice.noTouch = true
        let scene = SceneBuilder(settings: Settings(), width: 800, height: 480).scene(v)
        #expect(scene.words?.text == "No touch panel found" && scene.label.opacity == 0)
        #expect(scene.track.opacity < Settings().theme.trackOpacity)
    }
}
