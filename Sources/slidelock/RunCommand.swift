@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

/// The lock screen itself (no subcommand).
enum RunCommand {
    static let help = """
    Usage: slidelock [options]

    Runs the lock screen on every connected output of the first DRM card that can light one.

      --on-unlock exit|hook    exit with status 0 once the unlock frame is shown (default),
                               or run the hook and lock again
      --hook 'CMD ARGS...'     the hook command (argv split, no shell)
      --device /dev/dri/cardN  the DRM card (default: scan every card)
      --connector NAME         only this connector (e.g. HDMI-A-1, DSI-1)
      --mode WxH[@Hz]          this mode instead of the kernel's choice
      --rotate 0|90|180|270    the panel is mounted turned clockwise by this much
      --fbdev PATH             use this framebuffer (default: /dev/fb0 when no DRM card can be used)
      --master-wait SECONDS    how long to wait for another program to release the display (5)
      --verbose                debug lines in the log
      --config FILE, --set SECTION.KEY=VALUE, --theme NAME

    Exit status: 0 unlocked (exit mode), 1 error, 2 bad command line, 128+N stopped by signal N.
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { Console.out(help); return ExitStatus.ok }
        var loader = try SettingsLoader(consuming: &args)
        if let mode = try args.choice("--on-unlock", UnlockMode.self) { loader.overrides.append("action.on_unlock=\(mode.rawValue)") }
        if let hook = try args.value("--hook") { loader.overrides.append("action.hook=\(hook)") }
        var options = DisplayOptions()
        options.devicePath = try args.value("--device")
        options.connectorName = try args.value("--connector")
        if let text = try args.value("--mode") {
            guard let request = ModeRequest(parsing: text) else {
                throw UsageError(message: "--mode: expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, got \"\(text)\"")
            }
            options.mode = request
        }
        options.masterWaitSeconds = try args.number("--master-wait", in: 0...600) ?? 5
        let rotation = ImageRotation(degrees: try args.rotation())!
        let fbdevPath = try args.value("--fbdev")
        let log = ConsoleLog(verbose: args.flag("--verbose"))
        try args.finish()

        let settings = try loader.load()
        let signals = try SignalSource([SIGTERM, SIGINT, SIGHUP, SIGUSR1])
        let display = try openDisplay(options, fbdev: fbdevPath, log: log)
        defer { display.close() }
        for output in display.panels {
            log.info("output \(display.deviceDescription) \(output.name) \(output.modeDescription) rotate \(rotation.degrees)")
        }
        let screen = LockScreen(display: display, rotation: rotation, settings: settings, signals: signals,
                                input: nil, action: nil, log: log, reload: { try loader.load() })
        screen.onFirstFrame = { log.info("ready: first frame on screen") }
        screen.onState = { log.debug("state: \($0.rawValue)") }
        let status = try screen.run()
        for output in display.panels {
            // Flip statistics between vblank timestamps: what the panel actually showed.
            if let first = output.firstFlipSeconds, let last = output.lastFlipSeconds, output.flipCount > 1, last > first {
                let rate = Double(output.flipCount - 1) / (last - first)
                log.info("\(output.name): \(output.flipCount) flips, \(Int((rate * 10).rounded()) / 10).\(Int((rate * 10).rounded()) % 10) flips/s")
            } else {
                log.info("\(output.name): \(output.flipCount) flips")
            }
        }
        if status == ExitStatus.ok { log.info("unlocked: restoring the display and exiting") }
        return status
    }

    /// DRM when a card can light a panel; else the framebuffer (asked for, or /dev/fb0 when
    /// there is no usable DRM card at all). Other DRM errors stand: they need a person.
    static func openDisplay(_ options: DisplayOptions, fbdev: String?, log: Logging) throws -> PanelDisplay {
        if let fbdev { return try FBDevOutput(path: fbdev) }
        do {
            return try DRMDisplay(options: options)
        } catch let error as DisplayError {
            switch error {
            case .noDevice, .noUsableDevice:
                guard options.devicePath == nil, FileIO.exists("/dev/fb0") else { throw error }
                log.info("\(error); falling back to the framebuffer /dev/fb0")
                return try FBDevOutput(path: "/dev/fb0")
            default: throw error
            }
        }
    }
}
