import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock check-config`: the effective configuration, or every error in it.
enum CheckConfigCommand {
    static let help = """
        Usage: slidelock check-config [--config FILE]... [--set SECTION.KEY=VALUE]... [--theme NAME]

        Reads /etc/slidelock/slidelock.conf, /etc/slidelock/conf.d/*.conf (name order), then
        each --config file, then --theme and --set, and prints the effective configuration.
        Errors name the file, line and key; the exit status is then 1.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        let loader = try SettingsLoader(consuming: &args)
        try args.finish()
        let settings = try loader.load()
        Console.out(ConfigLoader.render(settings), terminator: "")
        return ExitStatus.ok
    }
}
