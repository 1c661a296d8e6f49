// Where the thumb is and how far it is pressed: its spring motion and its press ramp.
extension LockSession {
    /// Thumb offset from home, pixels, at `t`.
    public func thumbOffset(at t: Double) -> Double {
        // While a finger holds the thumb there is no motion and `restOffset` is live. A
        // spring may overshoot either end; the thumb never leaves the track (what is drawn
        // is what can be grabbed, and an overshoot is no progress).
        clampToTrack(motion?.state(at: t).position ?? restOffset)
    }

    func clampToTrack(_ offset: Double) -> Double {
        guard offset.isFinite else { return 0 }
        return min(max(offset, 0), layout.travel)
    }

    /// Starts the thumb moving on its own from where it is at `t`.
    mutating func startMotion(to target: Double, velocity: Double, at t: Double) {
        let position = thumbOffset(at: t)
        motion = ThumbMotion(
            settings: settings.animation, from: SpringState(position: position, velocity: velocity),
            to: target, at: t)
        restOffset = target
    }

    /// Stops any motion, keeping the thumb where it is at `t`.
    mutating func holdThumb(at t: Double) {
        restOffset = thumbOffset(at: t)
        motion = nil
    }

    func press(at t: Double) -> Double {
        let step = max(0, t - pressStart) / LockSession.pressDuration
        return pressTo > pressFrom ? min(pressTo, pressFrom + step) : max(pressTo, pressFrom - step)
    }

    mutating func setPress(_ target: Double, at t: Double) {
        pressFrom = press(at: t)
        pressTo = target
        pressStart = t
    }
}
