/// Position and velocity of something a `Spring` moves (pixels and pixels per second).
public struct SpringState: Equatable, Sendable {
    public var position: Double
    public var velocity: Double

    public init(position: Double, velocity: Double = 0) {
        self.position = position
        self.velocity = velocity
    }
}

/// A damped harmonic oscillator with SwiftUI's `spring(response:dampingFraction:)` meaning:
/// mass 1, stiffness k = (2π / response)², damping c = 4π · dampingFraction / response.
///
/// Motion is computed from the closed-form solution of the oscillator rather than by
/// numeric integration, so advancing by one large step or by many small ones lands on the
/// same curve: the animation looks identical at 30, 60 or 144 Hz and after dropped frames.
public struct Spring: Equatable, Sendable {
    /// Seconds of one undamped oscillation.
    public let response: Double
    /// 1 = critically damped (no overshoot), < 1 bounces, > 1 creeps.
    public let dampingFraction: Double

    /// Distance from the target, pixels, below which the spring may count as settled.
    /// Half a pixel: the snap to the exact target is then hidden by anti-aliasing.
    public static let settleDistance = 0.5
    /// Speed, pixels per second, below which the spring may count as settled. At 5 px/s
    /// what is left of the motion (for the default response) is under a pixel, and under
    /// 0.1 px per 60 Hz frame, so stopping there is invisible.
    public static let settleSpeed = 5.0

    // Below this distance from 1 the damping is treated as critical: the under- and
    // over-damped formulas divide by a frequency that vanishes there.
    private static let criticalBand = 1e-6

    public init(response: Double, dampingFraction: Double) {
        // A zero response would mean infinite stiffness; keep the maths finite.
        self.response = max(response, 1e-3)
        self.dampingFraction = max(dampingFraction, 0)
    }

    /// The spring an `AnimationSettings` describes.
    public init(_ settings: AnimationSettings) {
        self.init(response: settings.springResponse, dampingFraction: settings.springDampingFraction)
    }

    /// Undamped angular frequency ω₀ = 2π / response, radians per second.
    public var angularFrequency: Double { 2 * Double.pi / response }
    /// k, for mass 1.
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c, for mass 1.
    public var damping: Double { 4 * Double.pi * dampingFraction / response }

    /// The exact displacement from the target and velocity `seconds` after starting at
    /// displacement `x0` with velocity `v0`.
    public func evolve(
        displacement x0: Double, velocity v0: Double,
        seconds t: Double
    ) -> (displacement: Double, velocity: Double) {
        let w0 = angularFrequency
        let zeta = dampingFraction
        if abs(zeta - 1) < Spring.criticalBand {
            // x(t) = (A + B t) e^(-ω₀ t)
            let a = x0
            let b = v0 + w0 * x0
            let e = exponential(-w0 * t)
            return ((a + b * t) * e, (b - w0 * (a + b * t)) * e)
        }
        if zeta < 1 {
            // x(t) = e^(-ζω₀t) (A cos ω_d t + B sin ω_d t)
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * w0
            let a = x0
            let b = (v0 + decay * x0) / wd
            let e = exponential(-decay * t)
            let c = cosine(wd * t)
            let s = sine(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - decay * a) * c - (a * wd + decay * b) * s)
            return (x, v)
        }
        // Over-damped: x(t) = C1 e^(r1 t) + C2 e^(r2 t), two real negative roots.
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = exponential(r1 * t)
        let e2 = exponential(r2 * t)
        return (c1 * e1 + c2 * e2, r1 * c1 * e1 + r2 * c2 * e2)
    }

    /// `state` advanced by `seconds` towards `target`.
    public func step(_ state: SpringState, toward target: Double, seconds dt: Double) -> SpringState {
        let r = evolve(displacement: state.position - target, velocity: state.velocity, seconds: dt)
        return SpringState(position: target + r.displacement, velocity: r.velocity)
    }

    /// True when `state` is within `settleDistance` of `target` and slower than `settleSpeed`.
    public func isSettled(_ state: SpringState, toward target: Double) -> Bool {
        abs(state.position - target) < Spring.settleDistance && abs(state.velocity) < Spring.settleSpeed
    }
}

/// A timed curve from 0 to 1, for the snap-back modes that are not springs.
public struct Easing: Equatable, Sendable {
    /// The shape of the curve.
    public enum Curve: Equatable, Sendable {
        case linear
        /// CSS / SwiftUI `easeInOut`: cubic Bézier (0.42, 0) (0.58, 1).
        case easeInOut
    }

    public let curve: Curve
    /// Seconds from 0 to 1.
    public let duration: Double

    public init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = max(duration, 0)
    }

    /// The easing for a non-spring `SnapBack`; nil for `.spring`.
    public init?(_ snapBack: SnapBack, duration: Double) {
        switch snapBack {
        case .spring: return nil
        case .linear: self.init(curve: .linear, duration: duration)
        case .easeInOut: self.init(curve: .easeInOut, duration: duration)
        }
    }

    /// Fraction of the way (0...1) after `seconds`.
    public func fraction(seconds: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = min(max(seconds / duration, 0), 1)
        // Exact ends, so a finished easing lands on its target to the bit.
        if u == 0 || u == 1 { return u }
        switch curve {
        case .linear: return u
        case .easeInOut: return Easing.bezier(u, x1: 0.42, x2: 0.58)
        }
    }

    /// True once `seconds` has reached the duration.
    public func isFinished(seconds: Double) -> Bool { seconds >= duration }

    /// y for x = `u` on the cubic Bézier (0,0) (x1,0) (x2,1) (1,1).
    private static func bezier(_ u: Double, x1: Double, x2: Double) -> Double {
        // x(s) is monotone for control points inside [0, 1], so bisection always finds s;
        // 40 halvings reach ~1e-12, well below a pixel on any panel.
        func x(_ s: Double) -> Double {
            let m = 1 - s
            return 3 * m * m * s * x1 + 3 * m * s * s * x2 + s * s * s
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if x(mid) < u { lo = mid } else { hi = mid }
        }
        let s = (lo + hi) / 2
        return s * s * (3 - 2 * s)
    }
}
