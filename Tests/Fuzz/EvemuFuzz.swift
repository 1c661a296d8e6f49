// libFuzzer target: the evemu-record parser and `play`'s replay through the touch pipeline
// and the session (Glue/) at rotations 0 and 90, the ghost filter on and off, thresholds 1,
// 0.75 and 0.5, with the unlock oracle (Oracle/) reading the same recording's
// raw events on its own: every unlock the replay makes must be a legitimate slide.
import FuzzOracle

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `SLIDELOCK_FUZZ_TRACE=1`: print each replay's unlocks (to check that seeds reach one).
let trace = getenv("SLIDELOCK_FUZZ_TRACE") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func evemuFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for filter in [true, false] {
        for rotation in [0, 90] {
            // Each input meets the thresholds 1, 0.75 and 0.5 across its four replays.
            let threshold = [1, 0.75, 0.5][(rotation / 90 + (filter ? 0 : 2) + size) % 3]
            guard
                let replay = EvemuUnderTest.replay(
                    text, ghostFilter: filter, rotationDegrees: rotation, threshold: threshold)
            else { continue }
            var config = FuzzConfig()
            config.ghostFilter = filter
            config.threshold = threshold
            var oracle = UnlockOracle(
                rules: config.rules, geometry: replay.geometry, multitouch: replay.multitouch, time: 0)
            if trace {
                fputs("ghost filter \(filter), rotate \(rotation), threshold \(threshold): \(replay.unlocks)\n", stderr)
            }
            var next = 0
            for unlock in replay.unlocks {
                // The replay feeds events in file order up to the first one past the frame.
                while next < replay.events.count && replay.events[next].time <= unlock {
                    let e = replay.events[next]
                    oracle.raw(type: e.type, code: e.code, value: e.value, time: e.time)
                    next += 1
                }
                if let why = oracle.judgeUnlock(time: unlock) {
                    fatalError(
                        "forged unlock (ghost filter \(filter), rotate \(rotation), threshold \(threshold)): \(why)")
                }
            }
        }
    }
    return 0
}
