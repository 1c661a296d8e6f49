import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The text above the track redraws only itself: a new message or minute damages its own
/// box, and frames drawn from their damage equal full redraws while the texts change under
/// a dragged thumb.
@Suite struct ScreenTextDamageTests {
    static let settings: Settings = {
        var s = Settings()
        s.animation.hueEnabled = false
        return s
    }()

    static func scene(
        _ builder: SceneBuilder, progress: Double, message: String?, clock: ClockText?, lockdown: Bool = false
    ) -> Scene {
        var v = ControlVisual(state: .dragging, progress: progress)
        v.notice = Notice(message: message, lockdown: lockdown)
        v.clock = clock
        return builder.scene(v)
    }

    @Test(arguments: [(800, 480), (320, 240)])
    func aNewMessageOrMinuteDamagesItsBoxOnly(width: Int, height: Int) throws {
        let builder = SceneBuilder(settings: Self.settings, width: width, height: height)
        let boxes = builder.textLayout
        let renderer = SceneRenderer(width: width, height: height)
        let clock = ClockText(time: "09:41", date: "Friday 4 December")
        try renderer.render(Self.scene(builder, progress: 0.4, message: "Door 3", clock: clock))
        let message = try renderer.render(Self.scene(builder, progress: 0.4, message: "Door 4, please", clock: clock))
        #expect(!message.isEmpty)
        #expect(message.allSatisfy { boxes.message.enclosingPixels.intersection($0) == $0 }, "\(message)")
        let minute = try renderer.render(
            Self.scene(
                builder, progress: 0.4, message: "Door 4, please", clock: ClockText(time: "09:42", date: clock.date))
        )
        #expect(!minute.isEmpty)
        #expect(minute.allSatisfy { boxes.clock.enclosingPixels.intersection($0) == $0 }, "\(minute)")
        // The thumb moving alone damages nothing of the text.
        let drag = try renderer.render(
            Self.scene(
                builder, progress: 0.45, message: "Door 4, please", clock: ClockText(time: "09:42", date: clock.date))
        )
        let track = builder.layout.track.enclosingPixels
        #expect(drag.allSatisfy { track.intersection($0) == $0 }, "\(drag)")
    }

    @Test(arguments: [(800, 480), (320, 240), (333, 517)])
    func drawnByDamageEqualsAFullRedraw(width: Int, height: Int) throws {
        let builder = SceneBuilder(settings: Self.settings, width: width, height: height)
        let incremental = SceneRenderer(width: width, height: height)
        let messages: [String?] = [
            nil, "Door 3", "הדלת נעולה", nil, "A much longer message than the panel has room for, cut",
        ]
        for i in 0..<30 {
            let clock = i % 7 == 6 ? nil : ClockText(time: "09:\(40 + i / 3)", date: i % 2 == 0 ? "Friday" : "")
            let scene = Self.scene(
                builder, progress: Double(i) / 30, message: messages[i % messages.count], clock: clock,
                lockdown: i % 11 == 10)
            let damage = try incremental.render(scene)
            let full = SceneRenderer(width: width, height: height)
            try full.render(scene)
            var differing = 0
            for p in 0..<(width * height) where incremental.canvas.pixels[p] != full.canvas.pixels[p] { differing += 1 }
            #expect(differing == 0, "frame \(i): \(differing) pixels differ, damage \(damage)")
        }
    }
}
