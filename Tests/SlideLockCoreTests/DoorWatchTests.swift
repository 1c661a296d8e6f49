import Testing

@testable import SlideLockCore

/// `DoorWatch` on a virtual clock: what each opening is called, and exactly when the
/// timed notices come (defaults: a 10 s window, held open after 30 s, forced alarm on).
@Suite struct DoorWatchTests {
    static func watch(
        window: Double = 10, heldOpenAfter: Double = 30, forcedAlarm: Bool = true, open: Bool = false
    ) -> DoorWatch {
        var door = DoorSettings()
        door.openWindow = window
        door.heldOpenAfter = heldOpenAfter
        door.forcedAlarm = forcedAlarm
        return DoorWatch(door: door, tamper: TamperSettings(), open: open, time: 0)
    }

    static func names(_ notices: [DoorNotice]) -> [String] { notices.map(\.description) }

    @Test func anOpeningAfterAnUnlockIsExpectedAndClosingEndsIt() {
        var w = Self.watch()
        #expect(w.unlockGranted(at: 100).isEmpty)
        #expect(Self.names(w.contact(open: true, at: 103)) == ["t=103.000 door-open unlock t=100.000"])
        #expect(w.state == .open)
        #expect(Self.names(w.contact(open: false, at: 105)) == ["t=105.000 door-closed"])
        #expect(w.state == .closed && w.deadline == nil)
        // The window was satisfied: its end says nothing.
        #expect(w.advance(to: 200).isEmpty)
    }

    @Test func anOpeningWithoutARecentUnlockIsForced() {
        var w = Self.watch()
        #expect(Self.names(w.contact(open: true, at: 5)) == ["t=5.000 door-open", "t=5.000 forced"])
        #expect(w.state == .forced)
        _ = w.contact(open: false, at: 6)
        // An unlock long ago does not cover a later opening: its window ended at 20.
        _ = w.unlockGranted(at: 10)
        _ = w.contact(open: true, at: 12)
        _ = w.contact(open: false, at: 13)
        #expect(Self.names(w.contact(open: true, at: 19.999)) == ["t=19.999 door-open unlock t=10.000"])
        _ = w.contact(open: false, at: 19.9995)
        #expect(Self.names(w.contact(open: true, at: 20)) == ["t=20.000 door-open", "t=20.000 forced"])
    }

    @Test func withTheAlarmOffAnOpeningOutsideTheWindowIsOnlyOpen() {
        var w = Self.watch(forcedAlarm: false)
        #expect(Self.names(w.contact(open: true, at: 5)) == ["t=5.000 door-open"])
        #expect(w.state == .open)
    }

    @Test func notOpenedComesAtTheEndOfTheWindowNotBefore() {
        var w = Self.watch()
        _ = w.unlockGranted(at: 1)
        #expect(w.deadline == 11)
        #expect(w.advance(to: 10.999).isEmpty)
        #expect(Self.names(w.advance(to: 11)) == ["t=11.000 not-opened unlock t=1.000"])
        #expect(w.deadline == nil)
        // After it, an opening is forced.
        #expect(w.contact(open: true, at: 11.5).map(\.event) == [.doorOpen, .forced])
    }

    @Test func eachUnopenedUnlockIsReportedAndOneOpeningSatisfiesAllWaiting() {
        var w = Self.watch()
        _ = w.unlockGranted(at: 0)
        _ = w.unlockGranted(at: 4)
        _ = w.unlockGranted(at: 8)
        #expect(Self.names(w.advance(to: 12)) == ["t=10.000 not-opened unlock t=0.000"])
        #expect(Self.names(w.contact(open: true, at: 13)) == ["t=13.000 door-open unlock t=8.000"])
        #expect(w.advance(to: 100).map(\.event) == [.heldOpen])
    }

    @Test func heldOpenAtExactlyTheDelayAfterTheOpening() {
        var w = Self.watch()
        _ = w.unlockGranted(at: 0)
        _ = w.contact(open: true, at: 2)
        #expect(w.deadline == 32)
        #expect(w.advance(to: 31.999).isEmpty)
        #expect(Self.names(w.advance(to: 32)) == ["t=32.000 held-open"])
        #expect(w.state == .heldOpen)
        #expect(w.advance(to: 1000).isEmpty, "held open is said once")
        #expect(Self.names(w.contact(open: false, at: 1000)) == ["t=1000.000 door-closed"])
    }

    @Test func aForcedDoorLeftOpenIsAlsoHeldOpen() {
        var w = Self.watch(heldOpenAfter: 5)
        _ = w.contact(open: true, at: 1)
        #expect(w.state == .forced)
        #expect(Self.names(w.advance(to: 6)) == ["t=6.000 held-open"])
        #expect(w.state == .heldOpen)
    }

    @Test func heldOpenOffNeverComes() {
        var w = Self.watch(heldOpenAfter: 0)
        _ = w.contact(open: true, at: 1)
        #expect(w.deadline == nil)
        #expect(w.advance(to: 1e9).isEmpty)
    }

    @Test func aDoorClosedAndOpenedAgainStartsItsHeldOpenDelayAgain() {
        var w = Self.watch(heldOpenAfter: 10)
        _ = w.unlockGranted(at: 0)
        _ = w.contact(open: true, at: 1)
        _ = w.contact(open: false, at: 9)
        _ = w.contact(open: true, at: 9.5)
        #expect(w.advance(to: 19.4).isEmpty)
        #expect(Self.names(w.advance(to: 19.5)) == ["t=19.500 held-open"])
    }

