import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// Runs the unlock hook without ever blocking the main loop: spawn, watch, time out, reap.
///
/// Use from a poll loop: `start(...)`, then include `pollDescriptors` (POLLIN) and `deadline`
/// in the next `poll`, and call `service(now:)` whenever one of them is readable or the
/// deadline passed (calling it more often, e.g. on every SIGCHLD, is harmless). `service`
/// returns the outcome exactly once, after the child was reaped. `takeLog()` hands over the
/// lines to log (`hook[pid]: ...`). Only one hook runs at a time.
///
/// On timeout the whole process group gets SIGTERM, then SIGKILL after `grace` seconds.
/// When slidelock itself stops (SIGTERM/SIGINT, an error leaving the loop), the loop calls
/// `stop(now:)`: the same SIGTERM and grace, waited for right there (blocking, at most
/// `grace` plus a moment), so a relay script mid-pulse gets to switch its line off before
/// slidelock exits. Dropping the runner while a hook runs does the same.
public final class HookRunner {
    public let command: [String]
    public let timeout: Double
    public let grace: Double
    /// How many trailing stderr lines a failure carries.
    public static let keptStderrLines = 10
    /// Output lines logged per run; the rest is read and dropped (the stderr tail is still kept).
    public static let loggedLinesPerRun = 200
    /// Without a pidfd, how often `deadline` asks to check for the child's exit, seconds.
    static let fallbackCheckInterval = 0.05

    private var child: HookChild?
    private var log: [LogLine] = []
    private let usePidfd: Bool
    /// Whose programs may run (`HookProgram`): root's only, when running as root.
    let policy: TrustPolicy

    /// `command` is the argument vector (see `CommandLineSplitter`); `timeout` seconds until
    /// SIGTERM (`.infinity` for none), then `grace` seconds until SIGKILL.
    public convenience init(command: [String], timeout: Double, grace: Double = 3) {
        self.init(command: command, timeout: timeout, grace: grace, usePidfd: true)
    }

    /// Tests turn `usePidfd` off to exercise the waitpid polling fallback (kernels < 5.3),
    /// and set `policy` to check against their own uid.
    init(command: [String], timeout: Double, grace: Double, usePidfd: Bool, policy: TrustPolicy = .current) {
        self.command = command
        self.timeout = timeout
        self.grace = grace
        self.usePidfd = usePidfd
        self.policy = policy
    }

    deinit {
        if child != nil { _ = stop(now: MonotonicClock.now(), why: "slidelock is shutting down") }
        child?.killAndReap()
        // Nobody can take these any more; the hook's last words (the relay's "relay off")
        // still belong in the journal.
        for line in log { Console.error(line.text) }
    }

    /// True from `start` until `service` returned the outcome.
    public var isRunning: Bool { child != nil }

    /// The descriptor number a hook finds `start`'s `passing` descriptor on.
    public static let passedDescriptor = SpawnedProcess.passedDescriptor

    /// The running hook's process id.
    public var pid: Int32? { child?.pid }

    /// Starts stopping a running hook without waiting: SIGTERM to its group now, SIGKILL
    /// `grace` seconds later, both carried out by `service` (keep polling and servicing
    /// until it reports the outcome, a failure naming `why`). For a run a newer one replaces.
    public func terminate(now: Double, why: String) {
        guard let child, case .running = child.phase else { return }
        child.signalGroup(SIGTERM)
        child.phase = .terminating(since: now)
        child.stopReason = why
        log.append(LogLine(.info, "hook[\(child.pid)]: stopping (\(why)): SIGTERM, SIGKILL in \(Self.format(grace))"))
    }

