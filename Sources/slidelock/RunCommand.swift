@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// The lock screen itself (no subcommand).
enum RunCommand {
    static let help = """
    Usage: slidelock [options]

    Runs the lock screen on every connected output of the first DRM card that can light one
    (or a framebuffer), driven by the touchscreens found in /dev/input.

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
      --config FILE, --set SECTION.KEY=VALUE, --theme NAME
    Each of these is also a config key ([action], [display], [input]); flags win.

    Signals: SIGTERM/SIGINT stop (display restored), SIGHUP reloads the config, SIGUSR1 relocks.
    Exit status: 0 unlocked (exit mode), 1 error, 2 bad command line, 128+N stopped by signal N.
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { Console.out(help); return ExitStatus.ok }
        var loader = try SettingsLoader(consuming: &args)
        // Flags are the last config layer: the same validation, the same error lines.
        let flagKeys = [("--on-unlock", "action.on_unlock"), ("--hook", "action.hook"), ("--device", "display.device"),
                        ("--connector", "display.connector"), ("--mode", "display.mode"), ("--rotate", "display.rotate"),
                        ("--fbdev", "display.fbdev"), ("--touch-output", "display.touch_output"),
                        ("--format", "display.format"), ("--master-wait", "display.master_wait"), ("--input", "input.device")]
        for (flag, key) in flagKeys {
            if let value = try args.value(flag) { loader.overrides.append("\(key)=\(value)") }
        }
        if args.flag("--mouse") { loader.overrides.append("input.mouse=on") }
        if args.flag("--no-grab") { loader.overrides.append("input.grab=off") }
        let log = Logger(verbose: args.flag("--verbose"))
        try args.finish()

        let settings = try loader.load()
        // Hook command lines and fonts are checked before the display is touched.
        _ = try hookCommands(settings.action)
        try SceneRenderer.checkFonts(settings.theme.fonts, weight: settings.theme.labelWeight)
        let signals = try SignalSource([SIGTERM, SIGINT, SIGHUP, SIGUSR1])
        let display = try openDisplay(settings.display, log: log)
        defer { display.close() }
        let touchIndex = try touchOutputIndex(display.panels, named: settings.display.touchOutput)
        let rotations = outputRotations(display.panels, touchIndex: touchIndex, explicit: settings.display.rotate)
        for (output, rotation) in zip(display.panels, rotations) {
            log.info("output \(display.deviceDescription) \(output.name) \(output.modeDescription) \(output.pixelFormat.rawValue.uppercased()), rotate \(rotation.degrees)"
                + (output.panelRotation.map { " (panel orientation asks for \($0))" } ?? ""))
        }
        let touchPanel = display.panels[touchIndex], rotation = rotations[touchIndex]
        let input = try TouchInput(options: touchOptions(settings, panel: touchPanel, rotation: rotation))
        log.info(input.devices.isEmpty ? "input: no touchscreen yet, waiting for one to be plugged in"
                 : "input: touch maps to \(touchPanel.name)")
        for line in input.takeLog() { log.info(line) }
        // TEMPORARY wiring on the issue-10 branch, for the systemd VM test: keyboards present
        // at start are grabbed and the VT locked for the whole run. The loop does not poll
        // or service it yet (no hot-plugged keyboards): the lead wires that into the runtime.
        let keyboards = settings.input.keyboardLockout ? KeyboardLockout() : nil
        defer { keyboards?.close() }
        for line in keyboards?.takeLog() ?? [] { log.info(line) }
        let notifier = try? SystemdNotifier()
        let screen = try LockScreen(
            display: display, rotations: rotations, touchIndex: touchIndex, settings: settings, signals: signals, input: input, log: log,
            notifier: notifier ?? nil, reload: { try loader.load() },
            makeAction: { s in try makeAction(s, output: touchPanel.name, log: log) })
        screen.onFirstFrame = { log.info("ready: first frame on screen") }
        screen.onState = { log.debug("state: \($0.rawValue)") }
        let status = try screen.run()
        logFlipStatistics(display, log: log)
        if status == ExitStatus.ok { log.info("unlocked: restoring the display and exiting") }
        return status
    }

    /// Which output touch maps onto: the one named, else the first (connector order puts a
    /// built-in DSI/eDP panel before HDMI on the Pi and most boards).
    static func touchOutputIndex(_ panels: [PanelOutput], named name: String) throws -> Int {
        guard !name.isEmpty else { return 0 }
        guard let index = panels.firstIndex(where: { $0.name == name }) else {
            throw RunError(description: "display.touch_output: no lit output named \(name) "
                + "(lit: \(panels.map(\.name).joined(separator: ", ")))")
        }
        return index
    }

    /// The touch panel turns as configured; `auto` and every other output follow their
    /// connector's panel orientation, if any.
    static func outputRotations(_ panels: [PanelOutput], touchIndex: Int, explicit: Int?) -> [ImageRotation] {
        panels.enumerated().map { index, panel in
            let degrees = (index == touchIndex ? explicit : nil) ?? panel.panelRotation ?? 0
            return ImageRotation(degrees: degrees) ?? .upright
        }
    }

    static func touchOptions(_ settings: Settings, panel: PanelOutput, rotation: ImageRotation) -> TouchInputOptions {
        let logical = rotation.swapsAxes ? Size(width: Double(panel.height), height: Double(panel.width))
            : Size(width: Double(panel.width), height: Double(panel.height))
        var options = TouchInputOptions(screen: logical, rotation: rotation, settings: settings.input.touch)
        options.device = settings.input.device.isEmpty ? nil : settings.input.device
        options.grab = settings.input.grab
        options.acceptTablet = settings.input.tablet
        return options
    }

    /// The hooks (argv split, no shell): the unlock hook in hook mode, and the optional
    /// slide-start and cancel hooks in either mode; nil when there are none.
    static func makeAction(_ settings: Settings, output: String, log: Logger) throws -> UnlockAction? {
        let (unlock, start, cancel) = try hookCommands(settings.action)
        guard unlock != nil || !start.isEmpty || !cancel.isEmpty else { return nil }
        return HookAction(unlock: unlock, slideStart: start, cancel: cancel, settings: settings.action, output: output, log: log)
    }

    /// The hooks' argument vectors: unlock (hook mode only), slide start, cancel.
    static func hookCommands(_ a: ActionSettings) throws -> (unlock: [String]?, start: [String], cancel: [String]) {
        func split(_ key: String, _ text: String) throws -> [String] {
            guard !text.isEmpty else { return [] }
            do { return try CommandLineSplitter.split(text) } catch { throw RunError(description: "action.\(key): \(error)") }
        }
        return (a.mode == .hook ? try split("hook", a.hook) : nil,
                try split("slide_start_hook", a.slideStartHook), try split("cancel_hook", a.cancelHook))
    }

    /// DRM when a card can light a panel; else the framebuffer (asked for, or /dev/fb0 when
    /// there is no usable DRM card at all). Other DRM errors stand: they need a person.
    static func openDisplay(_ settings: DisplaySettings, log: Logger) throws -> PanelDisplay {
        if !settings.fbdev.isEmpty { return try FBDevOutput(path: settings.fbdev) }
        var options = DisplayOptions()
        options.devicePath = settings.device.isEmpty ? nil : settings.device
        options.connectorName = settings.connector.isEmpty ? nil : settings.connector
        options.mode = ModeRequest(parsing: settings.mode)
        options.masterWaitSeconds = settings.masterWait
        options.format = settings.format
        options.leaveBlack = settings.onExit == .black
        options.onWait = { log.info($0) }
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

    /// Flips per second between vblank timestamps: what the panel actually showed.
    static func logFlipStatistics(_ display: PanelDisplay, log: Logger) {
        for output in display.panels {
            if let first = output.firstFlipSeconds, let last = output.lastFlipSeconds, output.flipCount > 1, last > first {
                let tenths = Int((Double(output.flipCount - 1) / (last - first) * 10).rounded())
                log.info("\(output.name): \(output.flipCount) flips, \(tenths / 10).\(tenths % 10) flips/s")
            } else {
                log.info("\(output.name): \(output.flipCount) flips")
            }
        }
    }
}
