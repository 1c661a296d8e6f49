import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

/// `slidelock play`: replays scripted touches on a virtual clock, rendering frame by frame.
enum PlayCommand {
    static let help = """
        Usage: slidelock play --script FILE [--frames DIR] [--contact-sheet FILE.png] [options]

        Replays touches at virtual times and renders every frame (or every Nth) to PNG,
        printing the session's events (t=1.234 unlocked) on stdout. No device, no real time.

          --script FILE            touch script: one event per line, e.g.
                                     0.000 down 120 240 / 0.016 move 130 240 / 0.500 up
                                     1.000 action ok|fail, # comments, optional id=N;
                                   or an evemu-record file from a real panel (its axes are
                                   mapped onto the screen, through the ghost-touch filter);
                                   times up to 86400 s, files up to 64 MiB; idle gaps over
                                   2 s are skipped, not rendered
          --size WxH               screen size (default 800x480)
          --fps N                  frames per virtual second (default 60)
          --frames DIR             write frame-NNNN.png files there
          --every N                write only every Nth frame (default 1)
          --contact-sheet FILE     a grid of the frames, numbered (at most 60, evenly spread)
          --columns N              contact sheet columns (default 6)
          --on-unlock exit|hook    exit mode ends the run at the unlock; hook mode shows
                                   busy until the script's `action ok|fail` line

        A flight recorder's file (/var/lib/slidelock/recordings) carries its screen size,
        rotation, settings and moments in `# slidelock-` lines: they are used (size and
        rotation unless given, and the panel's physical size: --physical-size, even auto,
        overrides it), nothing needs to be written, and the run exits 1 unless it comes to
        the recorded verdict at the recorded moment. Only its raw events touch: header
        lines carry moments (uncertain, hidden, shown, ctl) alone.
          --rotate DEG, --format F, --physical-size WxH as for 'render'
          --theme, --config, --set as for every command
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        let loader = try SettingsLoader(consuming: &args)
        guard let scriptPath = try args.value("--script") else {
            throw UsageError(message: "--script FILE is required")
        }
        let givenSize = try args.size("--size")
        let fps = try args.number("--fps", in: 1...1000) ?? 60
        let framesDir = try args.value("--frames")
        let every = Int(try args.number("--every", in: 1...100_000) ?? 1)
        let sheetPath = try args.value("--contact-sheet")
        let columns = Int(try args.number("--columns", in: 1...64) ?? 6)
        let givenRotation: Int? =
            argv.contains { $0 == "--rotate" || $0.hasPrefix("--rotate=") } ? try args.rotation() : nil
        let format = try args.choice("--format", PixelFormat.self) ?? .xrgb8888
        let mode = try args.choice("--on-unlock", UnlockMode.self)
        // Given, even as `auto`, it wins over a recording's header.
        let givenPhysicalSize = argv.contains { $0 == "--physical-size" || $0.hasPrefix("--physical-size=") }
        let physicalSize = try args.physicalSize()
        try args.finish()
        let text = try FileIO.readText(scriptPath, limit: FileIO.recordingLimit)
        let header = try RecordingHeader(parsing: text, fileName: scriptPath)
        if framesDir == nil && sheetPath == nil && header == nil {
            throw UsageError(message: "nothing to write: give --frames DIR and/or --contact-sheet FILE.png")
        }

        var settings = try loader.load()
        if let header { settings = try header.apply(to: settings, fileName: scriptPath) }
        // No hook runs in a replay: `action ok|fail` lines in the script stand in for it.
        if let mode { settings.action.mode = mode }
        let size = givenSize ?? header.map { ($0.width, $0.height) } ?? (800, 480)
        let rotation = givenRotation ?? header?.rotation ?? 0
        if givenPhysicalSize { settings.display.physicalSize = physicalSize }
        warnIfProportional(settings, width: size.width, height: size.height)
        let screen = Size(width: Double(size.width), height: Double(size.height))
        var script: TouchScript
        if let header {
            // A recorder's file: its raw events only, and its moments.
            script = try RecordingReplay.script(
                text, header: header, fileName: scriptPath, screen: screen,
                rotation: ImageRotation(degrees: rotation) ?? .upright, settings: settings)
        } else if EvemuReplay.isRecording(text) {
            // A real panel's recording, mapped onto this screen like the live device would be.
            let recording = try EvemuRecording(parsing: text, fileName: scriptPath)
            // Turned as the live device is: the panel's axes onto the rotated UI.
            script = try EvemuReplay.script(
                recording, fileName: scriptPath, screen: screen, rotation: ImageRotation(degrees: rotation) ?? .upright,
                settings: settings.input.touch)
        } else {
            script = try TouchScript.parse(text, fileName: scriptPath, screen: screen)
        }
        var replayed: [VerdictRecorder.Verdict] = []
        if let framesDir { try OutputFile.makeDirectories(framesDir) }
        let builder = SceneBuilder(settings: settings, width: size.width, height: size.height)
        // The canvas is made only when a frame is drawn: checking a recording draws none.
        var renderer: SceneRenderer?
        func drawn() -> SceneRenderer {
            if let renderer { return renderer }
            let made = SceneRenderer(width: size.width, height: size.height)
            renderer = made
            return made
        }
        let shrink = max(1, size.width / 200)
        let sheet = ContactSheet(
            frameWidth: rotation % 180 == 0 ? size.width : size.height,
            frameHeight: rotation % 180 == 0 ? size.height : size.width, shrink: shrink)
        var written = 0
        for frame in Playback(settings: settings, width: size.width, height: size.height, fps: fps, script: script) {
            for line in frame.log { Console.out(line) }
            replayed += RecordingReplay.verdicts(in: frame)
            guard frame.index % every == 0 else { continue }
            // Only frames that are written or kept on the sheet are drawn.
            var image: Canvas?
            if framesDir != nil || (sheetPath != nil && sheet.wantsNext) {
                try drawn().render(builder.scene(frame.visual))
                image = panelImage(drawn().canvas, rotation: rotation, format: format)
            }
            if let framesDir, let image {
                try writePNG(image, to: framesDir + "/" + frameName(frame.index))
                written += 1
            }
            if sheetPath != nil {
                sheet.offer(image ?? drawn().canvas, label: "\(frame.index)  t=\(seconds(frame.time))")
            }
        }
        for warning in renderer?.takeWarnings() ?? [] { Console.error("slidelock: warning: \(warning)") }
        if let sheetPath {
            sheet.thin(to: 60)
            try writePNG(try sheet.compose(columns: columns, fonts: settings.theme.fonts), to: sheetPath)
            Console.error("slidelock: contact sheet of \(sheet.count) frames in \(sheetPath)")
        }
        if let framesDir { Console.error("slidelock: \(written) frames in \(framesDir)/") }
        if let header { return compare(header, replayed, file: scriptPath) }
        return ExitStatus.ok
    }

    /// The recorded verdict against the replay's at the same moment (to the millisecond the
    /// header keeps): one line either way, 1 when they differ.
    static func compare(_ header: RecordingHeader, _ replayed: [VerdictRecorder.Verdict], file: String) -> Int32 {
        let at = seconds(header.verdictTime)
        let same = RecordingReplay.match(header, replayed)
        for warning in header.truncated {
            Console.error("slidelock: warning: \(file): the recording lost events (\(warning)): the replay may differ")
        }
        guard let same, same.name == header.verdict else {
            let got = same.map { "\($0.name)" } ?? "no verdict"
            Console.error("slidelock: \(file): recorded \(header.verdict) at t=\(at), replayed \(got) there")
            return ExitStatus.failure
        }
        Console.error("slidelock: \(file): replayed to the recorded verdict, \(header.verdict) at t=\(at)")
        return ExitStatus.ok
    }

    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    static func seconds(_ t: Double) -> String {
        let ms = clampedInt((t * 1000).rounded())
        let frac = ms % 1000
        return "\(ms / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
    }
}
