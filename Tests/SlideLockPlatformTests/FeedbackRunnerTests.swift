import Glibc
import Testing

@testable import SlideLockPlatform

/// The feedback hook's runner: one run that matters, the newest.
@Suite struct FeedbackRunnerTests {
    /// Services `runner` through poll until nothing runs (or `limit` seconds); the log.
    static func drain(_ runner: FeedbackRunner, limit: Double = 10) -> (log: [String], failures: [String]) {
        let start = MonotonicClock.now()
        var log: [String] = []
        var failures: [String] = []
        while !runner.pollDescriptors.isEmpty, MonotonicClock.now() - start < limit {
            var fds = runner.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            if let failure = runner.service(now: MonotonicClock.now()) { failures.append(failure) }
            log += runner.takeLog().map(\.text)
        }
        return (log + runner.takeLog().map(\.text), failures)
    }

    @Test func aNewerMomentStopsTheRunStillGoing() throws {
        let runner = FeedbackRunner(timeout: 10, grace: 2)
        let start = MonotonicClock.now()
        try runner.run(
            ["/bin/sh", "-c", "echo beeping $SLIDELOCK_EVENT; sleep 5"], event: "slide-start", environment: [:],
            now: start)
        // Its first line is out before it is replaced (a replaced run's output is still logged).
        var early: [String] = []
        while !early.contains(where: { $0.contains("beeping slide-start") }), MonotonicClock.now() - start < 5 {
            var fds = runner.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            _ = runner.service(now: MonotonicClock.now())
            early += runner.takeLog().map(\.text)
        }
        try runner.run(
            ["/bin/sh", "-c", "echo told $SLIDELOCK_EVENT"], event: "cancel", environment: [:],
            now: MonotonicClock.now())
        #expect(runner.isRunning)
        let (log, failures) = Self.drain(runner)
        let all = early + log
        #expect(MonotonicClock.now() - start < 3, "the old run was waited for: \(all)")
        #expect(all.contains { $0.contains("stopping (replaced by the cancel feedback): SIGTERM") }, "\(all)")
        #expect(all.contains { $0.contains("failed: stopped: replaced by the cancel feedback") }, "\(all)")
        #expect(all.contains { $0.contains("told cancel") }, "\(all)")
        #expect(failures.isEmpty, "the newest run succeeded: \(failures)")
        #expect(!runner.isRunning && runner.pollDescriptors.isEmpty)
    }

    @Test func theNewestRunsFailureIsReported() throws {
        let runner = FeedbackRunner(timeout: 10, grace: 2)
        try runner.run(["/bin/sh", "-c", "exit 3"], event: "failed", environment: [:], now: MonotonicClock.now())
        let (_, failures) = Self.drain(runner)
        #expect(failures == ["exited with status 3"])
    }

    @Test func stopEndsEveryRun() throws {
        let runner = FeedbackRunner(timeout: 10, grace: 2)
        try runner.run(["/bin/sh", "-c", "sleep 5"], event: "slide-start", environment: [:], now: MonotonicClock.now())
        try runner.run(["/bin/sh", "-c", "sleep 5"], event: "unlock", environment: [:], now: MonotonicClock.now())
        let start = MonotonicClock.now()
        runner.stop(now: start)
        #expect(MonotonicClock.now() - start < 2.5)
        #expect(!runner.isRunning && runner.pollDescriptors.isEmpty)
        #expect(runner.takeLog().filter { $0.text.contains("failed: stopped") }.count == 2)
    }
}
