/// The ambient animations that run regardless of touches: the track's hue sweep and the
/// label's shimmer band. Both are pure functions of the clock, so any frame can be drawn
/// for any timestamp without history.
public struct HueAnimation: Equatable, Sendable {
    public let enabled: Bool
    public let from: Double
    public let to: Double
    /// Seconds of one sweep from `from` to `to`.
    public let period: Double
    /// Seconds for the shimmer band to cross the label once, nil when shimmer is off.
    public let shimmerPeriod: Double?

    public init(_ settings: AnimationSettings) {
        enabled = settings.hueEnabled
        from = settings.hueFrom
        to = settings.hueTo
        period = settings.huePeriod
        shimmerPeriod = settings.shimmer && settings.shimmerPeriod > 0 ? settings.shimmerPeriod : nil
    }

    /// True when the hue changes over time (on, with a real range and period).
    public var hueIsAnimating: Bool { enabled && from != to && period > 0 }

    /// True when either ambient animation needs new frames.
    public var isAnimating: Bool { hueIsAnimating || shimmerPeriod != nil }

    /// Hue rotation in degrees at `seconds`: a triangle wave that sweeps linearly from
    /// `from` to `to` in `period` seconds, then back, forever. 0 when off.
    public func degrees(at seconds: Double) -> Double {
        guard enabled else { return 0 }
        guard period > 0 else { return from }
        // Position within one there-and-back cycle of 2 periods, folded into 0...1.
        let cycle = HueAnimation.wrap(seconds / (2 * period))
        let u = cycle < 0.5 ? cycle * 2 : 2 - cycle * 2
        return from + (to - from) * u
    }

    /// Shimmer band position 0..<1 across the label at `seconds`, nil when off.
    public func shimmerPhase(at seconds: Double) -> Double? {
        shimmerPeriod.map { HueAnimation.wrap(seconds / $0) }
    }

    /// `x` modulo 1, in 0..<1 also for negative `x`.
    public static func wrap(_ x: Double) -> Double {
        let r = x - x.rounded(.down)
        return r >= 1 ? 0 : r
    }
}
