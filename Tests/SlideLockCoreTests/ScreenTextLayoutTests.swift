import Testing

@testable import SlideLockCore

/// The boxes above the track: on every panel from 320x240 up they sit between the top of
/// the screen and the track, one above the other, and nothing in them depends on the text.
@Suite struct ScreenTextLayoutTests {
    static let sizes = [(320, 240), (480, 320), (800, 480), (480, 800), (1024, 600), (1920, 1080), (240, 320)]

    @Test(arguments: sizes)
    func boxesStackAboveTheTrack(width: Int, height: Int) {
        let builder = SceneBuilder(settings: Settings(), width: width, height: height)
        let t = builder.textLayout
        let track = builder.layout.track
        #expect(t.clock.minY >= 0)
        #expect(t.clock.maxY <= t.date.minY)
        #expect(t.date.maxY <= t.message.minY)
        #expect(t.message.maxY < track.minY)
        for (box, size) in [(t.clock, t.clockSize), (t.date, t.dateSize), (t.message, t.messageSize)] {
            #expect(box.minX >= 0 && box.maxX <= Double(width))
            #expect(box.height >= 1.25 * size, "a line's box has room for its accents and descenders")
        }
        // Readable on the smallest panel: no size shrank away.
        #expect(t.clockSize >= 24 && t.dateSize >= 11 && t.messageSize >= 11, "\(t)")
    }

    /// A message and a clock change the scene's text layers only: the track, fill, label
    /// and thumb are the same values, so a slide in progress sees nothing move.
    @Test func textChangesNothingElse() {
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 240)
        var v = ControlVisual(state: .dragging, progress: 0.4)
        let plain = builder.scene(v)
        v.notice.message = "Deliveries: door 3"
        v.clock = ClockText(time: "09:41", date: "Friday 4 December")
        let busy = builder.scene(v)
        #expect(plain.track == busy.track && plain.fill == busy.fill)
        #expect(plain.label == busy.label && plain.thumb == busy.thumb)
        #expect(plain.message.box == busy.message.box && plain.clock.box == busy.clock.box)
        #expect(plain.message.opacity == 0 && busy.message.opacity > 0)
    }

    /// Lockdown dims the control and says so on the track; the line shows the message, if any.
    @Test func lockdownDimsAndSaysSo() {
        let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
        var v = ControlVisual()
        let open = builder.scene(v)
        v.notice.lockdown = true
        let shut = builder.scene(v)
        #expect(shut.track.opacity < open.track.opacity * 0.5)
        #expect(shut.thumb.opacity < open.thumb.opacity * 0.5)
        #expect(shut.message.opacity == 0)
        #expect(shut.words?.text == "Locked down" && shut.words?.opacity == 1)
        #expect(shut.words?.color == Settings().theme.warningColor && shut.label.opacity == 0)
        #expect(shut.track.rect == open.track.rect && shut.thumb.rect == open.thumb.rect)
        v.notice.message = "Fire alarm: use the stairs"
        #expect(builder.scene(v).message.text == "Fire alarm: use the stairs")
        #expect(builder.scene(v).message.color == Settings().theme.warningColor)
    }

    /// Whoever sets the message (the config checks it, the control socket may not), the
    /// line is one line of bounded length.
    @Test func anyMessageIsOneBoundedLine() {
        let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
        var v = ControlVisual()
        v.notice.message = "a\nb\u{0}c\r\n"
        #expect(builder.scene(v).message.text == "a b c ")
        v.notice.message = String(repeating: "ü", count: 100_000)
        #expect(builder.scene(v).message.text.utf8.count == ScreenTextSettings.maximumMessageBytes)
    }

    @Test func rightToLeftMessagesAreMarkedSo() {
        let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
        var v = ControlVisual()
        v.notice.message = "הדלת נעולה"
        #expect(builder.scene(v).message.rightToLeft)
        v.notice.message = "Door locked"
        #expect(!builder.scene(v).message.rightToLeft)
    }
}

/// What the session keeps of the notice: the config's message at start, across a reload
/// unless the config's message changed, and lockdown across both reload and SIGUSR1.
@Suite struct NoticeSettingsTests {
    static func settings(message: String) -> Settings {
        var s = Settings()
        s.display.text.message = message
        return s
    }

    @Test func theConfigGivesTheFirstMessage() {
        #expect(LockSession(settings: Self.settings(message: "Hi"), width: 800, height: 480).notice.message == "Hi")
        #expect(LockSession(settings: Self.settings(message: ""), width: 800, height: 480).notice.message == nil)
    }

    @Test func aReloadKeepsTheMessageUnlessTheConfigsChanged() {
        let old = Self.settings(message: "A")
        var session = LockSession(settings: old, width: 800, height: 480)
        _ = session.handle(.control(.message("from ctl", until: nil), time: 0.5))
        _ = session.handle(.control(.lockdown(true), time: 0.5))
        let same = LockSession(settings: old, layout: session.layout, reloadedFrom: session, time: 1)
        #expect(same.notice == Notice(message: "from ctl", lockdown: true))
        let changed = LockSession(
            settings: Self.settings(message: "B"), layout: session.layout, reloadedFrom: session, time: 1)
        #expect(changed.notice == Notice(message: "B", lockdown: true))
        let cleared = LockSession(
            settings: Self.settings(message: ""), layout: session.layout, reloadedFrom: session, time: 1)
        #expect(cleared.notice == Notice(message: nil, lockdown: true))
    }

    @Test func aRelockKeepsTheNotice() {
        var session = LockSession(settings: Settings(), width: 800, height: 480)
        _ = session.handle(.control(.message("m", until: nil), time: 0.5))
        _ = session.handle(.control(.lockdown(true), time: 0.5))
        _ = session.handle(.reset(time: 1))
        #expect(session.notice == Notice(message: "m", lockdown: true))
    }
}
