import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The words each state shows on the track in place of the label, as a person at the
/// panel sees them: every state of the default theme in hook mode (exit mode's word for
/// the unlock), lockdown, a right-to-left and a Chinese word, and the text and the track
/// grouped in the middle of the screen.
@Suite struct GoldenStateWordsTests {
    static let clock = ClockText(time: "09:41", date: "Friday 4 December")

    /// Settings as the loader makes them from `lines` (so hook mode's words follow).
    static func settings(_ lines: [String] = []) throws -> Settings {
        try ConfigLoader.load(sources: [], overrides: lines)
    }

    static let hook = ["action.on_unlock=hook", "action.hook=/bin/true"]

    static func frame(
        _ settings: Settings, state: LockState, progress: Double, time: Double = 0.3, lockdown: Bool = false,
        message: String? = nil, clock: ClockText? = nil, width: Int = 800, height: Int = 480
    ) throws -> Canvas {
        var v = StillFrame.visual(state: state, progress: progress, time: time, settings: settings)
        v.notice = Notice(message: message, lockdown: lockdown)
        v.clock = clock
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(SceneBuilder(settings: settings, width: width, height: height).scene(v))
        return renderer.canvas
    }

    @Test func everyStateInHookMode() throws {
        let s = try Self.settings(Self.hook + ["theme.text_pressed=Keep sliding"])
        try Golden.check(Self.frame(s, state: .pressed, progress: 0), "words-pressed")
        try Golden.check(Self.frame(s, state: .dragging, progress: 0.3), "words-dragging")
        try Golden.check(Self.frame(s, state: .busy, progress: 1), "words-busy")
        try Golden.check(Self.frame(s, state: .unlocked, progress: 1), "words-unlocked")
        try Golden.check(Self.frame(s, state: .failed, progress: 1, time: 0.05), "words-failed")
        try Golden.check(Self.frame(s, state: .locked, progress: 0, lockdown: true), "words-lockdown")
    }

    @Test func exitModeSaysUnlocked() throws {
        try Golden.check(Self.frame(Self.settings(), state: .unlocked, progress: 1), "words-unlocked-exit")
    }

    @Test func otherThemes() throws {
        for theme in ["classic", "mint"] {
            let s = try Self.settings(Self.hook + ["theme.name=\(theme)"])
            try Golden.check(Self.frame(s, state: .unlocked, progress: 1), "words-\(theme)-unlocked")
            try Golden.check(Self.frame(s, state: .failed, progress: 1, time: 0.05), "words-\(theme)-failed")
        }
    }

    @Test func rightToLeftAndChinese() throws {
        let hebrew = try Self.settings(Self.hook + ["theme.label=החלק לפתיחה", "theme.text_unlocked=הדלת פתוחה"])
        try Golden.check(Self.frame(hebrew, state: .unlocked, progress: 1), "words-rtl-unlocked")
        let chinese = try Self.settings(Self.hook + ["theme.label=滑动解锁", "theme.text_busy=正在开门…"])
        try Golden.check(Self.frame(chinese, state: .busy, progress: 1), "words-cjk-busy")
    }

    @Test func groupedInTheMiddle() throws {
        let s = try Self.settings(Self.hook + ["layout.group=centre", "display.clock=on"])
        try Golden.check(
            Self.frame(s, state: .locked, progress: 0, message: "Deliveries: please use door 3", clock: Self.clock),
            "words-group-centre")
        let noClock = try Self.settings(Self.hook + ["layout.group=centre"])
        try Golden.check(
            Self.frame(noClock, state: .unlocked, progress: 1, message: "Deliveries: please use door 3"),
            "words-group-centre-noclock")
    }
}
