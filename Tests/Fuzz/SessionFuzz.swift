// libFuzzer target: a touch panel's raw multitouch events interleaved with what else the
// world does to a running lock (dropped events, the device going and coming back, the
// output coming back in another mode, SIGHUP, SIGUSR1, SIGUSR2, DRM master lost and back,
// the hook finishing, idle timers passing), fed to the implementation (Glue/, the only
// code that knows its API) and to the unlock oracle (Oracle/, which knows only the lock's
// promise). An unlock the oracle cannot explain traps.
//
// Input: byte 0 picks the configuration (bit 0 ghost filter off, 1 threshold 0.5 (0.75 in
// hook mode), 2 right to left, 3-4 rotation in quarter turns, 5 fling, 6 hook mode, 7
// swapped-axes calibration); then 3-byte operations [op, a, b] (op % 24; ab = a << 8 | b):
//   0 slot a%4 | 1 tracking id a | 2 lift (tracking id -1) | 3 x = ab % width |
//   4 y = ab % height | 5 SYN_REPORT | 6 time += ab * 0.1 ms |
//   7 x += int8(a) * 4, SYN_REPORT, time += b * 0.2 ms |
//   8 y += int8(a), SYN_REPORT, time += b * 0.2 ms |
//   9 events start being dropped (the client's buffer overflowed) |
//   10 SYN_DROPPED read: the device's state read back |
//   11 the device is removed | 12 the device is adopted again from its state |
//   13 the touch output comes back in mode a % 5 | 14 SIGHUP: reload to variant a |
//   15 SIGUSR1 | 16 SIGUSR2 | 17 idle: time += dim_after (a odd: blank_after) + 10 ms |
//   18 DRM master lost | 19 DRM master back | 20 the hook finished (a odd: success) |
//   21 every slot lifted, SYN_REPORT | 22, 23 as 7
// Device units equal the panel's pixels (800x480, or 480x800 when turned a quarter). The
// lock shows at t=0, the operations start at t=0.01.
import FuzzOracle

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `SLIDELOCK_FUZZ_TRACE=1`: print what happens (to check that seeds reach an unlock), and
/// at the end the oracle's verdict on every contact as if it had unlocked at its lift.
let trace = getenv("SLIDELOCK_FUZZ_TRACE") != nil
/// `SLIDELOCK_FUZZ_CONVERSE=1`: also trap when a plainly legitimate slide did not unlock.
let converse = getenv("SLIDELOCK_FUZZ_CONVERSE") != nil

/// The output modes the touch output may come back in: width, height, rotation.
let modes: [(Int, Int, Int)] = [(800, 480, 0), (1024, 600, 0), (480, 800, 0), (800, 480, 90), (800, 480, 180)]

/// The first byte's configuration.
func configuration(_ byte: UInt8) -> FuzzConfig {
    var c = FuzzConfig()
    c.ghostFilter = byte & 1 == 0
    c.rightToLeft = byte & 4 != 0
    c.rotationDegrees = Int(byte >> 3 & 3) * 90
    c.fling = byte & 32 != 0
    c.hookMode = byte & 64 != 0
    // Three thresholds from one bit: the shipped hook mode keeps 1 and gets 0.75, exit mode
    // 0.5 (a reload reaches every threshold in either mode).
    c.threshold = byte & 2 == 0 ? 1 : c.hookMode ? 0.75 : 0.5
    if byte & 128 != 0 { c.calibration = [0, 1, 0, 1, 0, 0] }
    // Every configuration bit is taken: tap-to-open is the environment's choice.
    c.tapToOpen = getenv("SLIDELOCK_FUZZ_TAP") != nil
    return c
}

/// SIGHUP's new configuration: the gesture, layout direction and idle values change.
func reloaded(_ old: FuzzConfig, _ a: UInt8) -> FuzzConfig {
    var c = old
    c.threshold = [1, 0.5, 0.75, 1][Int(a & 3)]
    c.rightToLeft = a & 4 != 0
    c.fling = a & 8 != 0
    c.hitSlop = a & 16 == 0 ? 8 : 40
    c.maxSpeed = a & 32 == 0 ? 20_000 : 5_000
    c.minDuration = a & 64 == 0 ? 0.05 : 0.2
    (c.dimAfter, c.blankAfter) = a & 128 == 0 ? (60, 600) : (5, 10)
    return c
}

/// The panel as the kernel holds it: what a resync or an adoption reads back.
struct DeviceTruth {
    var slots = [(trackingID: Int32, x: Int32, y: Int32)](repeating: (-1, 0, 0), count: 4)
    var slot = 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let config = configuration(bytes[0])
    let quarter = config.rotationDegrees % 180 != 0
    let width: Int32 = quarter ? 480 : 800
    let height: Int32 = quarter ? 800 : 480
    var time = 0.0
    var lock = LockUnderTest(config: config, deviceWidth: width, deviceHeight: height, time: time)
    var oracle = UnlockOracle(rules: config.rules, geometry: lock.geometry, multitouch: true, time: time)
    oracle.judgesEveryLift = trace
    var truth = DeviceTruth()
    var dropping = false
    var removed = false
    // The lock is on screen from t=0; the input starts 10 ms later (no finger lands at the
    // very moment the first frame shows).
    time = 0.01
    var mode = modes.firstIndex { $0 == (config.screenWidth, config.screenHeight, config.rotationDegrees) } ?? 0

