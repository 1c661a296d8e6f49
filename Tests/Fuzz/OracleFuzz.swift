// libFuzzer target: the unlock oracle alone (Oracle/), against the slides the rule says must
// open and the ones it says never do. Open: one finger from rest on the thumb, a
// minimum-jerk stroke over the whole travel and 24 px past its end, +-2 px of jitter across
// the track and +-1 px along it, lasting 1.3 x min_duration or more at 90, 120 and 200 Hz,
// 0.09 s or more at 60 Hz, 0.1 s or more at 30 Hz, slow ones up to 10 s, and 0.6 s with a
// 1 s pause at half the travel; thresholds 0.5, 0.75 and 1, rotations 0 and 90. Never:
// one report from rest (or from behind the landing place) past the distance, then any
// forward creep. The oracle must accept
// every one of the first and refuse every one of the second.
//
// Input: byte 0 the case (bits 0-1 threshold 0.5/0.75/1/1, 2 rotation 90, 3-5 the rate or
// kind, 6-7 the duration's scale), bytes 1-8 the jitter's seed and the report phase. An
// empty input runs the whole grid with a few seeds each (what fuzz.sh replays).
import FuzzOracle

/// The 800x480 screen's default layout: thumb at rest, travel.
let thumb = OracleRect(x: 81.8, y: 209.8, width: 60.4, height: 60.4)
let travel = 576.0
let thresholds = [0.5, 0.75, 1, 1]
/// Report rates (Hz) and the shortest duration each must open at (min_duration 0.05).
let rates: [(hz: Double, shortest: Double)] = [(90, 0.065), (120, 0.065), (200, 0.065), (60, 0.09), (30, 0.1)]

struct Random {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    /// Uniform in -r...r.
    mutating func jitter(_ r: Double) -> Double { (next() * 2 - 1) * r }
}

/// A finger's path in logical pixels: progress along the track at a time.
struct Stroke {
    var hz: Double
    /// Seconds of motion (without the pause).
    var duration: Double
    var pause = 0.0
    /// Seconds from the landing to the first report after the motion began.
    var phase: Double
    var threshold: Double
    var rotation: Int

    /// Minimum jerk over `length` pixels in `time` seconds.
    static func minimumJerk(_ t: Double, _ time: Double, _ length: Double) -> Double {
        let u = min(max(t / time, 0), 1)
        return length * (10 * u * u * u - 15 * u * u * u * u + 6 * u * u * u * u * u)
    }

    /// Along-track progress at `t` seconds after the motion starts.
    func along(_ t: Double) -> Double {
        let length = travel + 24
        guard pause > 0 else { return Stroke.minimumJerk(t, duration, length) }
        let half = travel / 2
        let leg = duration / 2
        if t <= leg { return Stroke.minimumJerk(t, leg, half) }
        if t <= leg + pause { return half }
        return half + Stroke.minimumJerk(t - leg - pause, leg, length - half)
    }
}

/// The oracle's verdict on `path` (along-track pixels per report, nil: a rest report),
/// reported every 1/hz s from t = 0.3 after 0.2 s at rest; the unlock judged at the lift.
func verdict(
    threshold: Double, rotation: Int, hz: Double, restReports: Int, path: [Double], random: inout Random
) -> String? {
    var rules = OracleRules()
    rules.threshold = threshold
    let quarter = rotation == 90
    let deviceWidth = quarter ? 480.0 : 800.0
    let deviceHeight = quarter ? 800.0 : 480.0
    let geometry = OracleGeometry(
        screenWidth: 800, screenHeight: 480, thumb: thumb, travel: travel, rightToLeft: false,
        rotationDegrees: rotation, calibration: [1, 0, 0, 0, 1, 0],
        axisX: OracleAxis(minimum: 0, maximum: deviceWidth - 1),
        axisY: OracleAxis(minimum: 0, maximum: deviceHeight - 1))
    var oracle = UnlockOracle(rules: rules, geometry: geometry, multitouch: true, time: 0)
    let home = (x: 112.0, y: 240.0)
    var time = 0.1
    /// Logical pixels to the panel's whole units (a quarter turn: x from the panel's y).
    func report(_ x: Double, _ y: Double, landing: Bool = false) {
        let (dx, dy) = quarter ? (480 - y, x) : (x, y)
        if landing {
            oracle.raw(type: RawCode.absType, code: RawCode.mtSlot, value: 0, time: time)
            oracle.raw(type: RawCode.absType, code: RawCode.mtTrackingID, value: 1, time: time)
        }
        oracle.raw(type: RawCode.absType, code: RawCode.mtX, value: Int32(dx.rounded()), time: time)
        oracle.raw(type: RawCode.absType, code: RawCode.mtY, value: Int32(dy.rounded()), time: time)
        oracle.raw(type: RawCode.synType, code: RawCode.synReport, value: 0, time: time)
    }
    report(home.x, home.y, landing: true)
    for _ in 0..<restReports {
        time += 1 / hz
        report(home.x + random.jitter(1), home.y + random.jitter(2))
    }
    for p in path {
        time += 1 / hz
        report(home.x + p + random.jitter(1), home.y + random.jitter(2))
    }
    time += 1 / hz
    oracle.raw(type: RawCode.absType, code: RawCode.mtTrackingID, value: -1, time: time)
    oracle.raw(type: RawCode.synType, code: RawCode.synReport, value: 0, time: time)
    return oracle.judgeUnlock(time: time + 0.01)
}

