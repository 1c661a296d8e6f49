import Foundation
import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform

/// What a poll-driven run produced.
struct HookRun {
    var outcome: HookOutcome?
    var log: [String]
    var seconds: Double
}

/// The main loop in miniature: poll the runner's descriptors until its deadline, service it,
/// repeat until it reports an outcome (or `limit` seconds pass).
func drive(_ runner: HookRunner, limit: Double = 20) -> HookRun {
    let start = MonotonicClock.now()
    var log: [String] = []
    while true {
        let now = MonotonicClock.now()
        let outcome = runner.service(now: now)
        log += runner.takeLog().map(\.text)
        if outcome != nil || now - start > limit {
            return HookRun(outcome: outcome, log: log, seconds: now - start)
        }
        var fds = runner.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let wait = runner.deadline.map { Int32(max(0, (($0 - now) * 1000).rounded(.up))) } ?? 1000
        _ = poll(&fds, nfds_t(fds.count), wait)
    }
}

/// Starts `script` under /bin/sh and drives it to the end.
func runShell(
    _ script: String, event: String = "unlock", extra: [String: String] = [:],
    timeout: Double = 10, grace: Double = 2, usePidfd: Bool = true
) throws -> HookRun {
    let runner = HookRunner(command: ["/bin/sh", "-c", script], timeout: timeout, grace: grace, usePidfd: usePidfd)
    let started = MonotonicClock.now()
    try runner.start(event: event, environment: extra, now: started)
    // From the start the runner's deadlines count from, spawn included (slow under load).
    let driving = MonotonicClock.now()
    var run = drive(runner)
    run.seconds += driving - started
    run.log = runner.takeLog().map(\.text) + run.log
    return run
}

/// The lines the hook printed, without the `hook[pid]: ` prefix and the runner's own lines.
func printed(_ run: HookRun) -> [String] {
    run.log.compactMap { line in
        guard let range = line.range(of: "]: ") else { return nil }
        let text = String(line[range.upperBound...])
        return text.hasPrefix("started (") || text.hasPrefix("succeeded after") || text.hasPrefix("failed: ")
            ? nil : text
    }
}

@Suite struct HookRunnerTests {
    @Test func exitZeroIsSuccessAndOutputIsLoggedWithThePid() throws {
        let runner = HookRunner(command: ["/bin/sh", "-c", "echo opened; echo note >&2"], timeout: 10)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        let pid = try #require(runner.pid)
        #expect(runner.isRunning)
        let run = drive(runner)
        guard case .success(let seconds)? = run.outcome else {
            Issue.record("\(run)")
            return
        }
        #expect(seconds >= 0 && seconds < 5)
        #expect(!runner.isRunning && runner.pollDescriptors.isEmpty && runner.deadline == nil)
        let log = runner.takeLog().map(\.text) + run.log
        #expect(log.first == "hook[\(pid)]: started (unlock): /bin/sh -c echo opened; echo note >&2")
        #expect(log.contains("hook[\(pid)]: opened"))
        #expect(log.contains("hook[\(pid)]: note"))
        #expect(log.last?.hasPrefix("hook[\(pid)]: succeeded after ") == true)
    }

    @Test func nonZeroExitNamesTheStatusAndKeepsTheLastStderrLines() throws {
        let run = try runShell(
            "i=1; while [ $i -le 12 ]; do echo \"err $i\" >&2; i=$((i+1)); done; printf tail >&2; exit 3")
        guard case .failure(let reason, let stderr)? = run.outcome else {
            Issue.record("\(run)")
            return
        }
        #expect(reason == "exited with status 3")
        #expect(stderr == (4...12).map { "err \($0)" } + ["tail"])
        #expect(run.log.last?.contains("failed: exited with status 3 after") == true)
    }

    @Test func killedBySignalIsNamed() throws {
        let run = try runShell("kill -SEGV $$")
        guard case .failure(let reason, _)? = run.outcome else {
            Issue.record("\(run)")
            return
        }
        #expect(reason == "killed by signal SIGSEGV (Segmentation fault)")
    }

