import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// The `fade-scale` icon transition in the loop (hook mode, the hue off so nothing else animates):
/// frames come through the fade, then the loop sleeps until the relock; the hook's run and
/// the relock's time are those of a cut.
@Suite struct IconTransitionLoopTests {
    static func run(_ transition: String) throws -> (LoopFixture, FakeAction) {
        let action = FakeAction(succeeds: true, duration: 0.3)
        let f = try LoopFixture(
            [
                "animation.hue=off", "action.on_unlock=hook", "action.hook=/bin/true",
                "theme.icon_transition=\(transition)",
            ], action: action)
        f.fullSlide(at: 101)
        f.world.endOfTest = 104
        _ = try f.run()
        return (f, action)
    }

    /// Pixels inside the thumb at the end of the track that are not the fixture's red thumb.
    static func iconPixels(_ f: LoopFixture, _ frame: PresentedFrame) -> Int {
        let thumb = f.layout.thumb(progress: 1)
        let inner = thumb.insetBy(thumb.width * 0.2)
        var count = 0
        for y in Int(inner.minY)..<Int(inner.maxY) {
            for x in Int(inner.minX)..<Int(inner.maxX) where frame.pixels[y * f.output.width + x] != 0xFF0000 {
                count += 1
            }
        }
        return count
    }

    /// When the first frame in the success colour was queued (the fill's start is green).
    static func unlockedAt(_ f: LoopFixture) -> Double? {
        let track = f.layout.track
        let x = Int(track.minX + track.height)
        let y = Int(track.minY + track.height / 2)
        return f.output.shown.first { frame in
            let p = frame.pixels[y * f.output.width + x]
            return (p >> 8) & 0xFF > 0x90 && (p >> 16) & 0xFF < 0x60
        }?.queued
    }

    @Test func framesThroughTheFadeThenSleepUntilTheRelock() throws {
        let (f, action) = try Self.run("fade-scale")
        let u = try #require(Self.unlockedAt(f))
        let shown = f.output.shown
        let first = try #require(shown.first { $0.queued >= u })
        #expect(Self.iconPixels(f, first) == 0)
        let fading = shown.filter { $0.queued > u + 0.56 && $0.queued < u + 0.89 }
        #expect(fading.count >= 15, "\(fading.count) frames during the fade")
        let counts = fading.map { Self.iconPixels(f, $0) }
        #expect(counts.first! > 0 && counts.first! < counts.last!)
        // Done: the loop sleeps (the hue is off) until the relock 1.5 s after the unlock.
        let quiet = shown.filter { $0.queued > u + 0.95 && $0.queued < u + 1.45 }
        #expect(quiet.isEmpty, "\(quiet.map(\.queued))")
        let last = try #require(shown.last { $0.queued < u + 0.95 })
        #expect(Self.iconPixels(f, last) > counts.last! / 2)
        #expect(action.starts.count == 1)
    }

    @Test func theHookAndTheRelockKeepTheirTimes() throws {
        let (seed, seedAction) = try Self.run("fade-scale")
        let (cut, cutAction) = try Self.run("cut")
        #expect(seedAction.starts == cutAction.starts)
        let (us, uc) = (try #require(Self.unlockedAt(seed)), try #require(Self.unlockedAt(cut)))
        #expect(abs(us - uc) < 0.02)
        #expect(seed.states == cut.states)
        // A cut shows the open lock in the first unlocked frame, and then nothing moves.
        let first = try #require(cut.output.shown.first { $0.queued >= uc })
        #expect(Self.iconPixels(cut, first) > 0)
        #expect(cut.output.shown.filter { $0.queued > uc + 0.1 && $0.queued < uc + 1.45 }.isEmpty)
    }
}
