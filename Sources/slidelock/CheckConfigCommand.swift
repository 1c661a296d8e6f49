import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock check-config`: the effective configuration, or every error in it.
enum CheckConfigCommand {
    static let help = """
        Usage: slidelock check-config [--config FILE]... [--set SECTION.KEY=VALUE]... [--theme NAME]
               slidelock check-config --relay-defaults FILE

        Reads /etc/slidelock/slidelock.conf, /etc/slidelock/conf.d/*.conf (name order), then
        each --config file, then --theme and --set, and prints the effective configuration.
        Then checks what the lock checks at start, in its words: every hook program (trusted,
        by full path as root, runnable), a named backlight, the fonts, and the input.button
        GPIO chip and line. Errors name the file, line and key (at most 20, then how many
        more); the exit status is then 1. A control.group that names no group is a warning
        (the socket is then root's only).

        With --relay-defaults: checks the relay's settings file (/etc/default/slidelock-relay)
        instead, opened as root opens what it trusts, and prints RELAY_CHIP, RELAY_LINE,
        RELAY_ACTIVE and RELAY_PULSE_MS as four KEY=VALUE lines (slidelock-relay reads them).
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        if let relay = try args.value("--relay-defaults") {
            try args.finish()
            return try relayDefaults(relay)
        }
        let loader = try SettingsLoader(consuming: &args)
        try args.finish()
        let (settings, advisories) = try loader.loadAdvised()
        // What the lock would raise and run with is still an error here: the file is wrong.
        if !advisories.isEmpty { throw ConfigErrors(advisories) }
        if let error = Layout.travelError(settings, screen: Layout.referenceScreen(settings)) {
            throw RunError(description: error)
        }
        let checks = StartChecks(settings, loader: loader)
        var problems = checks.problems
        if let group = checks.groupWarning {
            Console.error("slidelock check-config: warning: \(group): the control socket would be root's only")
        }
        let lines = [
            ("input.button", settings.input.button), ("door.contact", settings.door.contactLine),
            ("tamper.input", settings.tamper.inputLine),
        ]
        for (key, line) in lines where !line.line.isEmpty {
            do { _ = try GPIOButton.locate(line, key: key) } catch { problems.append(error) }
        }
        guard problems.isEmpty else {
            for problem in problems { Console.error("slidelock check-config: \(problem)") }
            return ExitStatus.failure
        }
        Console.out(ConfigLoader.render(settings), terminator: "")
        return ExitStatus.ok
    }

    /// `--relay-defaults FILE`: the file through `TrustedOpener`, every key checked.
    static func relayDefaults(_ path: String) throws -> Int32 {
        let text: String
        do { text = try TrustedOpener.open(path).readText(limit: 64 << 10) } catch let error as TrustError {
            throw RunError(
                description: error.isMissing
                    ? "cannot read \(path) (it sets RELAY_LINE; see deploy/README.md)"
                    : "\(error)")
        }
        switch RelayDefaults.parse(text, file: path) {
        case .success(let settings):
            Console.out(settings.lines, terminator: "")
            return ExitStatus.ok
        case .failure(let errors):
            throw errors
        }
    }
}
