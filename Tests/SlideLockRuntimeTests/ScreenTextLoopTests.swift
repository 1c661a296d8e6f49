import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockRuntime

/// A wall clock on the fake world's virtual clock: its minute boundaries are deadlines, and
/// setting it (`set`) makes its descriptor readable, as the real timerfd's ECANCELED does.
final class FakeWallClock: ClockSource {
    static let descriptor: Int32 = 1300
    unowned let world: FakeWorld
    /// Wall-clock seconds minus the virtual clock's.
    var offset = 0.0
    private var shownMinute: Int?
    private(set) var texts = 0

    init(world: FakeWorld) { self.world = world }

    var pollDescriptors: [Int32] { [Self.descriptor] }

    func nextDeadline(now: Double) -> Double? { ((now + offset) / 60).rounded(.down) * 60 + 60 - offset }

    func isDue(ready: Set<Int32>, now: Double) -> Bool {
        ready.contains(Self.descriptor) || minute(now) != shownMinute
    }

    func text() -> ClockText {
        texts += 1
        let m = minute(world.now())
        shownMinute = m
        let (h, mm) = ((m / 60) % 24, m % 60)
        return ClockText(time: "\(h):\(mm < 10 ? "0" : "")\(mm)", date: "day \(m / 1440)")
    }

    /// The wall clock jumps by `seconds` at `time` (NTP after boot).
    func set(at time: Double, by seconds: Double) {
        world.at(time, fd: Self.descriptor) { self.offset += seconds }
    }

    private func minute(_ now: Double) -> Int { Int(((now + offset) / 60).rounded(.down)) }
}

