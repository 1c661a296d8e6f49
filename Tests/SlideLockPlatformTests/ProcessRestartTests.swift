import Glibc
import Testing

@testable import SlideLockPlatform

/// What `ProcessRestart` does before the exec (the exec itself is the systemd VM test's
/// `systemd-out-of-service`: same pid, the passed socket still answering, no descriptor more).
@Suite struct ProcessRestartTests {
    @Test func everyDescriptorAboveTheFloorClosesOnExec() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { for fd in ends { close(fd) } }
        for fd in ends { #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC == 0) }
        ProcessRestart(environment: { _ in nil }).closeOnExecAbove(2)
        for fd in ends { #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0) }
    }

    /// Descriptors passed to another process (or none at all) are not this one's to keep.
    @Test func passedDescriptorsAreKeptOnlyForThisProcess() {
        let other = ProcessRestart(environment: { ["LISTEN_PID": "1", "LISTEN_FDS": "1"][$0] }, pid: 2)
        #expect(other.passed.isEmpty && other.names == nil)
        let none = ProcessRestart(environment: { _ in nil })
        #expect(none.passed.isEmpty)
    }
}
