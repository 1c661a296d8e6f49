@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// The lock screen assembled from settings: checks what can be checked before the display
/// is touched, opens the display and touch input, and runs the `LockLoop`.
public enum LockScreen {
    /// Runs until unlocked (exit mode: 0) or stopped by a signal (128 + N). Out of service,
    /// a good config on reload starts the lock afresh in this process (`ProcessRestart`),
    /// once the display, keyboards and relay are let go.
    public static func run(loader: SettingsLoader, log: Logger, tracePath: String? = nil) throws -> Int32 {
        let restart = ProcessRestart()
        var status: Int32
        do {
            status = try runOnce(loader: loader, log: log, tracePath: tracePath, failed: nil)
        } catch let failure as StartFailure {
            // What the config asks of the panel failed (a device, an output, a layout too
            // small for it): out of service on the built-in defaults, or, if even they fail,
            // the error as it was.
            do {
                status = try runOnce(loader: loader, log: log, tracePath: tracePath, failed: failure)
            } catch let error as LoopEnded {
                throw error.error
            } catch {
                throw failure.error
            }
        } catch let error as LoopEnded {
            throw error.error
        }
        guard status == ExitStatus.restart else { return status }
        log.info("restarting in place with the new configuration")
        try restart.exec(CommandLine.arguments)
    }

    /// One start of the lock. `failed`: a problem the config's start had with the panel;
    /// this start is then out of service on the built-in defaults. Errors before the loop
    /// runs are thrown as `StartFailure` when a start on the config failed, and as they
    /// are on the defaults; errors that end the loop as `LoopEnded`.
    static func runOnce(loader: SettingsLoader, log: Logger, tracePath: String?, failed: StartFailure?) throws
        -> Int32
    {
        let start =
            failed.map { StartSettings(defaultsFor: $0.error, fonts: $0.fonts) }
            ?? StartSettings(loader: loader, log: log)
        do {
            return try runOnce(start, loader: loader, log: log, tracePath: tracePath)
        } catch let error as LoopEnded {
            throw error
        } catch {
            // Out of service and still no display: the problem's own error, one line.
            if let original = start.failure { throw original }
            throw StartFailure(error: error, fonts: start.fonts)
        }
    }

