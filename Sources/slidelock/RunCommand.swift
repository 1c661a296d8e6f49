import SlideLockCore
import SlideLockPlatform

/// The lock screen itself (no subcommand).
enum RunCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        var loader = try SettingsLoader(consuming: &args)
        if let mode = try args.choice("--on-unlock", UnlockMode.self) { loader.overrides.append("action.on_unlock=\(mode.rawValue)") }
        if let hook = try args.value("--hook") { loader.overrides.append("action.hook=\(hook)") }
        try args.finish()
        _ = try loader.load()
        Console.error("slidelock: no display backend is available in this build yet (DRM/KMS output is being added); "
            + "use 'slidelock render' to see frames")
        return ExitStatus.failure
    }
}