    @Test func timeoutSendsTermToTheGroup() throws {
        // The shell waits for a background sleep: both are in the hook's group and both die.
        let run = try runShell("sleep 30 & echo $!; wait", timeout: 0.5, grace: 5)
        guard case .failure(let reason, _)? = run.outcome else {
            Issue.record("\(run)")
            return
        }
        #expect(reason == "timed out after 500 ms (killed by signal SIGTERM (Terminated))")
        #expect(run.seconds > 0.45 && run.seconds < 3, "took \(run.seconds) s")
        #expect(run.log.contains { $0.hasSuffix("timed out after 500 ms, sending SIGTERM") })
        let grandchild = try #require(printed(run).first.flatMap { Int32($0) })
        #expect(isGone(grandchild))
    }

    @Test func aHookIgnoringTermIsKilledAfterTheGrace() throws {
        // trap '' TERM makes the shell and the sleeps it starts ignore SIGTERM (inherited SIG_IGN).
        let run = try runShell("trap '' TERM; while :; do sleep 0.1; done", timeout: 0.5, grace: 0.7)
        guard case .failure(let reason, _)? = run.outcome else {
            Issue.record("\(run)")
            return
        }
        #expect(reason == "timed out after 500 ms (killed by signal SIGKILL (Killed))")
        #expect(run.seconds > 1.1 && run.seconds < 4, "took \(run.seconds) s, expected about 1.2 s")
        #expect(run.log.contains { $0.hasSuffix("still running 700 ms after SIGTERM, sending SIGKILL") })
    }

