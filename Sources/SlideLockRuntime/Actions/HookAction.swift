import SlideLockCore
import SlideLockPlatform

/// The hooks: the unlock hook (hook mode; its outcome decides unlocked or failed) and the
/// feedback hook (`action.feedback_hook`, with `slide_start_hook` and `cancel_hook` as the
/// commands for their own moments), which only tells a person what happened. Each has its
/// own runner, so feedback never delays or blocks the door; a newer moment's feedback
/// replaces a run still going (`FeedbackRunner`).
public final class HookAction: UnlockAction {
    private let unlock: HookRunner?
    private let feedback: FeedbackRunner?
    /// The feedback command per moment (the alias's, else `feedback_hook`'s); none: no run.
    private let feedbackCommands: [HookEvent: [String]]
    private let output: String
    private let log: Logger
    /// The relay line the lock holds, lent to the unlock hook for its pulse.
    private let relay: RelayHold?
    private let timeout: Double

    public init(
        unlock: [String]?, feedback: [HookEvent: [String]], settings: ActionSettings, output: String, log: Logger,
        relay: RelayHold? = nil
    ) {
        self.relay = relay
        timeout = settings.timeout
        self.unlock = unlock.map { HookRunner(command: $0, timeout: settings.timeout, grace: settings.killGrace) }
        feedbackCommands = feedback.filter { !$0.value.isEmpty }
        self.feedback =
            feedbackCommands.isEmpty ? nil : FeedbackRunner(timeout: settings.timeout, grace: settings.killGrace)
        self.output = output
        self.log = log
    }

    private var runners: [HookRunner] { [unlock].compactMap { $0 } }
    public var pollDescriptors: [Int32] { runners.flatMap(\.pollDescriptors) + (feedback?.pollDescriptors ?? []) }
    public var deadline: Double? { (runners.compactMap(\.deadline) + [feedback?.deadline].compactMap { $0 }).min() }
    public var isRunning: Bool { runners.contains(where: \.isRunning) }
    public var isFeedbackRunning: Bool { feedback?.isRunning == true }
    public var hasRuns: Bool { isRunning || feedback?.hasRuns == true }

    public func retire(now: Double) {
        feedback?.terminate(now: now, why: "the configuration was reloaded")
        for line in feedback?.takeLog() ?? [] { log.log(line) }
    }

    public func start(source: UnlockSource, slideDuration: Double, now: Double) -> Bool {
        guard let unlock else { return false }
        let effect = LockEffect.unlock(source: source, slideDuration: slideDuration)
        do {
            let environment = HookEvent.environment(output: output, effect: effect)
                .merging(relay?.environment(timeout: timeout) ?? [:]) { $1 }
            try unlock.start(
                event: HookEvent.unlock.rawValue, environment: environment,
                passing: relay?.descriptor(timeout: timeout), now: now)
            relay?.sample(fresh: true)
            log.info("hook started: \(unlock.command.joined(separator: " ")) (pid \(unlock.pid ?? 0))")
            return true
        } catch {
            log.error("\(error)")
            return false
        }
    }

    public func feedback(_ event: HookEvent, source: String, now: Double) {
        guard let feedback, let command = feedbackCommands[event] else { return }
        do {
            try feedback.run(
                command, event: event.rawValue,
                environment: [
                    "SLIDELOCK_OUTPUT": output, "SLIDELOCK_SOURCE": source,
                    "SLIDELOCK_TIMESTAMP": String(HookEvent.unixSeconds()),
                ],
                now: now)
        } catch {
            log.error("\(error)")
        }
        for line in feedback.takeLog() { log.log(line) }
    }

    public func service(now: Double) -> Bool? {
        defer { for line in takeLog() { log.log(line) } }
        if let feedback {
            if let reason = feedback.service(now: now) { log.warning("feedback hook failed: \(reason)") }
            for line in feedback.takeLog() { log.log(line) }
        }
        let pid = unlock?.pid
        // Each turn while the hook runs (frames come at the refresh while busy).
        if unlock?.isRunning == true { relay?.sample() }
        guard let unlock, let outcome = unlock.service(now: now) else { return nil }
        relayAfter(pid: pid, outcome)
        // The hook's own last lines first, so the log reads in the order things happened.
        for line in takeLog() { log.log(line) }
        switch outcome {
        case .success(let seconds):
            log.info("hook succeeded in \(Int((seconds * 1000).rounded())) ms")
        case .failure(let reason, let lastStderr):
            // Its stderr lines were logged as they came; repeat the last one with the verdict.
            log.error("hook failed: \(reason)" + (lastStderr.last.map { " (last stderr: \($0))" } ?? ""))
        }
        return outcome.isSuccess
    }

    public func stop(now: Double) {
        feedback?.stop(now: now)
        for line in feedback?.takeLog() ?? [] { log.log(line) }
        for runner in runners {
            let pid = runner.pid
            guard let outcome = runner.stop(now: now) else { continue }
            if runner === unlock { relayAfter(pid: pid, outcome) }
            for line in runner.takeLog() { log.log(line) }
            if case .failure(let reason, _) = outcome {
                log.warning("\(runner.command.joined(separator: " ")): \(reason)")
            }
        }
    }

    /// The relay line inactive once the unlock hook ended (its own last lines logged first).
    private func relayAfter(pid: Int32?, _ outcome: HookOutcome) {
        guard let relay else { return }
        for line in takeLog() { log.log(line) }
        let how: String
        switch outcome {
        case .success: how = "succeeded"
        case .failure(let reason, _): how = reason
        }
        relay.hookEnded("hook[\(pid ?? 0)]", how: how)
    }

    /// The hooks' own output lines (`hook[pid]: ...`).
    public func takeLog() -> [LogLine] { runners.flatMap { $0.takeLog() } }
}
