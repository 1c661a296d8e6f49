// libFuzzer target: raw multitouch events -> TouchPipeline -> LockSession, checked by an
// oracle that knows nothing of the pipeline or the session's state machine: an unlock
// must be the lift of one continuous contact that landed on the track, travelled the
// threshold itself, took at least the minimum duration, and (when the ghost filter passes
// samples through untouched) never moved faster than the speed limit.
//
// Input: byte 0 picks settings; then 3-byte operations [op, a, b]:
//   0 slot a%2 | 1 tracking id a | 2 lift (tracking id -1) | 3 x = ab%800 | 4 y = ab%480
//   5 SYN_REPORT | 6 time += ab * 0.1 ms | 7 x += int8(a)*4, SYN_REPORT, time += b * 0.2 ms
@testable import SlideLockCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `SLIDELOCK_FUZZ_TRACE=1`: print each unlock (to check that seeds reach one).
let trace = getenv("SLIDELOCK_FUZZ_TRACE") != nil

struct OracleContact {
    var downTime: Double
    var downX: Double, downY: Double
    var samples: [(time: Double, x: Double, y: Double)]
    var broken = false
}

struct Oracle {
    let settings: Settings
    let layout: Layout
    var slotX = [0.0, 0.0], slotY = [0.0, 0.0]
    var slotID: [Int32?] = [nil, nil]
    var pendingID: [Int32?] = [nil, nil]
    var touched = [false, false]
    var live: [OracleContact?] = [nil, nil]
    /// Contacts that ended in the latest SYN_REPORT.
    var ended: [OracleContact] = []
    var slot = 0

    /// True when `c` may unlock: the rules, restated from the issue, on raw samples.
    func mayUnlock(_ c: OracleContact) -> Bool {
        if c.broken { return false }
        let slop = settings.gesture.hitSlop
        let track = layout.track
        guard c.downY >= track.minY - slop && c.downY <= track.maxY + slop,
            c.downX >= track.minX - slop && c.downX <= track.maxX + slop
        else { return false }
        let need = min(settings.gesture.threshold, 1) * layout.travel - 1e-6
        let sign = layout.rightToLeft ? -1.0 : 1.0
        guard
            c.samples.contains(where: {
                sign * ($0.x - c.downX) >= need
                    && $0.time - c.downTime >= settings.gesture.minDuration - 1e-9
            })
        else { return false }
        if !settings.input.touch.ghostFilter {
            // Speed between consecutive samples, each step taken to last 1/120...1/30 s.
            for (a, b) in zip(c.samples, c.samples.dropFirst()) {
                let dt = min(max(b.time - a.time, 1.0 / 120), 1.0 / 30)
                let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                if d / dt > settings.gesture.maxSpeed * (1 + 1e-9) { return false }
            }
        }
        return true
    }

    mutating func feed(_ e: RawInputEvent) {
        switch (e.type, e.code) {
        case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT): slot = Int(e.value)
        case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID):
            pendingID[slot] = e.value < 0 ? -1 : e.value
            touched[slot] = true
        case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X):
            slotX[slot] = Double(e.value)
            touched[slot] = true
        case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y):
            slotY[slot] = Double(e.value)
            touched[slot] = true
        case (Evdev.EV_SYN, Evdev.SYN_REPORT): commit(time: e.time)
        default: break
        }
    }

    mutating func commit(time: Double) {
        ended = []
        for s in 0..<2 where touched[s] {
            touched[s] = false
            if let id = pendingID[s] {
                pendingID[s] = nil
                if id != slotID[s] || id < 0 {
                    // A lift, or a new id replacing the old one: the old contact ends.
                    if let old = live[s] { ended.append(old) }
                    live[s] = nil
                    slotID[s] = id < 0 ? nil : id
                    if id >= 0 {
                        live[s] = OracleContact(
                            downTime: time, downX: slotX[s], downY: slotY[s],
                            samples: [(time, slotX[s], slotY[s])])
                    }
                    continue
                }
            }
            // The kernel drops a value equal to the last one sent, so a repeat is no news
            // (and the decoder, like libinput, makes no sample of it).
            if let last = live[s]?.samples.last, last.x == slotX[s] && last.y == slotY[s] { continue }
            live[s]?.samples.append((time, slotX[s], slotY[s]))
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var settings = Settings()
    settings.input.touch.ghostFilter = bytes[0] & 1 == 0
    settings.gesture.threshold = bytes[0] & 2 == 0 ? 1 : 0.5
    settings.layout.direction = bytes[0] & 4 == 0 ? .ltr : .rtl
    let screen = Size(width: 800, height: 480)
    let axes: [UInt16: AxisRange] = [
        Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 1),
        Evdev.ABS_MT_TRACKING_ID: AxisRange(minimum: 0, maximum: 65535),
        Evdev.ABS_MT_POSITION_X: AxisRange(minimum: 0, maximum: 799),
        Evdev.ABS_MT_POSITION_Y: AxisRange(minimum: 0, maximum: 479),
    ]
    guard var pipeline = TouchPipeline(axes: axes, screen: screen, settings: settings.input.touch) else {
        fatalError("no pipeline")
    }
    var session = LockSession(settings: settings, width: 800, height: 480)
    var oracle = Oracle(settings: settings, layout: session.layout)
    var nextID = 1
    var time = 0.0
    var x: Int32 = 0

    func deliver(_ out: TouchPipeline.Output) {
        for event in out.events {
            if trace { fputs("\(event)\n", stderr) }
            for effect in session.handle(event) {
                guard case .unlock = effect else { continue }
                if trace { fputs("unlock at t=\(time) \(session.takeLog())\n", stderr) }
                if !oracle.ended.contains(where: oracle.mayUnlock) {
                    fatalError("forged unlock at t=\(time): ended contacts \(oracle.ended)")
                }
            }
        }
    }
    func raw(_ code: UInt16, _ value: Int32, type: UInt16 = Evdev.EV_ABS) {
        let e = RawInputEvent(time: time, type: type, code: code, value: value)
        oracle.feed(e)
        deliver(pipeline.advance(to: time, nextID: &nextID))
        _ = session.handle(.tick(time: time))
        deliver(pipeline.feed(e, nextID: &nextID))
    }

    var i = 1
    while i + 2 < size {
        let op = bytes[i] % 8
        let a = bytes[i + 1]
        let b = bytes[i + 2]
        let ab = Int32(a) << 8 | Int32(b)
        i += 3
        switch op {
        case 0: raw(Evdev.ABS_MT_SLOT, Int32(a % 2))
        case 1: raw(Evdev.ABS_MT_TRACKING_ID, Int32(a))
        case 2: raw(Evdev.ABS_MT_TRACKING_ID, -1)
        case 3:
            x = ab % 800
            raw(Evdev.ABS_MT_POSITION_X, x)
        case 4: raw(Evdev.ABS_MT_POSITION_Y, ab % 480)
        case 5: raw(Evdev.SYN_REPORT, 0, type: Evdev.EV_SYN)
        case 6: time += Double(ab) * 0.0001
        default:
            x = min(max(x + Int32(Int8(bitPattern: a)) * 4, 0), 799)
            raw(Evdev.ABS_MT_POSITION_X, x)
            raw(Evdev.SYN_REPORT, 0, type: Evdev.EV_SYN)
            time += Double(b) * 0.0002
        }
    }
    return 0
}
