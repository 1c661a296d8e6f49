import Testing

@testable import SlideLockCore

@Suite struct LayoutTests {
    func layout(_ w: Double, _ h: Double, rtl: Bool = false, theme: Theme = .default) -> Layout {
        Layout(screen: Size(width: w, height: h), theme: theme, settings: LayoutSettings(), rightToLeft: rtl)
    }

    @Test func landscapeTrackIsNineHeightsWideAndCentred() {
        let l = layout(800, 480)
        #expect(l.track == Rect(x: 76, y: 204, width: 648, height: 72))
        #expect(abs(l.inset - 72 * 4 / 50) < 1e-9)
        #expect(abs(l.thumbSide - 72 * 42 / 50) < 1e-9)
        #expect(abs(l.travel - (648 - 72)) < 1e-9)
    }

    @Test func portraitTrackIsNinetyPercentOfTheWidth() {
        let l = layout(480, 800)
        #expect(l.track == Rect(x: 24, y: 364, width: 432, height: 72))
    }

    @Test func tinyScreensKeepTheMinimumHeight() {
        #expect(layout(200, 100).track.height == 48)
    }

    @Test func thumbAndFillFollowProgress() {
        let l = layout(800, 480)
        #expect(l.thumb(progress: 0).x == 76 + l.inset)
        #expect(abs(l.thumb(progress: 1).maxX - (724 - l.inset)) < 1e-9)
        #expect(l.fill(progress: 1).width == 648)
        #expect(abs(l.fill(progress: 0).width - 72) < 1e-9)
    }

    @Test func rightToLeftMirrorsTheControl() {
        let ltr = layout(800, 480)
        let rtl = layout(800, 480, rtl: true)
        for p in [0.0, 0.3, 1.0] {
            #expect(abs(rtl.thumb(progress: p).maxX - (800 - ltr.thumb(progress: p).x)) < 1e-9)
            #expect(abs(rtl.fill(progress: p).maxX - 724) < 1e-9)
        }
        #expect(abs(rtl.offsetAlongTrack(x: 724 - rtl.inset - 10) - 10) < 1e-9)
    }

    @Test func directionAutoFollowsTheLabelScript() {
        #expect(TextDirection.isRightToLeft("החלק לפתיחה"))
        #expect(TextDirection.isRightToLeft("اسحب للفتح"))
        #expect(!TextDirection.isRightToLeft("Slide to unlock"))
        #expect(!TextDirection.isRightToLeft("スライドでロック解除"))
        #expect(!TextDirection.isRightToLeft("123 abc"))
    }

    @Test func sceneBuilderAppliesStateColoursAndIcons() {
        var settings = Settings()
        settings.animation.hueEnabled = false
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        let unlocked = builder.scene(ControlVisual(state: .unlocked, progress: 1))
        #expect(unlocked.thumb.icon == .lockOpen)
        #expect(unlocked.fill.color == Theme.default.successColor)
        let busy = builder.scene(ControlVisual(state: .busy, progress: 1))
        #expect(busy.thumb.icon == .spinner)
        #expect(busy.label.opacity == 0)
        let pressed = builder.scene(ControlVisual(state: .pressed, progress: 0))
        #expect(abs(pressed.thumb.rect.width - builder.layout.thumbSide * 0.95) < 1e-9)
        #expect(abs(pressed.thumb.opacity - 0.9) < 1e-9)
        let half = builder.scene(ControlVisual(state: .dragging, progress: 0.5))
        #expect(abs(half.fill.opacity - half.fill.rect.width / half.track.rect.width) < 1e-9)
    }
}