    static func runOnce(_ start: StartSettings, loader: SettingsLoader, log: Logger, tracePath: String?) throws
        -> Int32
    {
        // The one loader of the lock's settings, here and on every reload (SIGHUP): hooks are
        // opened and checked (`HookProgram`), fonts through `FontSet`, all by `TrustedOpener`;
        // all of it before the display is touched. What fails puts the lock out of service.
        var settings = start.settings
        // The relay line held from here to the end, before anything that may take long.
        let (relaySettings, relayLog) = RelaySource.settings(settings, policy: loader.policy)
        for line in relayLog { log.log(line) }
        let relay = RelayHold.open(relaySettings, timeout: settings.action.timeout, log: log)
        defer { withExtendedLifetime(relay) {} }
        let fonts = start.fonts
        let trace = try tracePath.map { try FrameTrace(path: $0) }
        let signals = try SignalSource(LockSignals.all)
        // Kept alive to the end: its deinit unblocks the signals, and ARC may end a local's
        // lifetime after its last use (the fd read once), letting SIGTERM kill us mid-run.
        defer { withExtendedLifetime(signals) {} }
        // Listening before the display is opened: a connector that appears in between is not missed.
        let hotplug = try? UeventMonitor()
        let display = try DisplayOpener.open(settings.display, log: log, allowNoOutputs: hotplug != nil)
        defer { display.close() }
        let notifier = try? SystemdNotifier()
        if display.panels.isEmpty, let hotplug,
            let status = try waitForFirstOutput(
                display, hotplug: hotplug, signals: signals, notifier: notifier ?? nil, waiter: PollWaiter(), log: log)
        {
            return status
        }
        start.logProblems(log)
        let touchIndex = try touchOutputIndex(display.panels, named: settings.display.touchOutput)
        let rotations = outputRotations(display.panels, touchIndex: touchIndex, explicit: settings.display.rotate)
        for (output, rotation) in zip(display.panels, rotations) {
            log.info(
                "output \(display.deviceDescription) \(output.name) \(output.modeDescription) \(output.pixelFormat.rawValue.uppercased()), rotate \(rotation.degrees)"
                    + (output.panelRotation.map { " (panel orientation asks for \($0))" } ?? ""))
        }
        let touchPanel = display.panels[touchIndex]
        let rotation = rotations[touchIndex]
        // The thumb in millimetres: the configured size, else what the touch panel reports.
        let sizing = PhysicalSizing(log: log, rotation: rotation)
        settings = sizing.settings(settings, panel: touchPanel)
        let reload = {
            let fresh = try loader.loadForLock(log: log)
            // Out of service, a config is good only when everything it names opens.
            if start.outOfService != nil, let problem = StartChecks(fresh, loader: loader).problems.first {
                throw problem
            }
            return try sizing.settings(fresh, panel: display.panels.first { $0.name == touchPanel.name } ?? touchPanel)
        }
        let input = try TouchInput(options: touchOptions(settings, panel: touchPanel, rotation: rotation))
        log.info(
            input.devices.isEmpty
                ? "input: no touchscreen yet, waiting for one to be plugged in"
                : "input: touch maps to \(touchPanel.name)")
        for line in input.takeLog() { log.log(line) }
        // Keyboards on the panel reach neither the console nor the kernel's SysRq while locked.
        let keyboards =
            settings.input.keyboardLockout
            ? KeyboardLockout(leaving: {
                $0.decision(acceptMouse: settings.input.touch.mouse, acceptTablet: settings.input.tablet).use
            })
            : nil
        defer { keyboards?.close() }
        for line in keyboards?.takeLog() ?? [] { log.log(line) }
        let control = makeControl(settings, log: log)
        control.touchDevices = { input.devices }
        let recording = settings.audit.recordings.map { directory in
            FlightRecording(
                settings: settings.audit, store: RecordingDirectory(path: directory, keep: Int(settings.audit.keep)),
                log: log)
        }
        if let recording { input.onRaw = { recording.take($0) } }
        let button = makeButton(settings.input.button, log: log)
        let door = makeDoor(settings, audit: control.audit, log: log, now: MonotonicClock.now(), relay: relay)
        let idle = try makeIdle(
            settings, display: display, touchIndex: touchIndex, now: MonotonicClock.now(), log: log)
        let hooks = try UnlockHooks(settings: settings) { s in
            try makeAction(s, output: touchPanel.name, log: log, relay: relay)
        }
        // Serviced in this order each turn (hotplug first, before the outputs are settled).
        let sources: [LoopSource?] = [
            hotplug, keyboards, signals, control, button, door, input, TouchWatch { !input.devices.isEmpty }, recording,
            hooks, idle, ClockFace.wall(),
        ]
        let loop = try LockLoop(
            display: display, rotations: rotations, touchIndex: touchIndex, settings: settings,
            sources: sources.compactMap { $0 }, log: log, notifier: notifier ?? nil, waiter: PollWaiter(),
            reload: reload, fonts: fonts, trace: trace, outOfService: start.outOfService)
        loop.onFirstFrame = {
            log.info(start.outOfService.map { "ready: \($0.status)" } ?? "ready: first frame on screen")
        }
        loop.onState = { log.debug("state: \($0.rawValue)") }
        let status: Int32
        do { status = try loop.run() } catch { throw LoopEnded(error: error) }
        logFlipStatistics(display, log: log)
        for line in loop.frameStatistics() { log.info(line) }
        if status == ExitStatus.ok { log.info("unlocked: restoring the display and exiting") }
        return status
    }

    /// Which output touch maps onto: the one named, else the first (connector order puts a
    /// built-in DSI/eDP panel before HDMI on the Pi and most boards).
    public static func touchOutputIndex(_ panels: [PanelOutput], named name: String) throws -> Int {
        guard !name.isEmpty else { return 0 }
        guard let index = panels.firstIndex(where: { $0.name == name }) else {
            throw RunError(
                description: "display.touch_output: no lit output named \(name) "
                    + "(lit: \(panels.map(\.name).joined(separator: ", ")))")
        }
        return index
    }