    @Test func missingProgramFailsAtStartWithAClearMessage() {
        // An ordinary user's bare name is looked up in PATH (as root it is refused: below).
        let runner = HookRunner(
            command: ["slidelock-no-such-hook", "x"], timeout: 10, grace: 3, usePidfd: true,
            policy: TrustPolicy(owner: nil))
        #expect(throws: HookError.cannotStart(program: "slidelock-no-such-hook", errno: ENOENT)) {
            try runner.start(event: "unlock", environment: [:], now: 0)
        }
        #expect(!runner.isRunning && runner.pollDescriptors.isEmpty)
        // The error is the message (the caller logs it once); the runner's log stays empty.
        #expect(runner.takeLog().map(\.text).isEmpty)
        #expect(
            HookError.cannotStart(program: "slidelock-no-such-hook", errno: ENOENT).description
                == "hook: cannot run slidelock-no-such-hook: No such file or directory (not found in PATH; give the full path)"
        )
        let absolute = HookError.cannotStart(program: "/opt/none/relay", errno: ENOENT)
        #expect(
            absolute.description
                == "hook: cannot run /opt/none/relay: No such file or directory (or its #! interpreter is missing)")
    }

    @Test func nonExecutableFileIsExplained() throws {
        let path = NSTemporaryDirectory() + "slidelock-noexec-\(getpid())"
        try "#!/bin/sh\nexit 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let runner = HookRunner(command: [path], timeout: 10)
        do {
            try runner.start(event: "unlock", environment: [:], now: 0)
            Issue.record("started a non-executable file")
        } catch {
            // Found when the program is opened, before any spawn: said as what to do.
            #expect(error == .notRunnable(program: path, reason: "is not executable (chmod +x)"))
            #expect(error.description == "hook: cannot run \(path): is not executable (chmod +x)")
        }
    }

    @Test func environmentIsTheParentsPlusTheEventVariables() throws {
        let extra = HookEvent.environment(
            output: "DSI-1", effect: .unlock(source: .slide, slideDuration: 0.4321), unixSeconds: 1_700_000_000)
        let run = try runShell(
            "echo \"$SLIDELOCK_EVENT|$SLIDELOCK_SOURCE|$SLIDELOCK_OUTPUT|$SLIDELOCK_SLIDE_MS|$SLIDELOCK_TIMESTAMP\"; echo \"$PATH\"",
            event: HookEvent.unlock.rawValue, extra: extra)
        #expect(run.outcome?.isSuccess == true)
        #expect(
            printed(run) == ["unlock|slide|DSI-1|432|1700000000", ProcessInfo.processInfo.environment["PATH"] ?? ""])
    }

    @Test func theChildGetsOnlyStdinStdoutAndStderrAndItsOwnProgram() throws {
        // One descriptor opened the way slidelock opens everything (O_CLOEXEC), one carelessly.
        let careful = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let careless = open("/dev/null", O_RDONLY)
        defer {
            close(careful)
            close(careless)
        }
        // 3 is the program the child was started from (a script's interpreter reads it there).
        let run = try runShell("ls /proc/$$/fd; readlink /proc/$$/fd/0; readlink /proc/$$/fd/3")
        #expect(run.outcome?.isSuccess == true)
        var real = [CChar](repeating: 0, count: 4096)
        #expect(realpath("/bin/sh", &real) != nil)
        #expect(printed(run) == ["0", "1", "2", "3", "/dev/null", String(cString: real)])
    }

    @Test func blockedAndIgnoredSignalsAreNotInherited() throws {
        // The main loop blocks SIGCHLD/SIGTERM for its signalfd; posix_spawn runs on this thread.
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let oldPipe = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, oldPipe) }
        // exec, not a child of the shell: dash blocks every signal around its fork(), so a
        // child reading /proc/<shell>/status could see that transient mask.
        let run = try runShell("exec grep -E '^Sig(Blk|Ign):' /proc/self/status")
        #expect(run.outcome?.isSuccess == true)
        let masks = printed(run).map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(masks.first == 0, "blocked: \(printed(run))")
        // glibc's spawn child sets its two internal signals (32 SIGCANCEL, 33 SIGSETXID), which
        // have handlers in a threaded parent, to SIG_IGN, and sigfillset() cannot name them.
        // Every signal a hook would use (1-31, SIGRTMIN=34 and up) must be default.
        let glibcInternal: UInt64 = 1 << 31 | 1 << 32
        #expect(masks.count == 2 && (masks[1] ?? 1) & ~glibcInternal == 0, "ignored: \(printed(run))")
    }

    @Test func neverTwoHooksAtOnce() throws {
        var runner: HookRunner? = HookRunner(command: ["/bin/sleep", "30"], timeout: 10)
        try runner!.start(event: "slide-start", environment: [:], now: 0)
        let pid = try #require(runner!.pid)
        #expect(throws: HookError.busy(pid: pid)) {
            try runner!.start(event: "unlock", environment: [:], now: 0.1)
        }
        #expect(
            runner!.takeLog().map(\.text).last == "hook: not starting the unlock hook: hook[\(pid)] is still running")
        // Dropping the runner (slidelock exiting) kills and reaps the hook.
        runner = nil
        #expect(isGone(pid))
    }

    @Test func withoutAPidfdExitIsFoundByPolling() throws {
        let runner = HookRunner(command: ["/bin/sh", "-c", "exit 0"], timeout: 10, grace: 2, usePidfd: false)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        #expect(runner.pollDescriptors.count == 2)
        #expect(runner.deadline != nil)
        #expect(drive(runner).outcome?.isSuccess == true)
    }

    @Test func hookEventsFollowTheSessionEffects() {
        #expect(HookEvent(effect: .unlock(source: .slide, slideDuration: 1)) == .unlock)
        #expect(HookEvent(effect: .slideStarted)?.rawValue == "slide-start")
        #expect(HookEvent(effect: .slideCancelled)?.rawValue == "cancel")
        #expect(HookEvent(effect: .exit) == nil)
        #expect(
            HookEvent.environment(output: "HDMI-A-1", effect: .slideStarted, unixSeconds: 5)
                == ["SLIDELOCK_OUTPUT": "HDMI-A-1", "SLIDELOCK_TIMESTAMP": "5"])
        #expect(abs(HookEvent.unixSeconds() - Int(Date().timeIntervalSince1970)) <= 2)
    }

    @Test func durationsAreShort() {
        #expect(HookRunner.format(0.25) == "250 ms")
        #expect(HookRunner.format(10) == "10 s")
        #expect(HookRunner.format(1.5) == "1.5 s")
    }
}

/// True when `pid` no longer runs (gone, or a zombie waiting for a reaper that is not us).
func isGone(_ pid: Int32) -> Bool {
    for _ in 0..<100 {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return true }
        usleep(20_000)
    }
    return false
}

/// Services `runner` until its hook printed `line` (its trap is set by then), at most 10 s:
/// a fixed sleep is not enough on a busy machine. Returns the log lines taken on the way.
@discardableResult
func waitForLine(_ runner: HookRunner, _ line: String) -> [String] {
    var log: [String] = []
    let until = MonotonicClock.now() + 10
    while !log.contains(where: { $0.hasSuffix("]: " + line) }) && MonotonicClock.now() < until {
        _ = runner.service(now: MonotonicClock.now())
        log += runner.takeLog().map(\.text)
        usleep(10_000)
    }
    return log
}

