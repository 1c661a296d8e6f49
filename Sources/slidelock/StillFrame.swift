import SlideLockCore

/// The animated values of a state frozen at one moment, for `render`: the same hue,
/// shimmer and spinner functions the live session uses.
enum StillFrame {
    static func visual(state: LockState, progress: Double, time: Double, settings: Settings) -> ControlVisual {
        var v = ControlVisual(state: state, progress: progress)
        let ambient = HueAnimation(settings.animation)
        v.hueDegrees = ambient.degrees(at: time)
        v.shimmer = ambient.shimmerPhase(at: time)
        if state == .busy { v.spinnerPhase = HueAnimation.wrap(time / LockSession.spinnerPeriod) }
        if state == .failed { v.shake = LockSession.shake(seconds: time) }
        return v
    }
}