    /// The touch panel turns as configured; `auto` and every other output follow their
    /// connector's panel orientation, if any.
    public static func outputRotations(_ panels: [PanelOutput], touchIndex: Int, explicit: Int?) -> [ImageRotation] {
        panels.enumerated().map { index, panel in
            let degrees = (index == touchIndex ? explicit : nil) ?? panel.panelRotation ?? 0
            return ImageRotation(degrees: degrees) ?? .upright
        }
    }

    static func touchOptions(_ settings: Settings, panel: PanelOutput, rotation: ImageRotation) -> TouchInputOptions {
        let logical =
            rotation.swapsAxes
            ? Size(width: Double(panel.height), height: Double(panel.width))
            : Size(width: Double(panel.width), height: Double(panel.height))
        var options = TouchInputOptions(screen: logical, rotation: rotation, settings: settings.input.touch)
        options.device = settings.input.device.isEmpty ? nil : settings.input.device
        options.grab = settings.input.grab
        options.acceptTablet = settings.input.tablet
        return options
    }

    /// The hooks (argv split, no shell): the unlock hook in hook mode, and the optional
    /// feedback hook in either mode; nil when there are none.
    public static func makeAction(_ settings: Settings, output: String, log: Logger, relay: RelayHold? = nil) throws
        -> UnlockAction?
    {
        let (unlock, feedback) = try hookCommands(settings.action)
        guard unlock != nil || !feedback.isEmpty else { return nil }
        return HookAction(
            unlock: unlock, feedback: feedback, settings: settings.action, output: output, log: log, relay: relay)
    }

    /// The hooks' argument vectors: unlock (hook mode only), and the feedback command for
    /// each moment: `slide_start_hook` and `cancel_hook` for their own moments where set,
    /// `feedback_hook` for every moment left.
    public static func hookCommands(_ a: ActionSettings) throws -> (
        unlock: [String]?, feedback: [HookEvent: [String]]
    ) {
        let unlock = a.mode == .hook ? try splitHook("hook", a.hook) : nil
        let all = try splitHook("feedback_hook", a.feedbackHook)
        let start = try splitHook("slide_start_hook", a.slideStartHook)
        let cancel = try splitHook("cancel_hook", a.cancelHook)
        var feedback: [HookEvent: [String]] = [:]
        for event in HookEvent.allCases {
            let alias = event == .slideStart ? start : event == .cancel ? cancel : []
            let command = alias.isEmpty ? all : alias
            if !command.isEmpty { feedback[event] = command }
        }
        return (unlock, feedback)
    }

    /// `action.KEY`'s command line as an argument vector (empty when none).
    static func splitHook(_ key: String, _ text: String) throws -> [String] {
        guard !text.isEmpty else { return [] }
        do { return try CommandLineSplitter.split(text) } catch {
            throw RunError(description: "action.\(key): \(error)")
        }
    }

    /// Flips per second between vblank timestamps: what the panel actually showed.
    static func logFlipStatistics(_ display: PanelDisplay, log: Logger) {
        for output in display.panels {
            if let first = output.firstFlipSeconds, let last = output.lastFlipSeconds, output.flipCount > 1,
                last > first
            {
                let tenths = Int((Double(output.flipCount - 1) / (last - first) * 10).rounded())
                log.info("\(output.name): \(output.flipCount) flips, \(tenths / 10).\(tenths % 10) flips/s")
            } else {
                log.info("\(output.name): \(output.flipCount) flips")
            }
        }
    }
}

/// The config's start failed at the panel (before the loop ran).
/// Unchecked: it carries the fonts from one start to the next on the lock's one thread.
struct StartFailure: Error, @unchecked Sendable {
    let error: any Error
    /// The fonts that start opened: the start on defaults keeps them rather than look up
    /// the built-in families again (fontconfig's cost, and its noise where it has no config).
    var fonts: LabelFonts?
}

/// An error that ended a running loop: the lock exits with it (systemd restarts it).
struct LoopEnded: Error, CustomStringConvertible {
    let error: any Error
    var description: String { "\(error)" }
}
