import SlideLockCore

/// The animated values of a state frozen at one moment, for `render`.
enum StillFrame {
    static func visual(state: LockState, progress: Double, time: Double, settings: Settings) -> ControlVisual {
        var v = ControlVisual(state: state, progress: progress)
        let a = settings.animation
        if a.hueEnabled {
            // Triangle wave: hueFrom -> hueTo over one period, then back.
            let phase = (time / a.huePeriod).truncatingRemainder(dividingBy: 2)
            let t = phase <= 1 ? phase : 2 - phase
            v.hueDegrees = a.hueFrom + (a.hueTo - a.hueFrom) * t
        }
        v.spinnerPhase = (time / 1.0).truncatingRemainder(dividingBy: 1)
        if a.shimmer { v.shimmer = (time / a.shimmerPeriod).truncatingRemainder(dividingBy: 1) }
        return v
    }
}
