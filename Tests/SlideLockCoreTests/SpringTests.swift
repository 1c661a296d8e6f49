import Foundation
import Testing

@testable import SlideLockCore

/// The damped oscillator written out independently with Foundation's libm, as reference.
private func reference(zeta: Double, response: Double, x0: Double, v0: Double, t: Double) -> Double {
    let w0 = 2 * Double.pi / response
    if abs(zeta - 1) < 1e-9 {
        return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
    }
    if zeta < 1 {
        let wd = w0 * sqrt(1 - zeta * zeta)
        return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
    }
    let r1 = -w0 * (zeta - sqrt(zeta * zeta - 1))
    let r2 = -w0 * (zeta + sqrt(zeta * zeta - 1))
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    return (x0 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
}

/// 800x480 with the default theme: travel 576 px.
private let layout800 = SceneBuilder(settings: Settings(), width: 800, height: 480).layout

@Suite struct SpringTests {
    @Test func stiffnessAndDampingFollowSwiftUI() {
        let s = Spring(response: 0.5, dampingFraction: 0.8)
        #expect(abs(s.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * Double.pi * 0.8 / 0.5) < 1e-9)
    }

    @Test(arguments: [0.5, 1.0, 1.6], [30.0, 60.0, 120.0, 144.0])
    func steppedMatchesClosedForm(zeta: Double, hz: Double) {
        let spring = Spring(response: 0.5, dampingFraction: zeta)
        let x0 = 0.6 * layout800.travel
        let v0 = 900.0
        var state = SpringState(position: x0, velocity: v0)
        let frames = Int(1.5 * hz)
        for i in 1...frames {
            state = spring.step(state, toward: 0, seconds: 1 / hz)
            let expected = reference(zeta: zeta, response: 0.5, x0: x0, v0: v0, t: Double(i) / hz)
            #expect(abs(state.position - expected) < 0.5, "frame \(i) at \(hz) Hz")
        }
    }

    @Test func frameRateDoesNotChangeTheCurve() {
        let spring = Spring(response: 0.4, dampingFraction: 0.6)
        var fine = SpringState(position: 300, velocity: -2000)
        for _ in 0..<144 { fine = spring.step(fine, toward: 0, seconds: 1.0 / 144) }
        let once = spring.step(SpringState(position: 300, velocity: -2000), toward: 0, seconds: 1)
        #expect(abs(fine.position - once.position) < 1e-6)
        #expect(abs(fine.velocity - once.velocity) < 1e-4)
    }

    @Test func criticalReturnIsMonotoneAndSettlesWithinPointEightSeconds() {
        let spring = Spring(response: 0.5, dampingFraction: 1)
        var state = SpringState(position: 0.6 * layout800.travel)
        var previous = state.position
        var settledAt: Double?
        for i in 1...120 {
            state = spring.step(state, toward: 0, seconds: 1.0 / 60)
            #expect(state.position <= previous && state.position >= 0)
            previous = state.position
            if settledAt == nil && spring.isSettled(state, toward: 0) { settledAt = Double(i) / 60 }
        }
        let t = try! #require(settledAt)
        #expect(t <= 0.8)
    }

    @Test func motionFromReleaseVelocityOvershootsWhenUnderDamped() {
        var settings = AnimationSettings()
        settings.springDampingFraction = 0.5
        let m = ThumbMotion(settings: settings, from: SpringState(position: 100, velocity: -1500), to: 0, at: 2)
        let lowest = stride(from: 2.0, through: 3.0, by: 0.01).map { m.state(at: $0).position }.min()!
        #expect(lowest < -1)
        #expect(m.state(at: 2).position == 100)
        #expect(m.isFinished(at: 6))
    }

    @Test func easings() {
        let linear = Easing(curve: .linear, duration: 0.5)
        #expect(linear.fraction(seconds: 0.25) == 0.5)
        #expect(linear.fraction(seconds: 2) == 1)
        let ease = Easing(curve: .easeInOut, duration: 1)
        #expect(ease.fraction(seconds: 0) == 0)
        #expect(abs(ease.fraction(seconds: 0.5) - 0.5) < 1e-9)
        #expect(ease.fraction(seconds: 1) == 1)
        #expect(ease.fraction(seconds: 0.1) < 0.1) // slow start
        #expect(abs(ease.fraction(seconds: 0.2) + ease.fraction(seconds: 0.8) - 1) < 1e-9)
        var last = 0.0
        for i in 0...100 {
            let f = ease.fraction(seconds: Double(i) / 100)
            #expect(f >= last)
            last = f
        }
        #expect(Easing(.spring, duration: 1) == nil)
        #expect(Easing(.easeInOut, duration: 1)?.curve == .easeInOut)
    }

    @Test func easedMotionIgnoresVelocityAndArrivesOnTime() {
        var settings = AnimationSettings()
        settings.snapBack = .linear
        settings.easeDuration = 0.5
        let m = ThumbMotion(settings: settings, from: SpringState(position: 200, velocity: 999), to: 0, at: 1)
        #expect(m.state(at: 1.25).position == 100)
        #expect(!m.isFinished(at: 1.4))
        #expect(m.isFinished(at: 1.5))
    }
}
