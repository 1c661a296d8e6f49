@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

/// The lock screen itself (no subcommand).
enum RunCommand {
    static let help = """
        Usage: slidelock [options]

        Runs the lock screen on every connected output of the first DRM card that can light one
        (or a framebuffer), driven by the touchscreens found in /dev/input.

        \(options)
        """

    /// The lock screen's options, also in `slidelock --help`.
    static let options = """
          --on-unlock exit|hook    exit with status 0 once the unlock frame is shown (default),
                                   or run the hook and lock again
          --hook 'CMD ARGS...'     the hook command (split like a shell would, but no shell runs)
          --device /dev/dri/cardN  the DRM card (default: scan every card)
          --connector NAME         only this connector (e.g. HDMI-A-1, DSI-1)
          --mode WxH[@Hz]          this mode instead of the kernel's choice
          --format auto|xrgb8888|rgb565  scanout format (auto: RGB565 only if the panel needs it)
          --rotate auto|0|90|180|270  turn the picture clockwise on the touch panel (90: a panel
                                   mounted right side up); touch turns with it. auto: as the
                                   connector's panel orientation says, else 0
          --fbdev PATH             use this framebuffer (default: /dev/fb0 when no DRM card can be used)
          --master-wait SECONDS    how long to wait for another program to release the display (5)
          --touch-output NAME      the output touch maps onto (default: the first lit one)
          --input PATH|NAME        only this input device (default: every touchscreen)
          --mouse                  accept mice too (bench use)
          --no-grab                do not take the touch device exclusively
          --verbose                debug lines in the log
          --trace FILE             one JSON line per frame shown: input, render, flip queued and
                                   completed times (see 'slidelock trace-stats')
          --config FILE, --set SECTION.KEY=VALUE, --theme NAME
        Each of these is also a config key ([action], [display], [input]); flags win.

        Signals: SIGTERM/SIGINT stop (display restored), SIGHUP reloads the config, SIGUSR1 relocks.
        Exit status: 0 unlocked (exit mode), 1 error, 2 bad command line, 128+N stopped by signal N.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        var loader = try SettingsLoader(consuming: &args)
        // Flags are the last config layer: the same validation, the same error lines.
        let flagKeys = [
            ("--on-unlock", "action.on_unlock"), ("--hook", "action.hook"), ("--device", "display.device"),
            ("--connector", "display.connector"), ("--mode", "display.mode"), ("--rotate", "display.rotate"),
            ("--fbdev", "display.fbdev"), ("--touch-output", "display.touch_output"),
            ("--format", "display.format"), ("--master-wait", "display.master_wait"), ("--input", "input.device"),
        ]
        for (flag, key) in flagKeys {
            if let value = try args.value(flag) { loader.overrides.append("\(key)=\(value)") }
        }
        if args.flag("--mouse") { loader.overrides.append("input.mouse=on") }
        if args.flag("--no-grab") { loader.overrides.append("input.grab=off") }
        let log = Logger(verbose: args.flag("--verbose"))
        let trace = try args.value("--trace")
        try args.finish()
        return try LockScreen.run(loader: loader, log: log, tracePath: trace)
    }
}
