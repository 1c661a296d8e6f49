@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// Entry point: picks the subcommand; each one parses its own flags.
let usage = """
    Usage: slidelock [COMMAND] [options]

    With no command, runs the lock screen on the panel.

    Commands:
      render        write one frame to a PNG, exactly as the panel would show it
      check-config  print the effective configuration, or its errors
      play          replay scripted touches on a virtual clock, frame by frame, to PNGs
      bench         time the renderer (median and p95 ms per frame)
      list-outputs  DRM cards, connectors and modes, and which slidelock would use
      drm-smoke     light every output with a test pattern and count page flips
      list-inputs   input devices, their capabilities, and which slidelock would use
      input-debug   print the touch events slidelock would act on
      trace-stats   touch-to-photon latency from a --trace file
      selftest      check an installed panel: config, display, touch, relay (PASS/FAIL lines)
      relay         the door relay: pulse, on, off, check, prestart, beep (its hook and unit steps)
      ctl           ask the running lock: status, lock, wake, reload, unlock, message, lockdown
      help          this text

    Lock screen options (slidelock [options]):
    \(RunCommand.options)

    --version prints the release. Run 'slidelock COMMAND --help' for a command's options.
    """

let argv = Array(CommandLine.arguments.dropFirst())
// No closure here: one written in top-level (main actor) code gets a dynamic isolation check
// that links the whole concurrency runtime and libdispatch into the binary (resident size).
let command: String? = if let first = argv.first, !first.hasPrefix("-") { first } else { nil }
let rest = command == nil ? argv : Array(argv.dropFirst())
let status: Int32
switch command {
case "render": status = runReportingErrors("render") { try RenderCommand.run(rest) }
case "check-config": status = runReportingErrors("check-config") { try CheckConfigCommand.run(rest) }
case "play": status = runReportingErrors("play") { try PlayCommand.run(rest) }
case "list-outputs": status = runListOutputs(rest)
case "list-inputs": status = runListInputs(rest)
case "input-debug": status = runInputDebug(rest)
case "drm-smoke": status = runDRMSmoke(rest)
case "trace-stats": status = runReportingErrors("trace-stats") { try TraceStatsCommand.run(rest) }
case "selftest": status = runReportingErrors("selftest") { try SelftestCommand.run(rest) }
case "bench": status = runReportingErrors("bench") { try BenchCommand.run(rest) }
case "ctl": status = runReportingErrors("ctl") { try CtlCommand.run(rest) }
case "relay": status = runReportingErrors("relay") { try RelayCommand.run(rest) }
case "help":
    Console.out(usage)
    status = ExitStatus.ok
case nil:
    if rest.contains("--help") || rest.contains("-h") {
        Console.out(usage)
        status = ExitStatus.ok
    } else if rest == ["--version"] {
        Console.out("slidelock \(SlideLockVersion.number)")
        status = ExitStatus.ok
    } else {
        status = runReportingErrors("") { try RunCommand.run(rest) }
    }
default:
    Console.error("slidelock: unknown command \"\(command!)\" (see 'slidelock --help')")
    status = ExitStatus.usage
}
exit(status)