    @Test func aDoorOpenAtStartIsOpenNotForcedAndMayBeHeldOpen() {
        var w = Self.watch(open: true)
        #expect(w.state == .open)
        #expect(Self.names(w.advance(to: 30)) == ["t=30.000 held-open"])
    }

    @Test func anUnlockWhileTheDoorStandsOpenWaitsForNothing() {
        var w = Self.watch(open: true)
        _ = w.unlockGranted(at: 1)
        _ = w.contact(open: false, at: 2)
        #expect(w.advance(to: 11).isEmpty, "no not-opened: the door was open")
    }

    @Test func anUnlockWhileTheDoorStandsOpenStillCoversAReopening() {
        var w = Self.watch(open: true)
        _ = w.unlockGranted(at: 1)
        _ = w.contact(open: false, at: 2)
        #expect(w.contact(open: true, at: 3).map(\.event) == [.doorOpen])
    }

    @Test func aContactTogglingDuringAnUnlockIsOneExpectedOpeningAtATime() {
        var w = Self.watch()
        _ = w.unlockGranted(at: 0)
        var events: [DoorEvent] = []
        for i in 0..<20 { events += w.contact(open: i % 2 == 0, at: 1 + Double(i) * 0.2).map(\.event) }
        #expect(events == Array(repeating: [DoorEvent.doorOpen, .doorClosed], count: 10).flatMap { $0 })
        #expect(!events.contains(.forced) && !events.contains(.notOpened))
    }

    @Test func aRepeatedLevelOrALateReadChangesNothing() {
        var w = Self.watch()
        #expect(w.contact(open: false, at: 1).isEmpty)
        _ = w.unlockGranted(at: 5)
        // A read stamped before the latest moment counts as now, not as history.
        #expect(Self.names(w.contact(open: true, at: 2)) == ["t=5.000 door-open unlock t=5.000"])
        #expect(w.contact(open: true, at: 6).isEmpty)
    }

    @Test func aWildlyLongWindowOrDelayNeverOverflowsTheClock() {
        var w = Self.watch(window: 1e300, heldOpenAfter: 1e300)
        _ = w.unlockGranted(at: 0)
        #expect(w.deadline == 1e300)
        #expect(w.advance(to: 1e12).isEmpty)
        #expect(w.contact(open: true, at: 1e12).map(\.event) == [.doorOpen])
    }

    @Test func waitingUnlocksAreBounded() {
        var w = Self.watch(window: 600)
        for i in 0..<10_000 { _ = w.unlockGranted(at: Double(i) * 0.05) }
        let notOpened = w.advance(to: 10_000).filter { $0.event == .notOpened }
        #expect(notOpened.count == DoorWatch.maximumWaiting)
        #expect(notOpened.last?.unlockAt == 9_999 * 0.05)
    }

    @Test func theDoorNeverAsksForLockdownItselfTamperDoesWhenConfigured() {
        var w = Self.watch()
        _ = w.contact(open: true, at: 1)
        _ = w.advance(to: 100)
        #expect(!w.wantsLockdown)
        var tamper = TamperSettings()
        tamper.lockdown = true
        var t = DoorWatch(door: DoorSettings(), tamper: tamper, open: false, time: 0)
        _ = t.contact(open: true, at: 1)
        #expect(!t.wantsLockdown)
        _ = t.tamper(active: true, at: 2)
        #expect(t.wantsLockdown)
    }
}

/// The tamper latch: set by the input, cleared only by a reset with the input at rest.
@Suite struct TamperWatchTests {
    static func watch(lockdown: Bool = false) -> DoorWatch {
        var tamper = TamperSettings()
        tamper.lockdown = lockdown
        return DoorWatch(door: DoorSettings(), tamper: tamper, open: false, time: 0)
    }

    @Test func tamperedHoldsAfterTheInputRestsUntilAReset() {
        var w = Self.watch(lockdown: true)
        #expect(DoorWatchTests.names(w.tamper(active: true, at: 1)) == ["t=1.000 tampered"])
        #expect(w.tamper(active: true, at: 1.5).isEmpty, "tampered is said once")
        #expect(w.tamper(active: false, at: 2).isEmpty)
        #expect(w.tampered && w.wantsLockdown)
        let (result, notices) = w.resetTamper(at: 3)
        #expect(result == .reset && DoorWatchTests.names(notices) == ["t=3.000 tamper-reset"])
        #expect(!w.tampered && !w.wantsLockdown)
    }

    @Test func aResetWhileTheInputIsActiveIsRefused() {
        var w = Self.watch(lockdown: true)
        _ = w.tamper(active: true, at: 1)
        let (result, notices) = w.resetTamper(at: 2)
        #expect(result == .stillActive && notices.isEmpty)
        #expect(w.tampered && w.wantsLockdown)
    }

    @Test func aResetWithNothingTamperedSaysSo() {
        var w = Self.watch()
        let (result, notices) = w.resetTamper(at: 2)
        #expect(result == .notTampered && notices.isEmpty)
    }

    @Test func withoutTheLockdownKeyTamperNeverAsksForLockdown() {
        var w = Self.watch()
        _ = w.tamper(active: true, at: 1)
        #expect(w.tampered && !w.wantsLockdown)
    }
}
