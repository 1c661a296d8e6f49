import SlideLockCore
import Testing

/// Displays whose frames are on screen when `present` returns (fbdev; a DRM display drawn
/// in place and uploaded, as virtio-gpu, SPI panels and USB displays are) and displays
/// whose flips complete at once (no vblank) get no pacing from the kernel: the loop keeps
/// their frames a refresh apart itself, while the hue turns and while a finger drags.
struct FramePacingTests {
    /// Frames shown in every window of one second, from the first frame after `from`.
    static func mostFramesInASecond(_ times: [Double], from: Double) -> Int {
        let t = times.filter { $0 >= from }
        return t.indices.map { i in t[i...].prefix { $0 < t[i] + 1 }.count }.max() ?? 0
    }

    @Test(arguments: [FakePacing.uploaded, .framebuffer, .unpaced])
    func neverMoreFramesThanTheRefresh(pacing: FakePacing) throws {
        let f = try LoopFixture([], pacing: pacing)
        // Three seconds of hue animation, then a 3 s drag reported at 125 Hz, back and forth.
        let t0 = f.world.now()
        let from = f.thumbCentre(progress: 0)
        f.world.touch(t0 + 4, .touchDown(id: 1, point: from, time: t0 + 4))
        for step in 1...375 {
            let t = t0 + 4 + Double(step) * 0.008
            let phase = Double(step % 100) / 100
            let x = from.x + 120 * (phase < 0.5 ? phase * 2 : 2 - phase * 2)
            f.world.touch(t, .touchMove(id: 1, point: Point(x: x, y: from.y), time: t))
        }
        f.world.touch(t0 + 7.01, .touchUp(id: 1, time: t0 + 7.01))
        f.world.endOfTest = t0 + 8
        _ = try f.run()
        let times = f.output.shown.compactMap(\.completed)
        let refresh = 1 / f.output.frameInterval
        let hue = Self.mostFramesInASecond(times.filter { $0 < t0 + 4 }, from: t0 + 0.5)
        let drag = Self.mostFramesInASecond(times.filter { $0 < t0 + 7 }, from: t0 + 4)
        #expect(Double(hue) <= refresh * 1.02 + 1, "hue: \(hue) frames in a second")
        #expect(Double(drag) <= refresh * 1.02 + 1, "drag: \(drag) frames in a second")
        // And still animating at about the refresh: pacing, not starving.
        #expect(Double(hue) >= refresh * 0.9, "hue: \(hue) frames in a second")
        #expect(Double(drag) >= refresh * 0.9, "drag: \(drag) frames in a second")
    }

    /// A drag still shows the newest touch: the frame after a move shows the thumb under it.
    @Test func aDragOnAnUploadingDisplayFollowsTheFinger() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .uploaded)
        let t0 = f.world.now()
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 0.5)
        f.world.touch(t0 + 1, .touchDown(id: 1, point: from, time: t0 + 1))
        for step in 1...40 {
            let t = t0 + 1 + Double(step) * 0.008
            let x = from.x + (to.x - from.x) * Double(step) / 40
            f.world.touch(t, .touchMove(id: 1, point: Point(x: x, y: from.y), time: t))
        }
        f.world.endOfTest = t0 + 2
        _ = try f.run()
        let last = try #require(f.output.shown.last)
        let x = try #require(f.thumbX(in: last))
        #expect(abs(x - to.x) <= 2, "thumb at \(x), finger at \(to.x)")
    }
}
