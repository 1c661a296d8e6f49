import Testing

@testable import SlideLockCore

/// `ctl display dim|off` through the idle gate, and the configuration's digest.
@Suite struct DisplayPowerTests {
    @Test func forcingGoesDarkerNowAndATouchWakes() {
        var s = Settings()
        s.display.power.dimAfter = 0
        s.display.power.blankAfter = 0
        var gate = IdleGate(settings: s, now: 0)
        let off = gate.force(.blank, at: 5)
        #expect(off.effects == [.power(.blank)])
        #expect(off.forward == [.hidden(.idle, time: 5)])
        #expect(gate.force(.dim, at: 6) == IdleStep(), "never brighter by force")
        #expect(gate.advance(to: 100) == IdleStep(), "time alone does not wake it")
        #expect(gate.power == .blank)
        let touch = gate.handle(.touchDown(id: 1, point: Point(x: 1, y: 1), time: 101))
        #expect(touch.effects == [.power(.awake)])
        #expect(gate.power == .awake)
        #expect(gate.takeLog().map { "\($0.name) \($0.detail ?? "")" } == ["blank ctl", "wake touch"])
    }

    @Test func aForcedDimStillBlanksOnTime() {
        var s = Settings()
        s.display.power.dimAfter = 60
        s.display.power.blankAfter = 30
        var gate = IdleGate(settings: s, now: 0)
        #expect(gate.force(.dim, at: 1).effects == [.power(.dim)])
        #expect(gate.advance(to: 30).effects == [.power(.blank)])
    }

    @Test func theDigestFollowsTheSettingsNotTheirSpelling() throws {
        let a = try ConfigLoader.load(sources: [], overrides: ["display.message=Back at 3"])
        // The same settings, one of them said again at its default value.
        let b = try ConfigLoader.load(sources: [], overrides: ["display.dim_after=60", "display.message=Back at 3"])
        let c = try ConfigLoader.load(sources: [], overrides: ["display.message=Back at 4"])
        #expect(ConfigDigest.of(a).count == 16)
        #expect(ConfigDigest.of(a).allSatisfy { "0123456789abcdef".contains($0) })
        #expect(ConfigDigest.of(Settings()) != ConfigDigest.of(c))
        #expect(ConfigDigest.of(a) != ConfigDigest.of(c))
        #expect(Settings().display.power.dimAfter == 60)
        #expect(ConfigDigest.of(a) == ConfigDigest.of(b))
    }
}
