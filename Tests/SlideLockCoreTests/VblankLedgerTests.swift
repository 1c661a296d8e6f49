import Testing

@testable import SlideLockCore

@Suite struct VblankLedgerTests {
    let interval = 1.0 / 60

    @Test func everyVblankCaught() {
        var l = VblankLedger()
        for i in 0..<60 {
            let t = Double(i) * interval
            l.record(
                queued: t - 0.010, completed: t, sequence: UInt32(100 + i), readAt: t + 0.001, interval: interval,
                wantsNext: true)
        }
        #expect(l.flips == 60 && l.vblanks == 59 && l.missed == 0 && l.missedBySelf == 0)
        #expect(l.flipsPerVblank == 1)
    }

    @Test func vblanksWhileTheDisplayWasNotOursAreNotCounted() {
        var l = VblankLedger()
        l.record(queued: 0, completed: 0.0, sequence: 10, readAt: 0.001, interval: interval, wantsNext: true)
        l.restart() // another program held DRM master for 3 s
        l.record(queued: 3.0, completed: 3.01, sequence: 190, readAt: 3.011, interval: interval, wantsNext: true)
        l.record(
            queued: 3.012, completed: 3.01 + interval, sequence: 191, readAt: 3.03, interval: interval, wantsNext: true)
        #expect(l.flips == 3 && l.vblanks == 1 && l.missed == 0 && l.missedBySelf == 0)
    }

    @Test func aLateQueueIsOurs() {
        var l = VblankLedger()
        l.record(queued: 0, completed: 0.0, sequence: 10, readAt: 0.001, interval: interval, wantsNext: true)
        // Read in time for vblank 11, queued after it: vblank 11 is missed by us.
        l.record(
            queued: interval + 0.002, completed: 2 * interval, sequence: 12, readAt: 2 * interval + 0.001,
            interval: interval, wantsNext: true)
        #expect(l.missed == 1 && l.missedBySelf == 1)
    }

    @Test func aLateEventIsNotOurs() {
        var l = VblankLedger()
        l.record(queued: 0, completed: 0.0, sequence: 10, readAt: interval + 0.003, interval: interval, wantsNext: true)
        l.record(
            queued: interval + 0.004, completed: 2 * interval, sequence: 12, readAt: 2 * interval + 0.001,
            interval: interval, wantsNext: true)
        #expect(l.missed == 1 && l.missedBySelf == 0)
    }

    @Test func idleGapsAreNotMisses() {
        var l = VblankLedger()
        l.record(queued: 0, completed: 0.0, sequence: 10, readAt: 0.001, interval: interval, wantsNext: false)
        l.record(
            queued: 1.0, completed: 1.0 + interval, sequence: 71, readAt: 1.02, interval: interval, wantsNext: false)
        #expect(l.missed == 60 && l.missedBySelf == 0)
    }

    @Test func theCounterWraps() {
        var l = VblankLedger()
        l.record(queued: 0, completed: 0, sequence: UInt32.max, readAt: 0.001, interval: interval, wantsNext: true)
        l.record(queued: 0.01, completed: interval, sequence: 0, readAt: interval, interval: interval, wantsNext: true)
        #expect(l.vblanks == 1 && l.missed == 0)
    }
}
