/// The thumb moving on its own (returning home, or finishing a slide to the end), anchored
/// at the time it started: its position at any later time is a pure function of that
/// time, so frames can be drawn at any rate without accumulating error.
public struct ThumbMotion: Equatable, Sendable {
    /// When the motion started, seconds.
    public let startTime: Double
    /// Offset (pixels from home) and velocity (pixels per second) at `startTime`.
    public let start: SpringState
    /// Offset the thumb is heading for, pixels.
    public let target: Double
    /// The spring, or nil when `easing` drives the motion.
    public let spring: Spring?
    /// The easing, or nil when `spring` drives the motion.
    public let easing: Easing?

    /// A motion as `settings.snapBack` says: a spring that keeps the release velocity, or an
    /// easing over `easeDuration` (which starts from rest: a timed curve has no velocity).
    public init(settings: AnimationSettings, from start: SpringState, to target: Double, at time: Double) {
        startTime = time
        self.start = start
        self.target = target
        if let easing = Easing(settings.snapBack, duration: settings.easeDuration) {
            self.easing = easing
            spring = nil
        } else {
            spring = Spring(settings)
            easing = nil
        }
    }

    /// Offset and velocity at `time`.
    public func state(at time: Double) -> SpringState {
        let elapsed = max(0, time - startTime)
        if let spring {
            return spring.step(start, toward: target, seconds: elapsed)
        }
        guard let easing else { return SpringState(position: target) }
        let f = easing.fraction(seconds: elapsed)
        return SpringState(position: start.position + (target - start.position) * f)
    }

    /// True once the thumb has arrived (settled, for a spring).
    public func isFinished(at time: Double) -> Bool {
        let elapsed = max(0, time - startTime)
        if let spring { return spring.isSettled(state(at: time), toward: target) }
        return easing?.isFinished(seconds: elapsed) ?? true
    }
}