/// A slide the rule opens: the oracle must accept it.
func mustOpen(_ s: Stroke, seed: UInt64) {
    var random = Random(state: seed)
    let total = s.duration + s.pause
    var path: [Double] = []
    var t = s.phase
    while true {
        path.append(s.along(t))
        if t >= total { break }
        t += 1 / s.hz
    }
    let restReports = Int(0.2 * s.hz)
    if let why = verdict(
        threshold: s.threshold, rotation: s.rotation, hz: s.hz, restReports: restReports, path: path,
        random: &random)
    {
        fatalError("refused an open slide \(s) seed \(seed): \(why)")
    }
}

/// One report from rest past the distance, then `creep` px per report for 0.3 s: the
/// oracle must refuse it.
func neverOpens(threshold: Double, rotation: Int, hz: Double, past: Double, creep: Double, seed: UInt64) {
    var random = Random(state: seed)
    // (Past by more than the oracle's 2 px of mapping, the jitter and a rounding.)
    // Half of them from behind the landing place (still at it).
    var path = (random.next() < 0.5 ? [-30.0, -20] : []) + [max(0.5, threshold) * travel + 4 + past]
    for _ in 0..<Int(0.3 * hz) { path.append(min(path[path.count - 1] + creep, 670)) }
    let restReports = Int(0.2 * hz)
    if verdict(threshold: threshold, rotation: rotation, hz: hz, restReports: restReports, path: path, random: &random)
        == nil
    {
        fatalError("accepted a one-report crossing: threshold \(threshold) \(hz) Hz, \(past) px past, creep \(creep)")
    }
}

/// The case byte 0 picks, with the rest as seed and phase.
func run(_ bytes: [UInt8]) {
    let c = bytes[0]
    var seed: UInt64 = 0
    for b in bytes.dropFirst().prefix(8) { seed = seed << 8 | UInt64(b) }
    var random = Random(state: seed)
    let threshold = thresholds[Int(c & 3)]
    let rotation = c & 4 == 0 ? 0 : 90
    let kind = Int(c >> 3 & 7)
    let scale = [1, 1.5, 3, 10][Int(c >> 6)]
    let phase = random.next()
    switch kind {
    case 0..<5:
        let (hz, shortest) = rates[kind]
        mustOpen(
            Stroke(hz: hz, duration: shortest * scale, phase: phase / hz, threshold: threshold, rotation: rotation),
            seed: seed)
    case 5:
        // Slow: up to 10 s at 30, 60 or 120 Hz.
        let hz = [30.0, 60, 120][Int(seed % 3)]
        mustOpen(
            Stroke(hz: hz, duration: scale, phase: phase / hz, threshold: threshold, rotation: rotation), seed: seed)
    case 6:
        let hz = [30.0, 60, 90, 120, 200][Int(seed % 5)]
        mustOpen(
            Stroke(hz: hz, duration: 0.6, pause: 1, phase: phase / hz, threshold: threshold, rotation: rotation),
            seed: seed)
    default:
        let hz = [30.0, 60, 90, 120, 200][Int(seed % 5)]
        neverOpens(
            threshold: threshold, rotation: rotation, hz: hz, past: random.next() * 100,
            creep: 0.5 + random.next() * 10, seed: seed)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func oracleFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !bytes.isEmpty {
        run(bytes)
        return 0
    }
    for c in 0...255 where c & 3 != 3 {
        for seed in 0..<16 as Range<UInt8> { run([UInt8(c), seed, seed &* 37, 5, 7, seed, 11, 13, seed &+ 1]) }
    }
    return 0
}
