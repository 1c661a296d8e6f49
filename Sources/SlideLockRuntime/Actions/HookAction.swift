import SlideLockCore
import SlideLockPlatform

/// The hooks: the unlock hook (hook mode; its outcome decides unlocked or failed) and the
/// optional slide-start and cancel hooks, which only notify. Each kind has its own runner,
/// so a slow notification never delays or blocks the door; a notification that finds its
/// previous run still going is skipped, never queued.
public final class HookAction: UnlockAction {
    private let unlock: HookRunner?
    private let slideStart: HookRunner?
    private let cancel: HookRunner?
    private let output: String
    private let log: Logger

    public init(
        unlock: [String]?, slideStart: [String], cancel: [String], settings: ActionSettings, output: String, log: Logger
    ) {
        self.unlock = unlock.map { HookRunner(command: $0, timeout: settings.timeout, grace: settings.killGrace) }
        self.slideStart =
            slideStart.isEmpty
            ? nil : HookRunner(command: slideStart, timeout: settings.timeout, grace: settings.killGrace)
        self.cancel =
            cancel.isEmpty ? nil : HookRunner(command: cancel, timeout: settings.timeout, grace: settings.killGrace)
        self.output = output
        self.log = log
    }

    private var runners: [HookRunner] { [unlock, slideStart, cancel].compactMap { $0 } }
    public var pollDescriptors: [Int32] { runners.flatMap(\.pollDescriptors) }
    public var deadline: Double? { runners.compactMap(\.deadline).min() }
    public var isRunning: Bool { runners.contains(where: \.isRunning) }

    public func start(slideDuration: Double, now: Double) -> Bool {
        guard let unlock else { return false }
        let effect = LockEffect.unlock(slideDuration: slideDuration)
        do {
            try unlock.start(
                event: HookEvent.unlock.rawValue,
                environment: HookEvent.environment(output: output, effect: effect), now: now)
            log.info("hook started: \(unlock.command.joined(separator: " ")) (pid \(unlock.pid ?? 0))")
            return true
        } catch {
            log.error("\(error)")
            return false
        }
    }

    public func notify(_ effect: LockEffect, now: Double) {
        guard let event = HookEvent(effect: effect), event != .unlock,
            let runner = event == .slideStart ? slideStart : cancel
        else { return }
        guard !runner.isRunning else {
            log.warning("\(event.rawValue) hook skipped: its previous run is still going")
            return
        }
        do {
            try runner.start(
                event: event.rawValue, environment: HookEvent.environment(output: output, effect: effect), now: now)
        } catch {
            log.error("\(error)")
        }
    }

    public func service(now: Double) -> Bool? {
        defer { for line in takeLog() { log.log(line) } }
        for runner in [slideStart, cancel].compactMap({ $0 }) {
            if let outcome = runner.service(now: now), case .failure(let reason, _) = outcome {
                log.warning("\(runner.command.joined(separator: " ")): notification hook failed: \(reason)")
            }
        }
        guard let unlock, let outcome = unlock.service(now: now) else { return nil }
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
        for runner in runners {
            guard let outcome = runner.stop(now: now) else { continue }
            for line in runner.takeLog() { log.log(line) }
            if case .failure(let reason, _) = outcome {
                log.warning("\(runner.command.joined(separator: " ")): \(reason)")
            }
        }
    }

    /// The hooks' own output lines (`hook[pid]: ...`).
    public func takeLog() -> [LogLine] { runners.flatMap { $0.takeLog() } }
}
