@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock relay`: the door relay on the GPIO line `[relay]` names, and its buzzer.
enum RelayCommand {
    static let help = """
        Usage: slidelock relay pulse|on|off|check|prestart|beep [--config FILE] [--set KEY=VALUE]
               slidelock relay import FILE

          pulse     the unlock hook (action.hook): energise the relay for relay.pulse seconds, only
                    for SLIDELOCK_EVENT=unlock (or none, by hand). Run by the lock, it pulses through
                    the line the lock holds (descriptor 4); by hand, it requests the line itself
          on        energise the relay until SIGTERM or Ctrl+C (wiring checks; the lock stopped)
          off       drive the relay line inactive (the unit's ExecStopPost=, after every stop)
          check     check the [relay] settings: the chip and line exist, the pulse ends within
                    action.timeout
          prestart  check, then off (the unit's ExecStartPre=; a problem is reported, and the lock
                    still starts: it refuses the pulse instead)
          beep      the feedback hook (action.feedback_hook): the buzzer on relay.buzzer, one short
                    beep for slide-start, two for cancel or failed, one long for unlock
          import    print the old relay settings file FILE (/etc/default/slidelock-relay) as
                    [relay] keys for conf.d (the package does this on upgrade)

        While [relay] has no line, the old /etc/default/slidelock-relay is read, with a warning.
        Stopped by SIGTERM, SIGINT or SIGHUP mid-pulse or mid-beep, the line is switched off first.
        Exit status: 0 done (or nothing to do), 2 bad settings, refused or bad command line,
        4 the line could not be driven, 128+N stopped by signal N (line off).
        """

    static let badSettings: Int32 = 2
    static let lineFailed: Int32 = 4

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        guard let command = argv.first, !command.hasPrefix("-") else {
            throw UsageError(message: "expected a command: pulse, on, off, check, prestart, beep or import")
        }
        if command == "import" { return try importDefaults(Array(argv.dropFirst())) }
        var args = Arguments(Array(argv.dropFirst()))
        // Run by the lock with its line: no settings to read, nothing between the slide and the door.
        if command == "pulse", args.isEmpty, let inherited = Environment.value(RelayHold.descriptorVariable) {
            return pulseThroughHold(inherited)
        }
        let loader = try SettingsLoader(consuming: &args)
        try args.finish()
        switch command {
        case "pulse":
            guard RelayDriver.pulses(event: Environment.value("SLIDELOCK_EVENT")) else { return ExitStatus.ok }
            if let refused = Environment.value(RelayHold.refusedVariable) {
                return fail(badSettings, "pulse refused: \(refused)")
            }
            return try withRelay(loader, required: true) { relay, settings in
                if let problem = relay.pulseProblem(timeout: settings.action.timeout) {
                    return fail(badSettings, "pulse refused: \(problem)")
                }
                return pulse(seconds: relay.pulse) { () throws(GPIOLineError) in try request(relay.line, relay.active) }
            }
        case "on": return try withRelay(loader, required: true) { relay, _ in on(relay) }
        case "off": return try withRelay(loader, required: false) { relay, _ in off(relay) }
        case "check": return try withRelay(loader, required: false) { relay, settings in check(relay, settings) }
        case "prestart":
            return try withRelay(loader, required: false) { relay, settings in
                let checked = check(relay, settings)
                let switched = off(relay)
                return checked != ExitStatus.ok ? checked : switched
            }
        case "beep": return try beep(loader)
        default:
            throw UsageError(
                message: "unknown command \"\(command)\" (expected pulse, on, off, check, prestart, beep or import)")
        }
    }

    /// The effective relay settings (the old file's, with its warning, while [relay] has no
    /// line), then `body`; with no line, nothing to do (or, when `required`, an error).
    static func withRelay(_ loader: SettingsLoader, required: Bool, _ body: (RelaySettings, Settings) -> Int32) throws
        -> Int32
    {
        let settings = try loader.load()
        let (relay, log) = RelaySource.settings(settings, policy: loader.policy)
        for line in log { Console.error("slidelock relay: \(line.text)") }
        if log.contains(where: { $0.level == .error }) { return badSettings }
        guard !relay.line.isEmpty else {
            if required {
                return fail(
                    badSettings, "relay.line is not set: name the relay's line in [relay], e.g. line = gpiochip0:17")
            }
            Console.out("relay: [relay] has no line; nothing to do")
            return ExitStatus.ok
        }
        return body(relay, settings)
    }

    static func request(_ line: String, _ active: RelayLevel, key: String = "relay.line") throws(GPIOLineError)
        -> GPIOOutputLine
    {
        try GPIOOutputLine.request(line, activeLow: active == .low, key: key, consumer: RelayHold.consumer)
    }

    /// The pulse through the line the lock holds and handed over as descriptor `text`.
    static func pulseThroughHold(_ text: String) -> Int32 {
        guard RelayDriver.pulses(event: Environment.value("SLIDELOCK_EVENT")) else { return ExitStatus.ok }
        guard let fd = Int32(text), fd >= 0 else {
            return fail(badSettings, "\(RelayHold.descriptorVariable)=\(text) is not a descriptor number")
        }
        let pulseText = Environment.value(RelayHold.pulseVariable) ?? ""
        guard let seconds = RelayDriver.pulseSeconds(pulseText) else {
            return fail(badSettings, "\(RelayHold.pulseVariable)=\(pulseText) is not a pulse of 0.001...60 seconds")
        }
        return pulse(seconds: seconds) { () throws(SystemError) in try GPIOOutputLine.inherited(fd) }
    }

    /// Energises the line `open` gives for `seconds`, switched off at the end or on a signal.
    static func pulse<E: Error>(seconds: Double, _ open: () throws(E) -> GPIOOutputLine) -> Int32 {
        // Blocked before the line goes active: a SIGTERM from then on ends the wait, not us.
        let signals = StopSignals()
        let line: GPIOOutputLine
        do { line = try open() } catch { return fail(lineFailed, "\(error)") }
        do {
            switch try RelayDriver.play([seconds], on: line, wait: signals.wait) {
            case .played:
                Console.out("relay pulsed: \(line.description), \(RelaySettings.format(seconds)) s; relay off")
                return ExitStatus.ok
            case .stopped(let signal):
                Console.out("stopped by SIG\(StopSignals.name(signal)) mid-pulse: relay off")
                return 128 + signal
            }
        } catch {
            return fail(lineFailed, "could not drive \(line.description): \(error)")
        }
    }

    static func on(_ relay: RelaySettings) -> Int32 {
        let signals = StopSignals()
        let line: GPIOOutputLine
        do { line = try request(relay.line, relay.active) } catch { return fail(lineFailed, "\(error)") }
        Console.out("relay on: \(line.description) energised until SIGTERM or Ctrl+C")
        Console.flush()
        do {
            _ = try RelayDriver.play([.infinity], on: line, wait: signals.wait)
            Console.out("relay off")
            return ExitStatus.ok
        } catch {
            return fail(lineFailed, "could not drive \(line.description): \(error)")
        }
    }

    /// Requests the line at its inactive level and releases it; after the lock stopped
    /// (systemd's SERVICE_RESULT is set) the message says how it ended.
    static func off(_ relay: RelaySettings) -> Int32 {
        do {
            let line = try request(relay.line, relay.active)
            Console.out("relay off: \(line.description) inactive (active-\(relay.active.rawValue))\(afterStop)")
            return ExitStatus.ok
        } catch {
            var text = "\(error)"
            if case .system(let system) = error.problem, system.errno == EBUSY {
                text += " (slidelock holds the line while it runs: it switches it off itself)"
            }
            return fail(lineFailed, "off: \(text)")
        }
    }

    /// ` after slidelock stopped (signal, KILL)` under ExecStopPost=.
    static var afterStop: String {
        guard let result = Environment.value("SERVICE_RESULT"), !result.isEmpty else { return "" }
        let code = Environment.value("EXIT_CODE").map { ", \($0)" } ?? ""
        let status = Environment.value("EXIT_STATUS").map { " \($0)" } ?? ""
        return " after slidelock stopped (\(result)\(code)\(status))"
    }

    static func check(_ relay: RelaySettings, _ settings: Settings) -> Int32 {
        var status = ExitStatus.ok
        if let problem = relay.pulseProblem(timeout: settings.action.timeout) {
            status = fail(badSettings, problem)
        }
        for (key, line) in [("relay.line", relay.line), ("relay.buzzer", relay.buzzer)] where !line.isEmpty {
            do { Console.out("\(key): \(try GPIOLineInfo.describe(line, key: key))") } catch {
                status = fail(badSettings, "\(error)")
            }
        }
        if status == ExitStatus.ok {
            Console.out(
                "settings ok: a \(relay.pulseText) s pulse ends within action.timeout "
                    + "(\(RelaySettings.format(settings.action.timeout)) s)")
        }
        return status
    }

    static func beep(_ loader: SettingsLoader) throws -> Int32 {
        let event = Environment.value("SLIDELOCK_EVENT") ?? ""
        guard let pattern = RelayDriver.beepPattern(event: event) else { return ExitStatus.ok }
        let settings = try loader.load()
        let (relay, log) = RelaySource.settings(settings, policy: loader.policy)
        for line in log { Console.error("slidelock relay: \(line.text)") }
        guard !relay.buzzer.isEmpty else {
            return fail(
                badSettings, "relay.buzzer is not set: name the buzzer's line in [relay], e.g. buzzer = gpiochip0:27")
        }
        let signals = StopSignals()
        let line: GPIOOutputLine
        do { line = try request(relay.buzzer, relay.buzzerActive, key: "relay.buzzer") } catch {
            return fail(lineFailed, "\(error)")
        }
        let milliseconds = pattern.map { String(Int(($0 * 1000).rounded())) }.joined(separator: " ")
        Console.out("beep (\(event)): \(line.description), on/off ms: \(milliseconds)")
        do {
            switch try RelayDriver.play(pattern, on: line, wait: signals.wait) {
            case .played: return ExitStatus.ok
            case .stopped(let signal):
                Console.out("beep stopped by SIG\(StopSignals.name(signal)): buzzer off")
                return 128 + signal
            }
        } catch {
            return fail(lineFailed, "could not drive \(line.description): \(error)")
        }
    }

    /// One error line, and the status to exit with.
    static func fail(_ status: Int32, _ message: String) -> Int32 {
        Console.error("slidelock relay: \(message)")
        return status
    }
}
