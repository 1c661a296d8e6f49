import Testing

@testable import SlideLockCore

/// `slidelock play` decides as the live lock does. An evemu recording of
/// an 800x480 landscape panel goes through the same rotation and mapping (`EvemuReplay`
/// with `--rotate`), then `Playback`; the live path is `Glass` (raw events through the
/// pipeline into the session). Before, play mapped recordings without the rotation: a
/// real slide on a 90-degree panel showed no unlock and a cross swipe an unlock.
@Suite struct PlayDecidesAsLiveTests {
    /// An evemu recording of one finger on the 800x480 panel: `(time, x, y)`, then a lift.
    func recording(_ samples: [(Double, Double, Double)], liftAt: Double) throws -> EvemuRecording {
        try evemuRecording(PanelStroke(samples: samples, lift: liftAt))
    }

    /// Plays `rec` as `slidelock play --size WxH --rotate DEG` does; true when it unlocked.
    func play(_ rec: EvemuRecording, screen: Size, rotation: ImageRotation) throws -> Bool {
        let script = try EvemuReplay.script(rec, fileName: "test.events", screen: screen, rotation: rotation)
        let run = Playback(
            settings: Settings(), width: Int(screen.width), height: Int(screen.height), script: script)
        return run.contains { $0.effects.contains { if case .unlock = $0 { true } else { false } } }
    }

    /// The same raw events through the live path.
    func live(_ rec: EvemuRecording, screen: Size, rotation: ImageRotation) -> Bool {
        var g = Glass(Settings(), screen: screen, rotation: rotation)
        g.raw(rec.events)
        if let last = rec.events.last { g.tick(last.time + 1) }
        return g.unlocked
    }

    /// Panel pixels under a point of the UI turned 90 degrees clockwise (480x800 portrait).
    func panelPoint(_ p: Point, ui: Size) -> (Double, Double) {
        ((1 - p.y / ui.height) * 800, p.x / ui.width * 480)
    }

    @Test func aSlideOnATurnedPanelUnlocksInPlayAndLive() throws {
        let ui = Size(width: 480, height: 800)
        let layout = SceneBuilder(settings: Settings(), width: 480, height: 800).layout
        let (home, end) = thumbLine(layout)
        let a = panelPoint(home, ui: ui)
        let b = panelPoint(Point(x: end.x + 8, y: end.y), ui: ui)
        let samples = (0...20).map { i in
            let f = Double(i) / 20
            return (1 + 0.35 * f, a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
        }
        let rec = try recording(samples, liftAt: 1.4)
        #expect(try play(rec, screen: ui, rotation: .clockwise90))
        #expect(live(rec, screen: ui, rotation: .clockwise90))
        // Without the rotation (what play did) the same slide crossed the track: no unlock.
        #expect(try !play(rec, screen: ui, rotation: .upright))
    }

    @Test func aCrossSwipeOnATurnedPanelUnlocksNeither() throws {
        let ui = Size(width: 480, height: 800)
        let layout = SceneBuilder(settings: Settings(), width: 480, height: 800).layout
        let (home, _) = thumbLine(layout)
        let a = panelPoint(home, ui: ui)
        // Along the panel's x axis: across the portrait track.
        // (Typed step by step: Swift 6.0's type checker gives up on the one-line tuple.)
        let samples: [(Double, Double, Double)] = (0...20).map { i in
            let f: Double = Double(i) / 20
            let t: Double = 1 + 0.35 * f
            let x: Double = a.0 - 300 * f
            return (t, x, a.1)
        }
        let rec = try recording(samples, liftAt: 1.4)
        #expect(try !play(rec, screen: ui, rotation: .clockwise90))
        #expect(!live(rec, screen: ui, rotation: .clockwise90))
    }

    /// The real-slide and forged cases decide the same in play as live, upright.
    @Test func flicksAndBurstsDecideTheSameInPlayAndLive() throws {
        let ui = Size(width: 800, height: 480)
        let flickSamples: [(Double, Double, Double)] = (0...3).map { i in
            let t: Double = 1 + Double(i) / 60
            let x: Double = homeX + Double(i) * 200
            return (t, x, 240)
        }
        var burstSamples: [(Double, Double, Double)] = [(1, homeX, 240), (1.5, homeX + 2, 240)]
        for i in 1...4 { burstSamples.append((2 + Double(i) * 0.001, homeX + Double(i) * 150, 240)) }
        let flick = try recording(flickSamples, liftAt: 1.07)
        let burst = try recording(burstSamples, liftAt: 2.01)
        #expect(try play(flick, screen: ui, rotation: .upright))
        #expect(live(flick, screen: ui, rotation: .upright))
        #expect(try !play(burst, screen: ui, rotation: .upright))
        #expect(!live(burst, screen: ui, rotation: .upright))
    }
}
