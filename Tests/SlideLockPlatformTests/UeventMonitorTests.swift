import Glibc
import Testing

@testable import SlideLockPlatform

@Suite struct UeventMonitorTests {
    @Test func opensAndNeverBlocks() throws {
        let monitor = try UeventMonitor()
        #expect(monitor.fd >= 0)
        // Non-blocking: with nothing (or only unrelated events) waiting it returns at once.
        _ = monitor.read()
        var pfd = pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 0) >= 0)
        #expect(!monitor.lostEvents)
    }
}
