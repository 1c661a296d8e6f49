import SlideLockCore
import SlideLockPlatform

/// The evdev edge as the loop's touch source.
extension TouchInput: TouchSource {}

/// Runs the configured hook on unlock and reports its outcome to the loop.
final class HookAction: UnlockAction {
    private let runner: HookRunner
    private let output: String
    private let log: Logger

    init(command: [String], settings: ActionSettings, output: String, log: Logger) {
        runner = HookRunner(command: command, timeout: settings.timeout)
        self.output = output
        self.log = log
    }

    var pollDescriptors: [Int32] { runner.pollDescriptors }
    var deadline: Double? { runner.deadline }
    var isRunning: Bool { runner.isRunning }

    func start(slideDuration: Double, now: Double) -> Bool {
        let effect = LockEffect.unlock(slideDuration: slideDuration)
        do {
            try runner.start(event: HookEvent.unlock.rawValue,
                             environment: HookEvent.environment(output: output, effect: effect), now: now)
            log.info("hook started: \(runner.command.joined(separator: " ")) (pid \(runner.pid ?? 0))")
            return true
        } catch {
            log.error("\(error)")
            return false
        }
    }

    func service(now: Double) -> Bool? {
        guard let outcome = runner.service(now: now) else { return nil }
        switch outcome {
        case .success(let seconds):
            log.info("hook succeeded in \(Int((seconds * 1000).rounded())) ms")
        case .failure(let reason, let lastStderr):
            log.error("hook failed: \(reason)")
            for line in lastStderr { log.error("hook stderr: \(line)") }
        }
        return outcome.isSuccess
    }

    func takeLog() -> [String] { runner.takeLog() }
}
