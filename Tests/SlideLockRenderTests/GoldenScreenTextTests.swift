import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The text above the track as a person sees it: a message, the clock and date (a fixed
/// minute, the formatter's output injected), lockdown, the smallest panel with all of it,
/// right-to-left messages, a message too long for the panel, and the door's words.
@Suite struct GoldenScreenTextTests {
    /// What `WallClock` formats for 2026-12-04T09:41 with the default formats
    /// (`WallClockTests` checks it does).
    static let clock = ClockText(time: "09:41", date: "Friday 4 December")

    static func frame(
        width: Int = 800, height: Int = 480, message: String? = nil, clock: ClockText? = nil,
        lockdown: Bool = false, heldOpen: Bool = false, tampered: Bool = false, state: LockState = .locked,
        progress: Double = 0
    ) throws -> Canvas {
        var settings = Settings()
        settings.display.text.clock = clock != nil
        var v = StillFrame.visual(state: state, progress: progress, time: 0, settings: settings)
        v.notice = Notice(message: message, lockdown: lockdown)
        v.notice.heldOpen = heldOpen
        v.notice.tampered = tampered
        v.clock = clock
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(SceneBuilder(settings: settings, width: width, height: height).scene(v))
        return renderer.canvas
    }

    @Test func message() throws {
        try Golden.check(Self.frame(message: "Deliveries: please use door 3"), "text-message")
    }

    @Test func clockAndMessage() throws {
        try Golden.check(Self.frame(message: "Deliveries: please use door 3", clock: Self.clock), "text-clock")
    }

    @Test func lockdown() throws {
        try Golden.check(Self.frame(clock: Self.clock, lockdown: true), "text-lockdown")
    }

    @Test func smallestPanel() throws {
        try Golden.check(
            Self.frame(width: 320, height: 240, message: "Deliveries: use door 3", clock: Self.clock),
            "text-320x240")
    }

    @Test func rightToLeftMessage() throws {
        try Golden.check(Self.frame(message: "הדלת נעולה עד הבוקר"), "text-rtl")
    }

    /// Too long for the panel: a left-to-right line shows its start on the left, a
    /// right-to-left one on the right; both are cut at their end, inside the box.
    @Test func longMessagesShowTheirStart() throws {
        try Golden.check(
            Self.frame(
                width: 320, height: 240,
                message: "Deliveries after six go to the loading bay round the back, door 3"),
            "text-long-ltr")
        try Golden.check(
            Self.frame(
                width: 320, height: 240, message: "המשלוחים אחרי שש הולכים לרציף הטעינה מאחור, דלת שלוש"),
            "text-long-rtl")
    }

    /// The door held open: its words in place of the message, the control as it was.
    @Test func doorHeldOpen() throws {
        try Golden.check(
            Self.frame(message: "Deliveries: please use door 3", clock: Self.clock, heldOpen: true), "text-held-open")
    }

    /// Tampered, with `tamper.lockdown = on`: the words over lockdown's, on the smallest
    /// panel too.
    @Test func tampered() throws {
        try Golden.check(Self.frame(clock: Self.clock, lockdown: true, tampered: true), "text-tampered")
        try Golden.check(
            Self.frame(width: 320, height: 240, clock: Self.clock, lockdown: true, tampered: true),
            "text-tampered-320x240")
    }
}
