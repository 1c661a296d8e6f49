import Testing

@testable import SlideLockCore

@Suite struct UnseenTouchGateTests {
    let p = Point(x: 10, y: 10)

    @Test func passesEverythingWhileShown() {
        var g = UnseenTouchGate()
        let events: [LockEvent] = [
            .touchDown(id: 1, point: p, time: 1), .touchMove(id: 1, point: p, time: 2),
            .touchUp(id: 1, time: 3), .tick(time: 4),
        ]
        #expect(events.compactMap { g.pass($0) } == events)
        #expect(!g.isConsuming)
    }

    @Test func aContactDownWhenTheScreenIsLostStaysConsumedUntilItLifts() {
        var g = UnseenTouchGate()
        #expect(g.pass(.touchDown(id: 1, point: p, time: 1)) != nil)
        g.hide()
        g.show(at: 1.5)
        // Back on screen, but the finger was down while it was not: it moves nothing.
        #expect(g.pass(.touchMove(id: 1, point: p, time: 2)) == nil)
        #expect(g.pass(.touchUp(id: 1, time: 3)) == nil)
        #expect(!g.isConsuming)
        #expect(g.pass(.touchDown(id: 1, point: p, time: 4)) != nil)
    }

    @Test func everyTouchWhileHiddenIsConsumedAndFingersJoiningItToo() {
        var g = UnseenTouchGate()
        g.hide()
        #expect(g.pass(.touchDown(id: 1, point: p, time: 1)) == nil)
        #expect(g.pass(.touchMove(id: 1, point: p, time: 2)) == nil)
        g.show(at: 1.5)
        // A second finger landing on the visible lock while the unseen one is down joins it.
        #expect(g.pass(.touchDown(id: 2, point: p, time: 3)) == nil)
        #expect(g.pass(.touchUp(id: 1, time: 4)) == nil)
        #expect(g.pass(.touchMove(id: 2, point: p, time: 5)) == nil)
        #expect(g.pass(.touchUp(id: 2, time: 6)) == nil)
        // All lifted: the next touch is the session's.
        #expect(g.pass(.touchDown(id: 3, point: p, time: 7)) != nil)
    }

    @Test func aRepeatedDownOfAConsumedContactStaysConsumed() {
        var g = UnseenTouchGate()
        g.hide()
        _ = g.pass(.touchDown(id: 1, point: p, time: 1))
        g.show(at: 1.5)
        #expect(g.pass(.touchDown(id: 1, point: p, time: 2)) == nil)
        #expect(g.pass(.touchUp(id: 1, time: 3)) == nil)
        #expect(g.pass(.touchDown(id: 1, point: p, time: 4)) != nil)
    }

    @Test func aResyncedUnseenFingerStaysConsumed() {
        var g = UnseenTouchGate()
        g.hide()
        _ = g.pass(.touchDown(id: 1, point: p, time: 1))
        g.show(at: 1.5)
        // A resync re-reports the finger still down: a cancel, then a down with a new id.
        #expect(g.pass(.touchCancel(time: 2)) != nil)
        #expect(g.pass(.touchDown(id: 2, point: p, time: 2)) == nil)
        #expect(g.pass(.touchMove(id: 2, point: p, time: 2.1)) == nil)
        #expect(g.pass(.touchUp(id: 2, time: 2.2)) == nil)
        #expect(!g.isConsuming)
        #expect(g.pass(.touchDown(id: 3, point: p, time: 3)) != nil)
    }

    @Test func aCancelWithNothingConsumedChangesNothing() {
        var g = UnseenTouchGate()
        _ = g.pass(.touchDown(id: 1, point: p, time: 1))
        #expect(g.pass(.touchCancel(time: 2)) != nil)
        #expect(g.pass(.touchDown(id: 2, point: p, time: 3)) != nil)
    }

    @Test func aDownThatLandedBeforeTheLockWasBackIsConsumed() {
        var g = UnseenTouchGate()
        g.hide()
        g.show(at: 2)
        // Released late (the ghost filter holds new contacts back) with its landing time.
        #expect(g.pass(.touchDown(id: 1, point: p, time: 1.9)) == nil)
        #expect(g.pass(.touchUp(id: 1, time: 2.5)) == nil)
        #expect(g.pass(.touchDown(id: 2, point: p, time: 2.6)) != nil)
    }
}
