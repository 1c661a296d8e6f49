// The settings a fuzz input picks, as plain values: the implementation's glue turns them
// into its Settings, the oracle reads them as OracleRules. Nothing here knows either side.
import FuzzOracle

/// One configuration of the lock under test.
struct FuzzConfig: Equatable {
    var ghostFilter = true
    var threshold = 1.0
    var rightToLeft = false
    /// The logical screen and its turn on the panel.
    var screenWidth = 800
    var screenHeight = 480
    var rotationDegrees = 0
    var fling = false
    var flingProjection = 0.2
    var hookMode = false
    var calibration: [Double] = [1, 0, 0, 0, 1, 0]
    var hitSlop = 8.0
    var maxSpeed = 20_000.0
    var minDuration = 0.05
    var dimAfter = 60.0
    var blankAfter = 600.0
    var minContactSeconds = 0.03
    var minContactSamples = 3
    var cornerMargin = 4.0
    var maxJumpFraction = 0.25
    var tapToOpen = false
    var stuckAfter = 30.0
    var stuckRadius = 4.0

    /// The rules as the oracle reads them.
    var rules: OracleRules {
        var r = OracleRules()
        r.threshold = threshold
        r.hitSlop = hitSlop
        r.maxSpeed = maxSpeed
        r.minDuration = minDuration
        r.fling = fling
        r.flingProjection = flingProjection
        r.ghostFilter = ghostFilter
        r.minContactSeconds = minContactSeconds
        r.minContactSamples = minContactSamples
        r.cornerMargin = cornerMargin
        r.tapToOpen = tapToOpen
        r.stuckAfter = stuckAfter
        r.stuckRadius = stuckRadius
        return r
    }

    /// The screen diagonal share one sample may jump, in pixels.
    var maxJumpPixels: Double {
        let w = Double(screenWidth)
        let h = Double(screenHeight)
        return maxJumpFraction * (w * w + h * h).squareRoot()
    }
}

/// What the harness saw the implementation do.
enum Observation: Equatable {
    case unlock(time: Double)
    case power(OraclePower, time: Double)
    /// The implementation itself cancelled every contact (its history is uncertain).
    case cancel(time: Double)
}