@Suite struct ScreenTextLoopTests {
    /// Whether any pixel of `rect` differs between two frames.
    static func differs(_ a: PresentedFrame, _ b: PresentedFrame, in rect: Rect, width: Int) -> Bool {
        let r = rect.enclosingPixels
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX where a.pixels[y * width + x] != b.pixels[y * width + x] {
                return true
            }
        }
        return false
    }

    /// A message arriving while a finger drags the thumb is a frame with new text, not a
    /// relayout: the slide goes on and unlocks, the thumb never steps back.
    @Test func aMessageMidDragCancelsNoSlide() throws {
        let f = try LoopFixture()
        let start = 101.0
        let lift = f.fullSlide(at: start)
        let change = start + (lift - start) / 2
        f.world.at(change, fd: FakeTouch.descriptor) {
            f.loop.session.message = "Deliveries: door 3"
            f.loop.sessionVersion += 1
        }
        #expect(try f.run() == 0)
        #expect(f.states.last == .unlocked)
        #expect(!f.logLines.contains { $0.contains("cancel") || $0.contains("relayout") }, "\(f.logLines)")
        let frames = f.output.shown.filter { $0.queued >= start && $0.queued <= lift }
        let xs = frames.compactMap { f.thumbX(in: $0) }
        #expect(xs.count > 5)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.5 }, "the thumb stepped back: \(xs)")
        let box = SceneBuilder(settings: f.settings, width: f.output.width, height: f.output.height).textLayout.message
        let before = try #require(frames.last { $0.queued < change })
        let after = try #require(frames.first { $0.queued > change + 0.02 })
        #expect(Self.differs(before, after, in: box, width: f.output.width), "the message did not appear")
    }

    /// Ten idle minutes with the clock on (nothing animating, a framebuffer: no flip events)
    /// wake the loop once a minute and draw one frame each; the text is worked out once a
    /// minute, not per wake-up.
    @Test func theClockWakesOnceAMinute() throws {
        let f = try LoopFixture(["animation.hue=off", "display.clock=on"], pacing: .framebuffer)
        let clock = FakeWallClock(world: f.world)
        let face = ClockFace { $0.clock ? clock : nil }
        try f.add(face)
        f.world.endOfTest = 100 + 600 + 1
        _ = try f.run()
        let idle = f.world.waits.filter { $0.at >= 101 }
        // Boundaries at 120, 180, ..., 660: ten; the last wait is the one the test ends.
        #expect(idle.count <= 11, "\(idle.count) wake-ups in ten minutes")
        #expect(clock.texts <= 12, "text worked out \(clock.texts) times")
        #expect(f.output.frames.count == 1 + 10, "\(f.output.frames.count) frames")
        #expect(idle.allSatisfy { $0.deadline != nil })
    }

    /// Dimmed (the picture otherwise stands still), the clock still turns: a new minute is
    /// one frame.
    @Test func aDimmedPanelStillShowsTheMinute() throws {
        let f = try LoopFixture(["animation.hue=off", "display.clock=on"], pacing: .framebuffer)
        try f.add(
            IdleControl(
                settings: f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100, log: f.log.logger))
        let clock = FakeWallClock(world: f.world)
        let face = ClockFace { $0.clock ? clock : nil }
        try f.add(face)
        f.world.endOfTest = 400
        _ = try f.run()
        // Dim at 160 s; minutes 180, 240, 300, 360 each a frame while dim.
        let dimFrames = f.output.frames.filter { $0.queued > 170 }
        #expect(dimFrames.count == 4, "\(f.output.frames.map(\.queued))")
    }

    /// Without the clock the same idle lock sleeps with no deadline at all.
    @Test func withoutTheClockNothingWakes() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .framebuffer)
        let clock = FakeWallClock(world: f.world)
        let face = ClockFace { $0.clock ? clock : nil }
        try f.add(face)
        f.world.endOfTest = 100 + 600 + 1
        _ = try f.run()
        #expect(f.world.foreverWaits.count == 1)
        #expect(f.world.waits.filter { $0.deadline != nil && $0.at >= 101 }.isEmpty)
        #expect(clock.texts == 0)
        #expect(f.output.frames.count == 1)
    }

    /// The wall clock set (an hour ahead) shows at once, not at the next minute.
    @Test func aClockSetRedrawsAtOnce() throws {
        let f = try LoopFixture(["animation.hue=off", "display.clock=on"], pacing: .framebuffer)
        let clock = FakeWallClock(world: f.world)
        let face = ClockFace { $0.clock ? clock : nil }
        try f.add(face)
        clock.set(at: 130, by: 3600)
        f.world.endOfTest = 150
        _ = try f.run()
        let frames = f.output.frames
        #expect(frames.count == 3, "start, 120 s, the clock set at 130 s: \(frames.map(\.queued))")
        #expect(frames.last.map { abs($0.queued - 130) < 0.001 } == true)
        #expect(face.text?.time == "1:02")
    }

    /// A reload that turns the clock on shows it at once; one that turns it off stops the
    /// wake-ups.
    @Test func aReloadTurnsTheClockOnAndOff() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .framebuffer)
        let clock = FakeWallClock(world: f.world)
        let face = ClockFace { $0.clock ? clock : nil }
        try f.add(face)
        var on = f.settings
        on.display.text.clock = true
        f.reloadResult = { on }
        f.world.signal(110, SIGHUP)
        f.world.endOfTest = 200
        _ = try f.run()
        #expect(face.text != nil)
        #expect(f.output.frames.count >= 2)
        #expect(f.world.waits.contains { $0.at >= 110 && $0.deadline != nil })
    }

    /// The config's message is on the first frame; a reload keeps a message the loop was
    /// given unless the config's own message changed.
    @Test func theConfigMessageIsShownAndAReloadKeepsItsOwn() throws {
        let f = try LoopFixture(["animation.hue=off", "display.message=Hello"], pacing: .framebuffer)
        #expect(f.loop.session.notice.message == "Hello")
        f.world.at(105, fd: FakeTouch.descriptor) {
            _ = f.loop.session.handle(.control(.message("From ctl", until: nil), time: 105))
            _ = f.loop.session.handle(.control(.lockdown(true), time: 105))
        }
        f.world.signal(110, SIGHUP)
        f.world.endOfTest = 120
        _ = try f.run()
        #expect(f.loop.session.notice == Notice(message: "From ctl", lockdown: true))
    }
}