    func settle() {
        for o in lock.take() {
            if trace { fputs("observed \(o)\n", stderr) }
            switch o {
            case .unlock(let t):
                if let why = oracle.judgeUnlock(time: t) {
                    if trace { for line in oracle.verdicts(now: t) { fputs("oracle: \(line)\n", stderr) } }
                    fatalError("forged unlock: \(why)")
                }
            case .power(let p, let t): oracle.power(p, time: t)
            case .cancel(let t): oracle.uncertain(.cancel, time: t)
            }
        }
    }
    func raw(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        switch (type, code) {
        case (RawCode.absType, RawCode.mtSlot): truth.slot = Int(value)
        case (RawCode.absType, RawCode.mtTrackingID): truth.slots[truth.slot].trackingID = value
        case (RawCode.absType, RawCode.mtX): truth.slots[truth.slot].x = value
        case (RawCode.absType, RawCode.mtY): truth.slots[truth.slot].y = value
        default: break
        }
        oracle.raw(type: type, code: code, value: value, time: time)
        if !dropping && !removed { lock.raw(type: type, code: code, value: value, time: time) }
        settle()
    }
    func abs(_ code: UInt16, _ value: Int32) { raw(RawCode.absType, code, value) }
    func syn() { raw(RawCode.synType, RawCode.synReport, 0) }
    func pass(_ seconds: Double) {
        time += seconds
        lock.advance(to: time)
        settle()
    }

    var i = 1
    while i + 2 < size {
        let op = bytes[i] % 24
        let a = bytes[i + 1]
        let b = bytes[i + 2]
        let ab = Int32(a) << 8 | Int32(b)
        i += 3
        if trace { fputs("t=\(time) op \(op) \(a) \(b)\n", stderr) }
        let s = truth.slot
        switch op {
        case 0: abs(RawCode.mtSlot, Int32(a % 4))
        case 1: abs(RawCode.mtTrackingID, Int32(a))
        case 2: abs(RawCode.mtTrackingID, -1)
        case 3: abs(RawCode.mtX, ab % width)
        case 4: abs(RawCode.mtY, ab % height)
        case 5: syn()
        case 6: pass(Double(ab) * 0.0001)
        case 8:
            abs(RawCode.mtY, min(max(truth.slots[s].y + Int32(Int8(bitPattern: a)), 0), height - 1))
            syn()
            pass(Double(b) * 0.0002)
        case 9:
            guard !dropping else { break }
            dropping = true
            oracle.uncertain(.dropped, time: time)
        case 10:
            guard dropping else { break }
            dropping = false
            oracle.uncertain(.dropped, time: time)
            lock.resync(slots: truth.slots, currentSlot: truth.slot, time: time)
            settle()
        case 11:
            guard !removed else { break }
            removed = true
            oracle.uncertain(.deviceRemoved, time: time)
            lock.deviceRemoved(time: time)
            settle()
        case 12:
            guard removed else { break }
            removed = false
            dropping = false
            oracle.uncertain(.readopted, time: time)
            lock.readopt(slots: truth.slots, currentSlot: truth.slot, time: time)
            settle()
        case 13:
            let next = Int(a) % modes.count == mode ? (mode + 1) % modes.count : Int(a) % modes.count
            mode = next
            let (w, h, r) = modes[next]
            lock.remap(
                width: w, height: h, rotationDegrees: r, time: time, slots: truth.slots, currentSlot: truth.slot)
            oracle.relayout(lock.geometry, time: time, why: .remap)
            settle()
        case 14:
            lock.reload(reloaded(lock.config, a), time: time)
            oracle.reload(rules: lock.config.rules, geometry: lock.geometry, time: time)
            settle()
        case 15:
            oracle.uncertain(.sigusr1, time: time)
            lock.sigusr1(time: time)
            oracle.shown("unlocked", time: time)
            settle()
        case 16:
            oracle.uncertain(.sigusr2, time: time)
            lock.sigusr2(time: time)
            settle()
        case 17: pass((a & 1 == 0 ? lock.config.dimAfter : lock.config.blankAfter) + 0.01)
        case 18:
            oracle.uncertain(.masterLost, time: time)
            oracle.hidden("master", time: time)
            lock.masterLost(time: time)
            settle()
        case 19:
            lock.masterBack(time: time)
            oracle.shown("master", time: time)
            settle()
        case 20:
            lock.actionFinished(success: a & 1 != 0, time: time)
            settle()
            if lock.config.hookMode { oracle.shown("unlocked", time: time) }
        case 21:
            for slot in 0..<4 where truth.slots[slot].trackingID >= 0 {
                abs(RawCode.mtSlot, Int32(slot))
                abs(RawCode.mtTrackingID, -1)
            }
            syn()
        default:
            abs(RawCode.mtX, min(max(truth.slots[s].x + Int32(Int8(bitPattern: a)) * 4, 0), width - 1))
            syn()
            pass(Double(b) * 0.0002)
        }
    }
    // Whatever the ghost filter still holds is released on time alone.
    pass(1)
    if trace { for line in oracle.verdicts(now: time) { fputs("oracle: \(line)\n", stderr) } }
    if converse {
        pass(2)
        if let missed = oracle.clearlyLegitimateMissed(now: time, maxJumpPixels: config.maxJumpPixels) {
            fatalError("a legitimate slide did not unlock: \(missed)")
        }
    }
    return 0
}
