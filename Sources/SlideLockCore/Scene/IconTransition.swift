/// `theme.icon_transition`: how the unlocked icon (lock.open, or the checkmark) takes the
/// thumb when a slide has unlocked.
public enum IconTransitionStyle: String, CaseIterable, Equatable, Sendable {
    /// The unlocked icon replaces the thumb's icon at once.
    case cut
    /// The thumb's icon goes at once; after `theme.icon_transition_delay` the
    /// unlocked icon fades in (opacity 0 to 1) while it grows from
    /// `theme.icon_transition_scale` to its full size, in `theme.icon_transition_duration`.
    case fadeScale = "fade-scale"
}

/// The unlocked icon's appearance as a pure function of the seconds since the session
/// entered `unlocked`: no clock of its own, and finished at `end`, after which nothing of it
/// changes (so a loop that sleeps when nothing animates can sleep).
public struct IconTransition: Equatable, Sendable {
    public var style: IconTransitionStyle
    /// Seconds from the unlock to the icon starting to appear.
    public var delay: Double
    /// Seconds the icon takes to fade and grow in (ease in-out, SwiftUI's default curve).
    public var duration: Double
    /// The icon's size as it starts to appear, a fraction of its full size.
    public var fromScale: Double

    public init(style: IconTransitionStyle, delay: Double, duration: Double, fromScale: Double) {
        self.style = style
        self.delay = delay
        self.duration = duration
        self.fromScale = fromScale
    }

    /// The transition `theme` asks for.
    public init(_ theme: Theme) {
        self.init(
            style: theme.iconTransition, delay: theme.iconTransitionDelay, duration: theme.iconTransitionDuration,
            fromScale: theme.iconTransitionScale)
    }

    /// The icon's opacity (0...1) and scale (a fraction of its full size) `seconds` after
    /// the unlock. A cut, a time at or past `end`, and a time that is not a number all give
    /// the icon as it stays: (1, 1).
    public func appearance(seconds: Double) -> (opacity: Double, scale: Double) {
        guard style == .fadeScale, seconds.isFinite, seconds < end else { return (1, 1) }
        let from = min(max(fromScale.isFinite ? fromScale : 1, 0), 1)
        // Hidden through the delay whatever the duration (an easing of no length is already done).
        guard seconds >= delay else { return (0, from) }
        let f = Easing(curve: .easeInOut, duration: duration).fraction(seconds: seconds - delay)
        return (f, from + (1 - from) * f)
    }

    /// Seconds after the unlock from which the icon no longer changes (0 for a cut).
    public var end: Double {
        style == .cut ? 0 : max(0, delay.isFinite ? delay : 0) + max(0, duration.isFinite ? duration : 0)
    }

    /// True while the icon still changes `seconds` after the unlock.
    public func isRunning(seconds: Double) -> Bool { seconds < end }
}
