/// The animated values of a state frozen at one moment (`slidelock render`, golden
/// tests): the same hue, shimmer, spinner, shake and icon transition functions the live
/// session uses (`time` is also the seconds since the state began).
public enum StillFrame {
    public static func visual(state: LockState, progress: Double, time: Double, settings: Settings) -> ControlVisual {
        var v = ControlVisual(state: state, progress: progress)
        v.notice = Notice(settings: settings)
        let ambient = HueAnimation(settings.animation)
        v.hueDegrees = ambient.degrees(at: time)
        v.shimmer = ambient.shimmerPhase(at: time)
        if state == .busy { v.spinnerPhase = HueAnimation.wrap(time / LockSession.spinnerPeriod) }
        if state == .failed { v.shake = LockSession.shake(seconds: time) }
        if state == .unlocked { v.stateSeconds = time }
        return v
    }
}