/// `stop(now:)`: slidelock stopping while a hook runs (SIGTERM, an error leaving the loop).
@Suite struct HookRunnerStopTests {
    /// A hook that, like the relay script, switches off on TERM and says so.
    static let relayLike = "trap 'echo relay off; exit 143' TERM; echo relay on; while :; do sleep 0.05; done"

    @Test func stopTermsTheHookAndWaitsForItsSwitchOff() throws {
        let runner = HookRunner(command: ["/bin/sh", "-c", Self.relayLike], timeout: 10, grace: 3)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        let pid = try #require(runner.pid)
        // Let it print "relay on" (the trap must be set before the TERM arrives).
        var log = waitForLine(runner, "relay on")
        let start = MonotonicClock.now()
        let outcome = runner.stop(now: start, why: "SIGTERM")
        let seconds = MonotonicClock.now() - start
        log += runner.takeLog().map(\.text)
        guard case .failure(let reason, _)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(reason == "stopped: SIGTERM (exited with status 143)")
        #expect(log.contains("hook[\(pid)]: stopping (SIGTERM): SIGTERM, SIGKILL in 3 s"))
        #expect(log.contains("hook[\(pid)]: relay off"))
        #expect(seconds < 2, "took \(seconds) s")
        #expect(!runner.isRunning && runner.stop(now: MonotonicClock.now()) == nil)
    }

    @Test func aHookIgnoringTermIsKilledAfterTheGraceOnStop() throws {
        let runner = HookRunner(
            command: ["/bin/sh", "-c", "trap '' TERM; echo deaf; while :; do sleep 0.05; done"],
            timeout: 10, grace: 0.5)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        waitForLine(runner, "deaf")
        let start = MonotonicClock.now()
        let outcome = runner.stop(now: start, why: "error")
        let seconds = MonotonicClock.now() - start
        guard case .failure(let reason, _)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(reason == "stopped: error (killed by signal SIGKILL (Killed))")
        #expect(seconds >= 0.45 && seconds < 3, "took \(seconds) s")
        #expect(
            runner.takeLog().map(\.text).contains {
                $0.hasSuffix("still running 500 ms after SIGTERM, sending SIGKILL")
            })
    }

    @Test func stopWorksWithoutAPidfd() throws {
        let runner = HookRunner(command: ["/bin/sh", "-c", Self.relayLike], timeout: 10, grace: 3, usePidfd: false)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        waitForLine(runner, "relay on")
        let outcome = runner.stop(now: MonotonicClock.now())
        guard case .failure(let reason, _)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(reason == "stopped: slidelock is stopping (exited with status 143)")
        #expect(runner.takeLog().map(\.text).contains { $0.hasSuffix("]: relay off") })
    }

    @Test func droppingTheRunnerAlsoLetsTheHookSwitchOff() throws {
        let marker = NSTemporaryDirectory() + "slidelock-hook-off-\(getpid())"
        unlink(marker)
        defer { unlink(marker) }
        var runner: HookRunner? = HookRunner(
            command: [
                "/bin/sh", "-c", "trap 'echo off > \(marker); exit 143' TERM; echo armed; while :; do sleep 0.05; done",
            ],
            timeout: 10, grace: 3)
        try runner?.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        if let runner { waitForLine(runner, "armed") }
        runner = nil
        #expect(access(marker, F_OK) == 0, "the TERM trap did not run before the runner was gone")
    }
}

@Suite struct HookRunnerPassingTests {
    /// The relay's request reaches the hook as descriptor 4 (and nothing else past 3 does).
    @Test func aPassedDescriptorIsTheHooksFourAndItsOnly() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[0]) }
        let runner = HookRunner(
            command: ["/bin/sh", "-c", "echo pulse >&4; ls /proc/self/fd | sort -n | tr '\\n' ' '"], timeout: 10)
        try runner.start(event: "unlock", environment: [:], passing: fds[1], now: MonotonicClock.now())
        close(fds[1])
        let run = drive(runner)
        #expect(run.outcome?.isSuccess == true, "\(run)")
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(fds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "pulse\n")
        // 0-2, the program on 3, the passed one on 4, and ls's own directory descriptor.
        let listed = printed(run).last?.split(separator: " ").compactMap { Int($0) } ?? []
        #expect(Array(listed.prefix(5)) == [0, 1, 2, 3, 4] && listed.count == 6, "\(listed)")
    }
}
