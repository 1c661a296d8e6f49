import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

/// `slidelock render`: one frame, exactly as the panel would show it, to a PNG file.
enum RenderCommand {
    static let help = """
        Usage: slidelock render --out FILE.png [options]

        Writes exactly what the panel would show for one state of the lock screen.

          --out FILE.png          where to write the PNG (required)
          --size WxH              screen size in pixels (default 800x480)
          --progress P            thumb position 0...1 (default 0)
          --state S               locked|pressed|dragging|busy|unlocked|failed (default locked)
          --time SECONDS          animation clock: hue rotation, spinner, shimmer (default 0)
          --rotate DEG            0|90|180|270: the picture turned clockwise, as such a panel scans it out
          --format F              xrgb8888|rgb565: the panel's pixel format (default xrgb8888)
          --message TEXT          the message line above the track (instead of display.message)
          --lockdown              the lockdown look
          --held-open             the door held open: theme.text_held_open on the message line
          --tampered              tampered: theme.text_tampered on the message line
          --identify              `ctl identify`'s border round the screen
          --out-of-service PROBLEM  the out-of-service screen, PROBLEM its first problem
                                  (repeat for more: the screen counts them)
          --clock-time YYYY-MM-DDTHH:MM
                                  the time the clock shows, as local time (display.clock=on shows it;
                                  default: now)
          --physical-size WxH     the panel's visible area in mm: the thumb is laid out in mm
                                  (as display.physical_size; default: unknown, proportional)
          --theme NAME            default|classic|mint|high-contrast
          --config FILE           extra config file (repeatable; after /etc/slidelock)
          --set SECTION.KEY=VALUE override one setting (repeatable)
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        let loader = try SettingsLoader(consuming: &args)
        guard let out = try args.value("--out") else { throw UsageError(message: "--out FILE.png is required") }
        let size = try args.size("--size") ?? (800, 480)
        let progress = try args.number("--progress", in: 0...1) ?? 0
        let state = try args.choice("--state", LockState.self) ?? .locked
        let time = try args.number("--time", in: 0...86_400) ?? 0
        let rotation = try args.rotation()
        let format = try args.choice("--format", PixelFormat.self) ?? .xrgb8888
        let message = try args.value("--message")
        if let message, let problem = ScreenTextSettings.messageProblem(message) {
            throw UsageError(message: "--message: \(problem)")
        }
        let lockdown = args.flag("--lockdown")
        let heldOpen = args.flag("--held-open")
        let tampered = args.flag("--tampered")
        let identify = args.flag("--identify")
        let problems = try args.values("--out-of-service")
        for problem in problems {
            if let why = StateWords.problem(problem) ?? (problem.isEmpty ? "empty" : nil) {
                throw UsageError(message: "--out-of-service: \(why)")
            }
        }
        let physicalSize = try args.physicalSize()
        let clockTime = try args.value("--clock-time")
        let fixedTime = try clockTime.map { (text: String) throws(UsageError) in
            guard let t = WallClock.localTime(text) else {
                throw UsageError(message: "--clock-time: expected YYYY-MM-DDTHH:MM, got \"\(text)\"")
            }
            return t
        }
        try args.finish()

        var settings = try loader.load()
        if let physicalSize { settings.display.physicalSize = physicalSize }
        warnIfProportional(settings, width: size.width, height: size.height)
        let builder = SceneBuilder(settings: settings, width: size.width, height: size.height)
        var visual = StillFrame.visual(state: state, progress: progress, time: time, settings: settings)
        if let message { visual.notice.message = message.isEmpty ? nil : message }
        visual.notice.lockdown = lockdown
        visual.notice.heldOpen = heldOpen
        visual.notice.tampered = tampered
        visual.identify = identify
        visual.notice.outOfService = OutOfService(problems: problems)
        let text = settings.display.text
        if text.clock {
            if let fixedTime {
                visual.clock = WallClock.text(fixedTime, timeFormat: text.clockFormat, dateFormat: text.dateFormat)
            } else {
                visual.clock = WallClock.now(timeFormat: text.clockFormat, dateFormat: text.dateFormat)
            }
        }
        let scene = builder.scene(visual)
        let renderer = SceneRenderer(width: size.width, height: size.height)
        try renderer.prepare(scene)
        try renderer.render(scene)
        for warning in renderer.takeWarnings() { Console.error("slidelock: warning: \(warning)") }
        try writePNG(panelImage(renderer.canvas, rotation: rotation, format: format), to: out)
        return ExitStatus.ok
    }
}

extension Arguments {
    /// `--rotate 0|90|180|270`, default 0.
    mutating func rotation() throws(UsageError) -> Int {
        guard let text = try value("--rotate") else { return 0 }
        guard let v = Int(text), [0, 90, 180, 270].contains(v) else {
            throw UsageError(message: "--rotate: expected 0, 90, 180 or 270, got \"\(text)\"")
        }
        return v
    }
}

extension Arguments {
    /// `--physical-size WxH` (millimetres), nil when not given; `auto` is also nil.
    mutating func physicalSize() throws(UsageError) -> Size? {
        guard let text = try value("--physical-size") else { return nil }
        switch DisplaySettings.physicalSize(parsing: text) {
        case .success(let size): return size
        case .failure(let error): throw UsageError(message: "--physical-size: \(error.message)")
        }
    }
}

/// A physical size that was given but cannot be used is said on stderr, as the lock logs it.
func warnIfProportional(_ settings: Settings, width: Int, height: Int) {
    guard let mm = settings.display.physicalSize else { return }
    let screen = Size(width: Double(width), height: Double(height))
    if Layout.density(screen: screen, millimetres: mm) == nil {
        Console.error(
            "slidelock: warning: "
                + Layout.sizingDescription(screen: screen, millimetres: mm, settings: settings.layout))
    }
}

/// The logical frame as the panel scans it out: rotated, and reduced to its pixel format.
func panelImage(_ canvas: Canvas, rotation: Int, format: PixelFormat) -> Canvas {
    let rotated = rotation == 0 ? canvas : canvas.rotated(by: rotation)
    return format == .rgb565 ? rotated.quantizedToRGB565() : rotated
}

/// Encodes in memory, then writes through `OutputFile`: a new file or the caller's own
/// regular file, never a device, FIFO, /proc file or symlink.
func writePNG(_ canvas: Canvas, to path: String) throws {
    let bytes = try PNGCodec.encode(xrgb: canvas.pixels, width: canvas.width, height: canvas.height)
    try OutputFile.write(bytes, to: path)
}