    /// Starts the hook for `event` (`SLIDELOCK_EVENT`) with the parent's environment plus
    /// `extra`. Throws at once when a hook is already running (and logs that), or when the
    /// program cannot be started (missing, not executable): no exit status to wait for then.
    /// `passing` is handed to the hook as descriptor 4 (the relay line request, for its pulse).
    public func start(event: String, environment extra: [String: String], passing: Int32? = nil, now: Double)
        throws(HookError)
    {
        if let child {
            log.append(LogLine(.info, "hook: not starting the \(event) hook: hook[\(child.pid)] is still running"))
            throw .busy(pid: child.pid)
        }
        var variables = extra
        variables["SLIDELOCK_EVENT"] = event
        // The hook must not inherit slidelock's capabilities (CAP_SYS_ADMIN for DRM master):
        // the unit gives them as ambient capabilities with SecureBits=noroot, so with the
        // ambient set empty a hook starts with none even as root. slidelock keeps its own.
        // Fails only on kernels before 4.3 (no ambient set there to inherit either).
        _ = slidelock_clear_ambient_capabilities()
        let process: SpawnedProcess
        do {
            // Opened and checked now, on every run: what runs is the file checked a moment
            // ago, wherever its path pointed at start or at the last reload.
            let program = try HookProgram.open(command.first ?? "", policy: policy)
            process = try SpawnedProcess.spawn(
                program: program, arguments: command, environment: SpawnedProcess.environment(adding: variables),
                passing: passing)
        } catch {
            // The caller reports it (once): the error says what and why.
            throw error
        }
        let pidfd = usePidfd ? Self.openPidfd(process.pid) : nil
        child = HookChild(process: process, pidfd: pidfd, startedAt: now, timeout: timeout)
        log.append(LogLine(.info, "hook[\(process.pid)]: started (\(event)): \(command.joined(separator: " "))"))
    }

    /// The descriptors to poll for POLLIN while a hook runs: its pidfd (readable once it
    /// exited) and its open output pipes. Empty when idle.
    public var pollDescriptors: [Int32] {
        guard let child else { return [] }
        return [child.pidfd, child.stdout, child.stderr].compactMap { $0 }
    }

    /// When `service` must be called even if no descriptor became readable: the next timeout
    /// step, or the next exit check without a pidfd. Nil when nothing is due.
    public var deadline: Double? {
        guard let child else { return nil }
        let step: Double?
        switch child.phase {
        case .running: step = child.startedAt + timeout
        case .terminating(let since): step = since + grace
        case .killed: step = nil
        }
        guard child.pidfd == nil else { return step.flatMap { $0.isFinite ? $0 : nil } }
        let check = child.lastCheck + Self.fallbackCheckInterval
        return min(step ?? check, check)
    }

    /// Reads the hook's output, reaps it when it exited, and takes the next timeout step when
    /// due. Returns the outcome once, when the child was reaped; nil otherwise.
    public func service(now: Double) -> HookOutcome? {
        guard let child else { return nil }
        child.lastCheck = now
        // Reap before the final read: once the child is gone nothing but stray grandchildren
        // writes to the pipes, so draining afterwards cannot miss the child's last words.
        let status = child.reap()
        drain(child, final: status != nil)
        if let status { return finish(child, status: status, now: now) }
        switch child.phase {
        case .running where now >= child.startedAt + timeout:
            child.signalGroup(SIGTERM)
            child.phase = .terminating(since: now)
            log.append(LogLine(.info, "hook[\(child.pid)]: timed out after \(Self.format(timeout)), sending SIGTERM"))
        case .terminating(let since) where now >= since + grace:
            child.signalGroup(SIGKILL)
            child.phase = .killed
            log.append(
                LogLine(.info, "hook[\(child.pid)]: still running \(Self.format(grace)) after SIGTERM, sending SIGKILL")
            )
        default:
            break
        }
        return nil
    }

