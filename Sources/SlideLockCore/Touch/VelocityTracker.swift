/// Estimates how fast the thumb was moving when the finger let go, from the samples of
/// the last `window` seconds.
///
/// A least-squares slope over ~100 ms rides out the jitter of single touch samples (one
/// noisy sample between two close ones would otherwise dominate), yet is short enough to
/// reflect the flick at the end of a slow drag rather than the drag as a whole.
public struct VelocityTracker: Equatable, Sendable {
    /// Seconds of history that count.
    public static let window = 0.1
    /// Most samples kept, whatever their times: a burst of samples within the window
    /// (1,000 moves at one timestamp) keeps the cost of each sample constant.
    public static let capacity = 64

    private var times: [Double] = []
    private var positions: [Double] = []

    public init() {}

    /// Records the thumb at `position` pixels at `time`.
    public mutating func add(time: Double, position: Double) {
        times.append(time)
        positions.append(position)
        // Keep one sample older than the window so a release right after a pause still
        // has a reference point; drop the rest, and anything past the capacity, at once.
        var drop = max(0, times.count - VelocityTracker.capacity)
        while times.count - drop > 2 && times[drop + 1] < time - VelocityTracker.window { drop += 1 }
        if drop > 0 {
            times.removeFirst(drop)
            positions.removeFirst(drop)
        }
    }

    /// Pixels per second at `releaseTime`. Touch screens send nothing while a finger
    /// rests, so the last position is assumed held until release: a finger that stopped
    /// and then lifted has (nearly) no velocity. 0 with too little data.
    public func velocity(releaseTime: Double) -> Double {
        guard let lastPosition = positions.last else { return 0 }
        var t: [Double] = []
        var x: [Double] = []
        for (i, time) in times.enumerated() where time >= releaseTime - VelocityTracker.window {
            t.append(time)
            x.append(positions[i])
        }
        if let last = t.last, releaseTime > last {
            t.append(releaseTime)
            x.append(lastPosition)
        }
        guard t.count >= 2 else { return 0 }
        let n = Double(t.count)
        let meanT = t.reduce(0, +) / n
        let meanX = x.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for i in t.indices {
            covariance += (t[i] - meanT) * (x[i] - meanX)
            variance += (t[i] - meanT) * (t[i] - meanT)
        }
        // Samples bunched within a millisecond say nothing reliable about speed.
        guard variance > 1e-7 else { return 0 }
        return covariance / variance
    }
}
