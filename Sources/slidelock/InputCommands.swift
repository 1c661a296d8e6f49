import CLinux
@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

// `slidelock list-inputs` and `slidelock input-debug`: touch bring-up commands that work
// without a display. Exit codes: 0 ok, 1 input error, 2 usage.

private let listInputsHelp = """
    Usage: slidelock list-inputs [--input PATH|NAME] [--mouse] [--tablet]

    Every /dev/input/event* device: name, kind, capabilities, axis ranges, and whether the
    lock screen would read it (and why not).
    """

private let inputDebugHelp = """
    Usage: slidelock input-debug [--size WxH] [--rotate DEG] [--seconds N] [--input PATH|NAME]
                                 [--mouse] [--tablet] [--no-grab] [--no-ghost-filter]

    Reads touch exactly as the lock screen would (devices, hotplug, grab, calibration, ghost
    filter) for a logical screen of --size (default 800x480) turned --rotate degrees onto the
    panel, and prints every event and log line ("t=12.345 down 123 240 id=1") until SIGINT,
    SIGTERM or --seconds.
    """

/// Prints the `list-inputs` report.
func runListInputs(_ args: [String]) -> Int32 {
    runReportingErrors("list-inputs") {
        var a = Arguments(args)
        if a.flag("--help") || a.flag("-h") {
            Console.out(listInputsHelp)
            return ExitStatus.ok
        }
        let options = try inputOptions(&a, screen: Size(width: 800, height: 480), rotation: .upright)
        try a.finish()
        Console.out(InputReport.make(options: options), terminator: "")
        return ExitStatus.ok
    }
}

/// Prints every `LockEvent` and input log line until a signal or `--seconds`.
func runInputDebug(_ args: [String]) -> Int32 {
    runReportingErrors("input-debug") {
        var a = Arguments(args)
        if a.flag("--help") || a.flag("-h") {
            Console.out(inputDebugHelp)
            return ExitStatus.ok
        }
        let size = try a.size("--size") ?? (800, 480)
        let rotation = ImageRotation(degrees: try a.rotation()) ?? .upright
        let seconds = try a.number("--seconds", in: 0...1e9)
        let noGhostFilter = a.flag("--no-ghost-filter")
        var options = try inputOptions(
            &a, screen: Size(width: Double(size.width), height: Double(size.height)),
            rotation: rotation)
        if noGhostFilter { options.settings.ghostFilter = false }
        try a.finish()
        return try debugLoop(options: options, seconds: seconds)
    }
}

/// `--input`, `--mouse`, `--tablet`, `--no-grab`.
private func inputOptions(_ a: inout Arguments, screen: Size, rotation: ImageRotation) throws(UsageError)
    -> TouchInputOptions
{
    var options = TouchInputOptions(screen: screen, rotation: rotation)
    options.device = try a.value("--input")
    if a.flag("--mouse") { options.acceptMouse = true }
    if a.flag("--tablet") { options.acceptTablet = true }
    if a.flag("--no-grab") { options.grab = false }
    return options
}

/// SIGINT/SIGTERM arrive through a signal source: the loop ends normally and the devices
/// are closed (ungrabbed) by deinit rather than by a signal death.
private func debugLoop(options: TouchInputOptions, seconds: Double?) throws -> Int32 {
    try SignalSource.handling([SIGINT, SIGTERM]) { signals in
        try debugLoop(options: options, seconds: seconds, signals: signals)
    }
}

private func debugLoop(options: TouchInputOptions, seconds: Double?, signals: SignalSource) throws -> Int32 {
    let input = try TouchInput(options: options)
    let waiter = PollWaiter()
    let end = seconds.map { waiter.now() + $0 }
    let screen = options.screen
    Console.out(
        "input-debug: screen \(format(screen.width))x\(format(screen.height)) rotate \(options.rotation.degrees)")
    for line in input.takeLog() { Console.out(line.text) }
    Console.out("input-debug: ready")
    Console.flush()
    while end.map({ waiter.now() < $0 }) ?? true {
        // A 20 ms tick stands in for frame ticks: the ghost filter releases still fingers on them.
        let tick = waiter.now() + 0.02
        let ready = try waiter.wait(for: [signals.fd] + input.pollDescriptors, until: min(tick, end ?? tick))
        if ready.contains(signals.fd) {
            Console.out("input-debug: interrupted")
            break
        }
        let events = input.readAvailable() + input.advance(to: waiter.now())
        for line in input.takeLog() { Console.out(line.text) }
        for event in events { Console.out(describe(event)) }
        Console.flush()
    }
    return ExitStatus.ok
}

/// `t=12.345 down 123 240 id=1`, `move ...`, `up id=1`, `cancel`.
private func describe(_ event: LockEvent) -> String {
    let head = LockLogEntry(time: event.time, name: "").description.dropLast()
    func xy(_ p: Point) -> String { "\(pixel(p.x)) \(pixel(p.y))" }
    switch event {
    case .touchDown(let id, let p, _): return "\(head) down \(xy(p)) id=\(id)"
    case .touchMove(let id, let p, _): return "\(head) move \(xy(p)) id=\(id)"
    case .touchUp(let id, _): return "\(head) up id=\(id)"
    case .touchCancel: return "\(head) cancel"
    default: return "\(head) \(event)"
    }
}

/// Whole pixels as integers, anything else with one decimal.
private func pixel(_ v: Double) -> String {
    let tenths = (v * 10).rounded() / 10
    return format(tenths)
}
