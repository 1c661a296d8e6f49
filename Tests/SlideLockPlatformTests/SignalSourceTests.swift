import Glibc
import Testing

@testable import SlideLockPlatform

/// Counts deliveries of the test signal that reached a handler instead of the signal fd.
nonisolated(unsafe) private var handlerRuns: sig_atomic_t = 0

@Suite(.serialized) struct SignalSourceTests {
    // Signal masks are per thread: each test creates, raises and drops its source on one
    // thread (synchronous tests), and raise() aims at that thread.
    @Test func aSignalIsReadFromTheDescriptorNotDelivered() throws {
        let previous = signal(SIGUSR2) { _ in handlerRuns += 1 }
        defer { signal(SIGUSR2, previous) }
        handlerRuns = 0
        let source = try SignalSource([SIGUSR2])
        raise(SIGUSR2)
        #expect(source.read() == [SIGUSR2])
        #expect(source.read().isEmpty)
        #expect(handlerRuns == 0)
    }

    @Test func aSignalLeftUnreadDoesNotFireWhenTheSourceGoes() throws {
        // input-debug and drm-smoke stop when the fd is readable and never read it: the
        // SIGTERM pending then must not run its default action as the mask lifts.
        let previous = signal(SIGUSR2) { _ in handlerRuns += 1 }
        defer { signal(SIGUSR2, previous) }
        handlerRuns = 0
        do {
            let source = try SignalSource([SIGUSR2])
            raise(SIGUSR2)
            withExtendedLifetime(source) {}
        }
        #expect(handlerRuns == 0)
        // ...and the signal is unblocked again afterwards.
        raise(SIGUSR2)
        #expect(handlerRuns == 1)
    }
}
