@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

// `slidelock list-outputs` and `slidelock drm-smoke`: display bring-up commands that work
// before (and independently of) the renderer. Exit codes: 0 ok, 1 display error, 2 usage.

private let listOutputsHelp = """
    Usage: slidelock list-outputs [--device /dev/dri/cardN] [--connector NAME] [--mode WxH[@Hz]]
                                  [--master-wait SECONDS] [--config FILE] [--set KEY=VALUE]

    Every DRM card, its connectors and their modes (preferred, current), and the card,
    connector and mode the lock screen would use with this configuration.
    """

private let drmSmokeHelp = """
    Usage: slidelock drm-smoke [--seconds N] [--static] [--device /dev/dri/cardN] [--connector NAME]
                               [--mode WxH[@Hz]] [--master-wait SECONDS] [--config FILE] [--set KEY=VALUE]

    Lights every output the lock screen would use with a test pattern (six colour bars, a
    moving square), flips for --seconds (3), prints flips per second per output and restores
    the display. --static shows one frame and then only waits (the idle test). SIGINT/SIGTERM
    stop it early, the display restored.
    """

/// Prints the `list-outputs` report; exit status 1 when no display could be lit.
func runListOutputs(_ args: [String]) -> Int32 {
    runReportingErrors("list-outputs") {
        var a = Arguments(args)
        if a.flag("--help") || a.flag("-h") {
            Console.out(listOutputsHelp)
            return ExitStatus.ok
        }
        let options = try displayOptions(&a)
        try a.finish()
        let report = OutputReport.make(options: options)
        Console.out(report.text, terminator: "")
        if let error = report.error { throw error }
        return ExitStatus.ok
    }
}

/// Lights every chosen output with a known test pattern and counts its flips.
func runDRMSmoke(_ args: [String]) -> Int32 {
    runReportingErrors("drm-smoke") {
        var a = Arguments(args)
        if a.flag("--help") || a.flag("-h") {
            Console.out(drmSmokeHelp)
            return ExitStatus.ok
        }
        let seconds = try a.number("--seconds", in: 0...86_400) ?? 3
        let isStatic = a.flag("--static")
        let options = try displayOptions(&a)
        try a.finish()
        return try drmSmoke(options: options, seconds: seconds, isStatic: isStatic)
    }
}

/// The display flags are the last layer over the config's `[display]` keys, so these
/// commands choose exactly what the lock screen would.
private func displayOptions(_ a: inout Arguments) throws -> DisplayOptions {
    var loader = try SettingsLoader(consuming: &a)
    for (flag, key) in [
        ("--device", "display.device"), ("--connector", "display.connector"),
        ("--mode", "display.mode"), ("--master-wait", "display.master_wait"),
    ] {
        if let value = try a.value(flag) { loader.overrides.append("\(key)=\(value)") }
    }
    return DisplayOpener.options(try loader.load().display)
}

/// SIGINT/SIGTERM arrive through a signal source, so the display is always restored by
/// normal unwinding instead of being left dark by a default signal death.
private func drmSmoke(options: DisplayOptions, seconds: Double, isStatic: Bool) throws -> Int32 {
    try SignalSource.handling([SIGINT, SIGTERM]) { signals in
        try drmSmoke(options: options, seconds: seconds, isStatic: isStatic, signals: signals)
    }
}

private func drmSmoke(options: DisplayOptions, seconds: Double, isStatic: Bool, signals: SignalSource) throws
    -> Int32
{
    let waiter = PollWaiter()
    let display = try DRMDisplay(options: options)
    defer {
        display.close()
        print("drm-smoke: display restored")
    }
    let patterns = display.outputs.map { SmokePattern(width: $0.width, height: $0.height) }
    for (output, reason) in zip(display.outputs, display.modeReasons) {
        print(
            "drm-smoke: \(display.device.path) \(display.device.driverName) \(output.name) \(output.mode) (\(reason.rawValue))"
        )
    }
    for (output, pattern) in zip(display.outputs, patterns) { try pattern.present(on: output, full: true) }
    print("drm-smoke: first frame shown")
    fflush(stdout)
    let start = waiter.now()
    let end = start + seconds
    var ledgers = display.outputs.map { _ in VblankLedger() }
    var seen = display.outputs.map(\.flipCount)
    while waiter.now() < end {
        if !isStatic {
            for (output, pattern) in zip(display.outputs, patterns) where !output.isFlipPending {
                pattern.advance()
                try pattern.present(on: output, full: false)
            }
        }
        let ready = try waiter.wait(for: [display.fd, signals.fd], until: end)
        if ready.contains(display.fd) {
            _ = try display.handleFlipEvents()
            for (i, output) in display.outputs.enumerated() where output.flipCount != seen[i] {
                seen[i] = output.flipCount
                guard let sequence = output.lastFlipSequence, let done = output.lastFlipSeconds else { continue }
                ledgers[i].record(
                    queued: output.lastQueuedSeconds ?? done, completed: done, sequence: sequence,
                    readAt: output.lastEventReadSeconds ?? done, interval: output.frameInterval,
                    wantsNext: !isStatic)
            }
        }
        if ready.contains(signals.fd) {
            print("drm-smoke: interrupted")
            break
        }
    }
    let elapsed = waiter.now() - start
    for output in display.outputs {
        // Measured between vblank timestamps of the first and last flip: the display's
        // rate, independent of start-up and of when the loop stopped.
        var rate = 0.0
        if let first = output.firstFlipSeconds, let last = output.lastFlipSeconds, last > first {
            rate = Double(output.flipCount - 1) / (last - first)
        }
        print(
            "drm-smoke: \(output.name) \(output.flipCount) flips in \(twoDecimals(elapsed)) s = \(twoDecimals(rate)) flips/s"
        )
    }
    for (output, ledger) in zip(display.outputs, ledgers) { print("drm-smoke: \(output.name) \(ledger.summary)") }
    return ExitStatus.ok
}

private func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