    /// Stops a running hook for good: SIGTERM to its process group, then waits (blocking)
    /// for it to exit, reading its output, for up to `grace` seconds; SIGKILL after that.
    /// Returns the outcome (a failure naming `why`), nil when no hook ran. For the exit path
    /// of the loop: the wait is the point (a relay script's switch-off must run before
    /// slidelock is gone), and it is bounded by `grace` (`action.kill_grace`).
    public func stop(now: Double, why: String = "slidelock is stopping") -> HookOutcome? {
        guard let child else { return nil }
        if case .running = child.phase {
            child.signalGroup(SIGTERM)
            child.phase = .terminating(since: now)
            log.append(
                LogLine(.info, "hook[\(child.pid)]: stopping (\(why)): SIGTERM, SIGKILL in \(Self.format(grace))"))
        }
        child.stopReason = why
        let waiter = PollWaiter()
        var clock = now
        while true {
            if let outcome = service(now: clock) { return outcome }
            if case .killed = child.phase {
                // SIGKILL cannot be caught: the child is gone as soon as it is scheduled.
                child.killAndReap()
                drain(child, final: true)
                return finish(child, status: HookChild.ExitStatus(signal: SIGKILL), now: MonotonicClock.now())
            }
            // At least a millisecond, so a deadline already due cannot spin; at most a second.
            let due = min(max(deadline ?? (clock + Self.fallbackCheckInterval), clock + 0.001), clock + 1)
            _ = try? waiter.wait(for: pollDescriptors, until: due)
            clock = waiter.now()
        }
    }

    /// The lines logged since the last call, oldest first.
    public func takeLog() -> [LogLine] {
        defer { log.removeAll() }
        return log
    }

    private func drain(_ child: HookChild, final: Bool) {
        for line in child.readOutput(final: final) {
            if child.loggedLines < Self.loggedLinesPerRun {
                log.append(LogLine(.info, "hook[\(child.pid)]: \(line)"))
            } else if child.loggedLines == Self.loggedLinesPerRun {
                log.append(LogLine(.info, "hook[\(child.pid)]: (more output, not logged)"))
            }
            child.loggedLines += 1
        }
    }

    private func finish(_ child: HookChild, status: HookChild.ExitStatus, now: Double) -> HookOutcome {
        self.child = nil
        let seconds = now - child.startedAt
        let outcome: HookOutcome
        switch (child.phase, status.exitCode) {
        case (.running, 0?):
            outcome = .success(seconds: seconds)
        case (.running, _):
            outcome = .failure(
                reason: WaitStatus.describe(exitCode: status.exitCode, signal: status.signal),
                lastStderr: child.stderrTail)
        case (.terminating, _), (.killed, _):
            let how = WaitStatus.describe(exitCode: status.exitCode, signal: status.signal)
            let why = child.stopReason.map { "stopped: \($0)" } ?? "timed out after \(Self.format(timeout))"
            outcome = .failure(reason: "\(why) (\(how))", lastStderr: child.stderrTail)
            // The hook's own children may have ignored SIGTERM and outlived it.
            child.signalGroup(SIGKILL)
        }
        switch outcome {
        case .success:
            log.append(LogLine(.info, "hook[\(child.pid)]: succeeded after \(Self.format(seconds))"))
        case .failure(let reason, _):
            log.append(LogLine(.info, "hook[\(child.pid)]: failed: \(reason) after \(Self.format(seconds))"))
        }
        child.closeAll()
        return outcome
    }

    /// A pidfd for `pid`, or nil where pidfd_open(2) is missing (Linux < 5.3: ENOSYS). The
    /// child cannot have been reaped yet (only we reap it), so the pid cannot have been reused.
    private static func openPidfd(_ pid: pid_t) -> Int32? {
        let fd = slidelock_pidfd_open(pid)
        // pidfds are always close-on-exec (pidfd_open(2)): later hooks do not inherit them.
        return fd >= 0 ? fd : nil
    }

    /// `1.5 s`, `250 ms`.
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "forever" }
        if seconds < 1 { return "\(clampedInt((seconds * 1000).rounded())) ms" }
        let tenths = clampedInt((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
