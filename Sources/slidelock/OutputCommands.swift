@preconcurrency import Glibc
import CLinux
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

// `slidelock list-outputs` and `slidelock drm-smoke`: display bring-up commands that work
// before (and independently of) the renderer. Exit codes: 0 ok, 1 display error, 2 usage.

/// Prints the `list-outputs` report; exit status 1 when no display could be lit.
func runListOutputs(_ args: [String]) -> Int32 {
    guard let parsed = OutputArguments(args, extraFlags: []) else { return 2 }
    let report = OutputReport.make(options: parsed.options)
    print(report.text, terminator: "")
    guard let error = report.error else { return 0 }
    fputs("slidelock: \(error)\n", stderr)
    return 1
}

/// Lights every chosen output with a known test pattern (six colour bars over a dark band in
/// which a cyan square moves), flips for `--seconds`, prints flips/s per output, restores the
/// display and exits 0. `--static` shows one frame and then only waits (the idle test).
func runDRMSmoke(_ args: [String]) -> Int32 {
    guard let parsed = OutputArguments(args, extraFlags: ["--static"]) else { return 2 }
    // SIGINT/SIGTERM arrive through a signalfd in the poll set, so the display is always
    // restored by normal unwinding instead of being left dark by a default signal death.
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGINT)
    sigaddset(&mask, SIGTERM)
    sigprocmask(SIG_BLOCK, &mask, nil)
    let signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC))
    defer { close(signals) }
    do {
        let display = try DRMDisplay(options: parsed.options)
        defer { display.close(); print("drm-smoke: display restored") }
        let patterns = display.outputs.map { SmokePattern(width: $0.width, height: $0.height) }
        for (output, reason) in zip(display.outputs, display.modeReasons) {
            print("drm-smoke: \(display.device.path) \(display.device.driverName) \(output.name) \(output.mode) (\(reason.rawValue))")
        }
        for (output, pattern) in zip(display.outputs, patterns) { try pattern.present(on: output, full: true) }
        print("drm-smoke: first frame shown"); fflush(stdout)
        let start = MonotonicClock.now(), end = start + parsed.seconds
        var interrupted = false
        while !interrupted, MonotonicClock.now() < end {
            if !parsed.isStatic {
                for (output, pattern) in zip(display.outputs, patterns) where !output.isFlipPending {
                    pattern.advance()
                    try pattern.present(on: output, full: false)
                }
            }
            var fds = [pollfd(fd: display.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let timeout = Int32(max(1, ((end - MonotonicClock.now()) * 1000).rounded(.up)))
            if poll(&fds, 2, timeout) < 0 && errno != EINTR { throw SystemError(operation: "poll", errno: errno) }
            if fds[0].revents != 0 { _ = try display.handleFlipEvents() }
            if fds[1].revents != 0 { interrupted = true; print("drm-smoke: interrupted") }
        }
        let elapsed = MonotonicClock.now() - start
        for output in display.outputs {
            // Measured between vblank timestamps of the first and last flip: the display's
            // rate, independent of start-up and of when the loop stopped.
            var rate = 0.0
            if let first = output.firstFlipSeconds, let last = output.lastFlipSeconds, last > first {
                rate = Double(output.flipCount - 1) / (last - first)
            }
            print("drm-smoke: \(output.name) \(output.flipCount) flips in \(twoDecimals(elapsed)) s = \(twoDecimals(rate)) flips/s")
        }
        return 0
    } catch {
        fputs("slidelock: \(error)\n", stderr)
        return 1
    }
}

private func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}

/// `--device PATH --connector NAME --mode WxH[@Hz] --seconds S --master-wait S [--static]`
struct OutputArguments {
    var options = DisplayOptions()
    var seconds = 3.0
    var isStatic = false

    init?(_ args: [String], extraFlags: Set<String>) {
        var rest = args[...]
        while let flag = rest.popFirst() {
            if extraFlags.contains(flag), flag == "--static" { isStatic = true; continue }
            guard ["--device", "--connector", "--mode", "--seconds", "--master-wait"].contains(flag),
                  let value = rest.popFirst() else {
                fputs("slidelock: unknown or incomplete option \(flag)\n", stderr)
                return nil
            }
            switch flag {
            case "--device": options.devicePath = value
            case "--connector": options.connectorName = value
            case "--mode":
                guard let mode = ModeRequest(parsing: value) else {
                    fputs("slidelock: --mode wants WxH or WxH@Hz, not \(value)\n", stderr)
                    return nil
                }
                options.mode = mode
            default:
                guard let number = Double(value), number >= 0 else {
                    fputs("slidelock: \(flag) wants a number of seconds, not \(value)\n", stderr)
                    return nil
                }
                if flag == "--seconds" { seconds = number } else { options.masterWaitSeconds = number }
            }
        }
    }
}
