import SlideLockCore
import SlideLockPlatform

extension PanelRig {
    /// Runs the unlock hook once as the lock would after a slide (its environment, timeout
    /// and grace; `SLIDELOCK_SELFTEST=1` added), and, when it is the relay script, asks the
    /// kernel every 10 ms who holds the relay line. Only line info can be read: the level of
    /// a line another process holds is not ours to read.
    /// `slidelock relay pulse`, or the old hook's name for it.
    static func isRelayHook(_ command: [String]) -> Bool {
        let program = command.first?.split(separator: "/").last
        return program == "slidelock-relay" || (program == "slidelock" && command.dropFirst().first == "relay")
    }

    public func pulse(_ settings: Settings) throws -> PulseReport {
        let command = try LockScreen.splitHook("hook", settings.action.hook)
        var watched: (chip: String, line: Int)?
        var line = RelayLineReport.notWatched("the hook is not slidelock relay pulse: no relay line to watch")
        if Self.isRelayHook(command) {
            do {
                let relay = try relayLine()
                _ = try GPIOLineInfo.read(chip: relay.chip, offset: relay.line)
                watched = relay
                line = .neverHeld(line: "\(relay.chip) line \(relay.line)")
            } catch {
                line = .missing("\(error)")
            }
        }
        let runner = HookRunner(command: command, timeout: settings.action.timeout, grace: settings.action.killGrace)
        var environment = HookEvent.environment(
            output: display.map { $0.panels.indices.contains(touchIndex) ? $0.panels[touchIndex].name : "" } ?? "",
            effect: .unlock(source: .ctl, slideDuration: 0))
        // A selftest is not an unlock: no source, and the script is told.
        environment["SLIDELOCK_SOURCE"] = nil
        environment["SLIDELOCK_SELFTEST"] = "1"
        say("> running the unlock hook: \(command.joined(separator: " "))")
        try runner.start(event: HookEvent.unlock.rawValue, environment: environment, now: waiter.now())
        var outcome: HookOutcome?
        while outcome == nil {
            if let watched, case .neverHeld = line,
                let info = try? GPIOLineInfo.read(chip: watched.chip, offset: watched.line), info.isUsed
            {
                line = .held(
                    line: "\(watched.chip) line \(watched.line)", consumer: info.consumer, direction: info.direction)
            }
            let due = [runner.deadline, waiter.now() + 0.01].compactMap { $0 }.min()
            _ = try waiter.wait(for: runner.pollDescriptors, until: due)
            outcome = runner.service(now: waiter.now())
            for line in runner.takeLog() { say("> " + line.text) }
        }
        switch outcome! {
        case .success(let seconds):
            return PulseReport(
                command: command.joined(separator: " "), succeeded: true,
                status: "exit 0 after \(Int((seconds * 1000).rounded())) ms", line: line)
        case .failure(let reason, let lastStderr):
            return PulseReport(
                command: command.joined(separator: " "), succeeded: false,
                status: reason + (lastStderr.last.map { " (last stderr: \($0))" } ?? ""), line: line)
        }
    }
}
