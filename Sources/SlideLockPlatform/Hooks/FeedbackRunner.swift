import SlideLockCore

/// Runs the feedback hook (`action.feedback_hook` and its aliases) for the moments a person
/// can be told of: only the newest moment matters, so a newer run replaces one still going
/// (SIGTERM to its process group, SIGKILL after the grace), never waits behind it. The
/// replaced runs are reaped through the same poll as the rest: nothing here blocks, except
/// `stop`, which the loop calls on its way out.
public final class FeedbackRunner {
    public let timeout: Double
    public let grace: Double
    let policy: TrustPolicy
    /// The newest run (or the last one, finished).
    private var current: HookRunner?
    /// Replaced runs still being stopped.
    private var replaced: [HookRunner] = []
    private var log: [LogLine] = []

    public convenience init(timeout: Double, grace: Double) {
        self.init(timeout: timeout, grace: grace, policy: .current)
    }

    /// Tests set `policy` to check against their own uid.
    init(timeout: Double, grace: Double, policy: TrustPolicy) {
        self.timeout = timeout
        self.grace = grace
        self.policy = policy
    }

    /// Starts `command` for `event`, stopping the run still going first. Throws when the
    /// program cannot be started (the caller logs it once).
    public func run(_ command: [String], event: String, environment: [String: String], now: Double)
        throws(HookError)
    {
        if let running = current, running.isRunning {
            running.terminate(now: now, why: "replaced by the \(event) feedback")
            replaced.append(running)
        }
        let runner = HookRunner(command: command, timeout: timeout, grace: grace, usePidfd: true, policy: policy)
        current = runner
        try runner.start(event: event, environment: environment, now: now)
    }

    private var runners: [HookRunner] { replaced + (current.map { [$0] } ?? []) }

    /// True while the newest run goes on.
    public var isRunning: Bool { current?.isRunning == true }
    public var pollDescriptors: [Int32] { runners.flatMap(\.pollDescriptors) }
    public var deadline: Double? { runners.compactMap(\.deadline).min() }

    /// Reads output, reaps, takes timeout steps. A failure of the newest run is returned
    /// (once) for the caller's warning; replaced runs end as they may.
    public func service(now: Double) -> String? {
        for runner in replaced { _ = runner.service(now: now) }
        collect()
        replaced.removeAll { !$0.isRunning }
        guard let current, let outcome = current.service(now: now) else { return nil }
        collect()
        if case .failure(let reason, _) = outcome { return reason }
        return nil
    }

    /// True while any run is still there (the newest, or one being stopped).
    public var hasRuns: Bool { runners.contains(where: \.isRunning) }

    /// Starts stopping every run without waiting (`HookRunner.terminate`): `service` carries
    /// it out and reaps them, through the same poll as the rest.
    public func terminate(now: Double, why: String) {
        for runner in runners { runner.terminate(now: now, why: why) }
        collect()
    }

    /// Stops every run for good, waiting up to the grace (the loop's way out).
    public func stop(now: Double) {
        for runner in runners { _ = runner.stop(now: now, why: "slidelock is stopping") }
        collect()
        replaced.removeAll()
    }

    private func collect() { for runner in runners { log += runner.takeLog() } }

    /// The runs' lines (`hook[pid]: ...`), oldest first.
    public func takeLog() -> [LogLine] {
        collect()
        defer { log.removeAll() }
        return log
    }
}
