import Testing

@testable import SlideLockCore

@Suite struct HueAnimationTests {
    @Test(arguments: [(0.0, -20.0), (0.75, -10.0), (1.5, 0.0), (3.0, 20.0), (4.5, 0.0), (6.0, -20.0)])
    func triangleWave(time: Double, degrees: Double) {
        let hue = HueAnimation(AnimationSettings()) // -20...20 over 3 s
        #expect(abs(hue.degrees(at: time) - degrees) < 1e-9)
    }

    @Test func offIsConstantZeroAndNeedsNoFrames() {
        var settings = AnimationSettings()
        settings.hueEnabled = false
        let hue = HueAnimation(settings)
        #expect(hue.degrees(at: 0) == 0 && hue.degrees(at: 1.7) == 0)
        #expect(!hue.isAnimating)
        #expect(hue.shimmerPhase(at: 1) == nil)
    }

    @Test func shimmerPhaseWraps() {
        var settings = AnimationSettings()
        settings.hueEnabled = false
        settings.shimmer = true
        settings.shimmerPeriod = 2
        let hue = HueAnimation(settings)
        #expect(hue.isAnimating)
        #expect(hue.shimmerPhase(at: 0) == 0)
        #expect(hue.shimmerPhase(at: 0.5) == 0.25)
        #expect(hue.shimmerPhase(at: 5) == 0.5)
    }

    @Test func sessionVisualCarriesHue() {
        let session = LockSession(settings: Settings(), width: 800, height: 480)
        #expect(abs(session.visual(at: 0.75).hueDegrees + 10) < 1e-9)
        #expect(session.isAnimating && !session.isControlAnimating)
    }
}
