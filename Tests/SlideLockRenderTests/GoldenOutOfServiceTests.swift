import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The out-of-service screen as a person at the panel sees it: the badge, the words, the
/// first problem (broken over two lines where it must be) and how many more, in the
/// landscape, portrait and smallest panels; and, with no font at all, the badge alone.
@Suite struct GoldenOutOfServiceTests {
    static let why = OutOfService(problems: [
        "/etc/slidelock/slidelock.conf:3: theme.name: unknown theme 'dark'", "second", "third",
    ])!

    static func frame(_ width: Int, _ height: Int, why: OutOfService = why) throws -> Canvas {
        var v = ControlVisual()
        v.notice.outOfService = why
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(SceneBuilder(settings: Settings(), width: width, height: height).scene(v))
        return renderer.canvas
    }

    @Test func landscape() throws { try Golden.check(Self.frame(800, 480), "out-of-service-800x480") }

    @Test func portrait() throws { try Golden.check(Self.frame(480, 800), "out-of-service-480x800") }

    @Test func smallest() throws { try Golden.check(Self.frame(320, 240), "out-of-service-320x240") }

    /// No font opens (the text layers need none): the badge alone on the background.
    @Test func fontless() throws {
        var why = OutOfService(problems: ["theme.fonts: no usable font"])!
        why.fontless = true
        try Golden.check(Self.frame(800, 480, why: why), "out-of-service-fontless")
    }
}

/// No touch panel for a while: the lock, faded as in lockdown, says so on its track.
@Suite struct GoldenNoTouchTests {
    static func frame(_ width: Int, _ height: Int) throws -> Canvas {
        var v = StillFrame.visual(state: .locked, progress: 0, time: 0, settings: Settings())
        v.notice.noTouch = true
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(SceneBuilder(settings: Settings(), width: width, height: height).scene(v))
        return renderer.canvas
    }

    @Test func landscape() throws { try Golden.check(Self.frame(800, 480), "no-touch-800x480") }

    @Test func portrait() throws { try Golden.check(Self.frame(480, 800), "no-touch-480x800") }

    @Test func smallest() throws { try Golden.check(Self.frame(320, 240), "no-touch-320x240") }
}
