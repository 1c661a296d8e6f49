import SlideLockMQTT
import Testing

@Suite struct ReconnectBackoffTests {
    @Test func doublesFromOneSecondToAMinuteThenStays() {
        var backoff = ReconnectBackoff.standard
        let waits = (0..<9).map { _ in backoff.failed() }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60, 60])
    }

    @Test func anAcceptedConnectionStartsAgainAtTheFirstWait() {
        var backoff = ReconnectBackoff(first: 0.5, longest: 3)
        _ = (0..<5).map { _ in backoff.failed() }
        backoff.connected()
        #expect(backoff.failed() == 0.5)
        #expect(backoff.failed() == 1)
    }
}
