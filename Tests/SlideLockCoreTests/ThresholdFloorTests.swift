import Testing

@testable import SlideLockCore

/// `gesture.threshold` takes 0.5...1: `check-config` refuses less, the lock runs an older
/// config's lower value as 0.5 (an upgraded panel still opens) and says so once.
@Suite struct ThresholdFloorTests {
    @Test func aLowThresholdIsRaisedWithOneAdvisoryNamingFileLineAndKey() throws {
        let text = "[gesture]\nthreshold = 0.3\n"
        let (settings, advisories) = try ConfigLoader.loadAdvised(sources: [ConfigSource(name: "old.conf", text: text)])
        #expect(settings.gesture.threshold == 0.5)
        #expect(advisories.count == 1)
        #expect(
            advisories.first?.description
                == "old.conf:2: gesture.threshold: 0.3 is below 0.5: a slide must cover at least half the track; "
                + "for an easier way in, use gesture.tap_to_open")
    }

    @Test(arguments: ["0.5", "0.75", "1"]) func allowedThresholdsGiveNoAdvisory(_ value: String) throws {
        let (settings, advisories) = try ConfigLoader.loadAdvised(
            sources: [ConfigSource(name: "a.conf", text: "[gesture]\nthreshold = \(value)\n")])
        #expect(advisories.isEmpty)
        #expect(settings.gesture.threshold == Double(value))
    }

    /// The last assignment decides: a low value overridden by `--set` is no advisory.
    @Test func theLastAssignmentDecides() throws {
        let (_, fixed) = try ConfigLoader.loadAdvised(
            sources: [ConfigSource(name: "a.conf", text: "[gesture]\nthreshold = 0.2\n")],
            overrides: ["gesture.threshold=0.6"])
        #expect(fixed.isEmpty)
        let (_, broken) = try ConfigLoader.loadAdvised(
            sources: [ConfigSource(name: "a.conf", text: "[gesture]\nthreshold = 0.6\n")],
            overrides: ["gesture.threshold=0.2"])
        #expect(broken.map(\.file) == ["--set"])
    }

    /// The authority judges by at least half the track whatever it is given: a slide over
    /// 40 % of the travel never opens, even with `threshold` set to 0.1 behind the loader's back.
    @Test func theAuthorityFloorsTheThresholdItself() {
        var s = Settings()
        s.gesture.threshold = 0.1
        var g = Glass(s)
        g.stroke(homeX, homeX + 0.4 * 576, from: 1, seconds: 0.4, hz: 60)
        g.lift(at: 1.5)
        #expect(!g.unlocked)
        #expect(g.log.contains("spring-back slide"), "\(g.log)")
        #expect(UnlockAuthority.effectiveThreshold(.nan) == 1)
        #expect(UnlockAuthority.effectiveThreshold(0.2) == 0.5)
    }
}
