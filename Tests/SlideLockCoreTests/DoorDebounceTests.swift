import Testing

@testable import SlideLockCore

/// `LevelDebouncer` and `DoorMonitor`: raw reads of a bouncing switch become one change.
@Suite struct DoorDebounceTests {
    @Test func aContactBouncing40MsApartIsOneChange() {
        var d = LevelDebouncer(period: 0.05, level: false)
        var changes: [LevelChange] = []
        // Ten reads alternating 40 ms apart, ending open, then quiet.
        for i in 0..<10 { changes += d.read(i % 2 == 1, at: 1 + Double(i) * 0.04) }
        #expect(changes.isEmpty)
        #expect(d.advance(to: 1.40) == nil)
        // The last change (to open, at 1.36) counts once it has held 50 ms.
        let last = 1 + 9 * 0.04
        #expect(d.deadline == last + 0.05)
        #expect(d.advance(to: 2) == LevelChange(level: true, time: last + 0.05))
        #expect(d.level && d.deadline == nil)
    }

    @Test func aBounceThatEndsWhereItStartedIsNoChange() {
        var d = LevelDebouncer(period: 0.05, level: false)
        for i in 0..<10 { _ = d.read(i % 2 == 0, at: Double(i) * 0.04) }
        #expect(d.deadline == nil && d.advance(to: 100) == nil && !d.level)
    }

    @Test func aLevelHeldExactlyThePeriodCounts() {
        var d = LevelDebouncer(period: 0.05, level: false)
        _ = d.read(true, at: 1)
        #expect(d.advance(to: 1.049) == nil)
        #expect(d.read(false, at: 1.06) == [LevelChange(level: true, time: 1.05)])
        #expect(d.advance(to: 2) == LevelChange(level: false, time: 1.11))
    }

    @Test func periodZeroTakesEachChangeAtOnce() {
        var d = LevelDebouncer(period: 0, level: false)
        #expect(d.read(true, at: 1) == [LevelChange(level: true, time: 1)])
        #expect(d.read(true, at: 2).isEmpty)
        #expect(d.read(false, at: 3) == [LevelChange(level: false, time: 3)])
    }

    static func monitor(tamperActive: Bool = false) -> (DoorMonitor, [DoorNotice]) {
        DoorMonitor.start(
            door: DoorSettings(), tamper: TamperSettings(), open: false, tamperActive: tamperActive, time: 0)
    }

    @Test func theMonitorTurnsABouncingOpeningIntoOneDoorOpen() {
        var (m, start) = Self.monitor()
        #expect(start.isEmpty)
        var notices = m.unlockGranted(at: 1)
        for i in 0..<10 { notices += m.readContact(open: i % 2 == 1, at: 2 + Double(i) * 0.04) }
        #expect(m.deadline == 2 + 9 * 0.04 + 0.05)
        notices += m.advance(to: 3)
        #expect(notices.map(\.event) == [.doorOpen])
        #expect(notices.first?.unlockAt == 1)
    }

    @Test func changesOfBothLinesComeInTimeOrder() {
        var (m, _) = Self.monitor()
        _ = m.readTamper(active: true, at: 1.00)
        _ = m.readContact(open: true, at: 1.01)
        // The tamper change counts at 1.05, the contact's at 1.06: one advance past both.
        let notices = m.advance(to: 2)
        #expect(DoorWatchTests.names(notices) == ["t=1.050 tampered", "t=1.060 door-open", "t=1.060 forced"])
    }

    @Test func aTamperInputActiveAtStartIsTamperedAtOnce() {
        let (m, start) = Self.monitor(tamperActive: true)
        #expect(DoorWatchTests.names(start) == ["t=0.000 tampered"])
        #expect(m.watch.tampered && m.deadline == nil)
    }

    @Test func aResetWaitsForTheInputsDebouncedRest() {
        var (m, _) = Self.monitor(tamperActive: true)
        _ = m.readTamper(active: false, at: 1)
        // At 1.02 the input has not rested 50 ms: still active, the reset is refused.
        #expect(m.resetTamper(at: 1.02).0 == .stillActive)
        #expect(m.resetTamper(at: 1.05).0 == .reset)
    }
}
