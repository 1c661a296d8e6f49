import SlideLockCore
import Testing

@testable import SlideLockRuntime

/// The door's words in the loop: the frames say "Please close the door" once the door is
/// held open and stop once it closes; "Tampered: call service" from the tamper until its
/// reset. Each change is a frame of its own, and none of it opens anything.
extension DoorLoopTests {
    /// The message line's pixels of `frame`.
    static func messageLine(_ frame: PresentedFrame, _ f: LoopFixture) -> [UInt32] {
        let box = SceneBuilder(settings: f.settings, width: f.output.width, height: f.output.height)
            .textLayout.message.enclosingPixels
        return (box.y..<box.maxY).flatMap { y in (box.x..<box.maxX).map { frame.pixels[y * f.output.width + $0] } }
    }

    /// Whether the line shows text in the theme's warning colour (a glyph's inside).
    static func warns(_ frame: PresentedFrame, _ f: LoopFixture) -> Bool {
        let c = f.settings.theme.warningColor
        let pixel = UInt32(c.red * 255) << 16 | UInt32(c.green * 255) << 8 | UInt32(c.blue * 255)
        return messageLine(frame, f).contains(pixel)
    }

    /// The panel dimmed at 160 s (nothing else changes the picture then, so only a change
    /// the loop is told of is drawn): the door opens at 170, is held open at 200.05 and
    /// closes at 210.05.
    @Test func heldOpenShowsTheWordsAndClosingRemovesThem() throws {
        let r = try Rig(["animation.hue=off"])
        try r.f.add(
            IdleControl(
                settings: r.f.settings, backlight: nil, hook: [], output: "FAKE-1", now: 100, log: r.f.log.logger))
        r.contact.set(true, at: 170)
        r.contact.set(false, at: 210)
        r.f.world.endOfTest = 220
        _ = try r.f.run()
        let frames = r.f.output.frames
        let before = try #require(frames.last { $0.queued < 200 })
        let held = try #require(frames.first { $0.queued >= 200.05 })
        let after = try #require(frames.last)
        #expect(held.queued < 200.1 && after.queued >= 210.05, "\(frames.map(\.queued))")
        #expect(!Self.warns(before, r.f) && Self.messageLine(held, r.f) != Self.messageLine(before, r.f))
        #expect(Self.messageLine(after, r.f) == Self.messageLine(before, r.f), "the words stayed after closing")
        #expect(r.unlocks == 0 && !r.f.states.contains(.unlocked))
    }

    @Test func tamperedShowsTheWordsUntilTheReset() throws {
        let r = try Rig(["animation.hue=off"])
        r.tamper.set(true, at: 101)
        r.tamper.set(false, at: 104)
        r.f.world.at(106, fd: DoorLoopTests.contactFD) { _ = r.door.resetTamper(lock: r.f.loop, now: 106) }
        r.f.world.endOfTest = 110
        _ = try r.f.run()
        let frames = r.f.output.frames
        let before = try #require(frames.last { $0.queued < 101 })
        let tampered = try #require(frames.last { $0.queued < 106 })
        let after = try #require(frames.last)
        #expect(tampered.queued >= 101.05 && after.queued >= 106, "\(frames.map(\.queued))")
        // The input back at rest (104) is still tampered: only the reset clears it.
        #expect(Self.warns(tampered, r.f) && !Self.warns(before, r.f))
        #expect(Self.messageLine(after, r.f) == Self.messageLine(before, r.f), "the words stayed after the reset")
        #expect(r.unlocks == 0)
    }
}
