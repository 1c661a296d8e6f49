@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

/// `slidelock bench`: frame times of the software renderer. Prints numbers, never judges them.
enum BenchCommand {
    static let help = """
        Usage: slidelock bench [--frames N] [--best-of N] [--sizes WxH,...] [--kinds full,thumb,hue]
                               [--startup N] [--theme NAME] [--config FILE] [--set K=V]

        Median and 95th-percentile milliseconds per frame for a full redraw, an incremental
        frame where only the dragged thumb moved, and one where only the hue changed (the lock
        untouched, its thumb at rest); then the time to copy the damaged pixels into a
        scanout-like buffer (row by row, sequential writes only, as into write-combined
        memory). --best-of N keeps the lowest median of N runs of each kind.
        Tests/Tools/render-budget.sh compares these with cairo drawing the same frame.
        Last, start-up: exec of a fresh process to its first frame rendered (headless, no PNG),
        the median of --startup N runs (0 skips it). Build as shipped for meaningful numbers:
        swift build -c release --static-swift-stdlib (a dynamic Swift runtime slows start-up).
        """

    enum Kind: String, CaseIterable { case full, thumb, hue }

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        // The start-up child: what the lock screen does before its first frame, then the time.
        if let size = try args.size("--startup-child") {
            let loader = try SettingsLoader(consuming: &args)
            try args.finish()
            return try startupChild(settings: loader.load(), width: size.width, height: size.height)
        }
        // The start-up child loads the same configuration: pass the config flags on.
        var configArgs: [String] = []
        for (i, arg) in argv.enumerated() {
            let flags = ["--config", "--set", "--theme"]
            if flags.contains(arg) && i + 1 < argv.count { configArgs += [arg, argv[i + 1]] }
            if flags.contains(where: { arg.hasPrefix($0 + "=") }) { configArgs.append(arg) }
        }
        let loader = try SettingsLoader(consuming: &args)
        let frames = Int(try args.number("--frames", in: 5...100_000) ?? 300)
        let bestOf = Int(try args.number("--best-of", in: 1...100) ?? 1)
        let startupRuns = Int(try args.number("--startup", in: 0...1000) ?? 20)
        let sizeList = try args.value("--sizes") ?? "800x480,1280x800,1920x1080"
        var kinds: [Kind] = []
        for name in (try args.value("--kinds") ?? "full,thumb,hue").split(separator: ",") {
            guard let kind = Kind(rawValue: String(name)) else {
                throw UsageError(message: "--kinds: expected full, thumb or hue, got \"\(name)\"")
            }
            kinds.append(kind)
        }
        var sizes: [(width: Int, height: Int)] = []
        for item in sizeList.split(separator: ",") {
            var one = Arguments(["--sizes", String(item)])
            if let size = try one.size("--sizes") { sizes.append(size) }
        }
        try args.finish()
        let settings = try loader.load()
        for size in sizes {
            try bench(
                settings: settings, width: size.width, height: size.height, frames: frames, bestOf: bestOf,
                kinds: kinds)
        }
        if startupRuns > 0 { try startup(runs: startupRuns, configArgs: configArgs) }
        return ExitStatus.ok
    }

    private static func bench(
        settings: Settings, width: Int, height: Int, frames: Int, bestOf: Int,
        kinds: [Kind]
    ) throws {
        let builder = SceneBuilder(settings: settings, width: width, height: height)
        let fonts = try LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight)
        let renderer = SceneRenderer(width: width, height: height, fonts: fonts)
        let scanout = ScanoutBuffer(width: width, height: height)
        var v = ControlVisual(state: .dragging, progress: 0.3)
        try renderer.render(builder.scene(v))
        let name = "\(width)x\(height)"
        for kind in kinds {
            var render = Timing(median: .infinity, p95: .infinity)
            var copy = render
            var pixels = 0
            for _ in 0..<bestOf {
                // The hue animates while the lock waits untouched: the thumb at rest at home.
                v =
                    kind == .hue
                    ? ControlVisual(state: .locked, progress: 0) : ControlVisual(state: .dragging, progress: 0.3)
                try renderer.render(builder.scene(v))
                let r = try measure(frames) { i in
                    step(&v, kind, frame: i, renderer)
                    try renderer.render(builder.scene(v))
                }
                // The same frames again, untimed, for what each one damages: the copy is
                // timed apart, frame by frame, as each frame's damage would reach the screen.
                // (A drag's damage changes: the fill grows, and the label's box is in it while it fades.)
                var damages: [[PixelRect]] = []
                damages.reserveCapacity(frames)
                for i in 0..<frames {
                    step(&v, kind, frame: i, renderer)
                    damages.append(try renderer.render(builder.scene(v)))
                }
                let c = measure(frames) { i in scanout.copy(from: renderer.canvas, damage: damages[i]) }
                render = render.best(r)
                copy = copy.best(c)
                pixels = damages.map { $0.reduce(0) { $0 + $1.area } }.sorted()[frames / 2]
            }
            Console.out(
                "\(name) \(kind.rawValue.padding(5)) median \(ms(render.median)) ms p95 \(ms(render.p95)) ms;"
                    + " scanout copy \(ms(copy.median)) ms (\(pixels) px, the median frame)")
        }
        Console.flush()
    }

    /// Frame `i` of a kind's sequence: what changes from the frame before.
    private static func step(_ v: inout ControlVisual, _ kind: Kind, frame i: Int, _ renderer: SceneRenderer) {
        switch kind {
        case .full:
            v.progress = 0.3 + Double(i % 2) * 0.01
            renderer.invalidate()
        case .thumb: v.progress = 0.2 + Double(i % 100) * 0.005
        case .hue: v.hueDegrees = -20 + Double(i % 80) * 0.5
        }
    }

    /// Runs this binary `runs` times as a start-up child and reports exec -> first frame.
    private static func startup(runs: Int, configArgs: [String]) throws {
        var times: [Double] = []
        var fontSets = 0
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            let out = try runChild(["/proc/self/exe", "bench", "--startup-child", "800x480"] + configArgs)
            let fields = out.split(separator: " ")
            guard fields.count == 2, let end = Double(fields[0]), let sets = Int(fields[1]) else {
                throw RunError(description: "the start-up child printed \"\(out)\"")
            }
            times.append(end - start)
            fontSets = sets
        }
        times.sort()
        Console.out(
            "start-up 800x480: exec to first frame rendered median \(ms(times[runs / 2])) ms"
                + " min \(ms(times[0])) ms (\(runs) runs, headless, no PNG); font sets opened: \(fontSets)")
        Console.flush()
    }

    /// The lock screen's path to its first frame: settings, fonts opened once, one render.
    private static func startupChild(settings: Settings, width: Int, height: Int) throws -> Int32 {
        let fonts = try LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight)
        let builder = SceneBuilder(settings: settings, width: width, height: height)
        let renderer = SceneRenderer(width: width, height: height, fonts: fonts)
        let scene = builder.scene(StillFrame.visual(state: .locked, progress: 0, time: 0, settings: settings))
        try renderer.prepare(scene)
        try renderer.render(scene)
        let end = MonotonicClock.now()
        Console.out("\(end) \(1 + renderer.openedFontSets)")
        return ExitStatus.ok
    }

    /// Starts `arguments` with stdout on a pipe and returns what it printed, trimmed.
    private static func runChild(_ arguments: [String]) throws -> String {
        var fds: [Int32] = [0, 0]
        try systemCall("pipe") { pipe(&fds) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard code == 0 else { throw SystemError(operation: "posix_spawn \(arguments[0])", errno: code) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = (try? systemCall("read") { read(fds[0], &buffer, buffer.count) }) ?? -1
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        var status: Int32 = 0
        _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
        let text = String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard status == 0 else { throw RunError(description: "the start-up child failed (wait status \(status))") }
        return text
    }

    struct Timing {
        var median: Double, p95: Double
        func best(_ other: Timing) -> Timing { other.median < median ? other : self }
    }

    private static func measure(_ n: Int, _ body: (Int) throws -> Void) rethrows -> Timing {
        var times: [Double] = []
        times.reserveCapacity(n)
        for i in 0..<n {
            let start = MonotonicClock.now()
            try body(i)
            times.append(MonotonicClock.now() - start)
        }
        times.sort()
        return Timing(median: times[n / 2], p95: times[min(n - 1, n * 95 / 100)])
    }

    private static func ms(_ seconds: Double) -> String {
        let micro = clampedInt((seconds * 1e6).rounded())
        let frac = micro % 1000
        return "\(micro / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
    }
}

/// Stands in for a mapped dumb buffer: damaged rows are copied into it front to back, the
/// only access pattern write-combined scanout memory is fast at. Rows are 64-byte aligned
/// like a DRM pitch.
final class ScanoutBuffer {
    let pitch: Int
    let pixels: UnsafeMutablePointer<UInt32>
    private let count: Int

    init(width: Int, height: Int) {
        pitch = (width + 15) / 16 * 16
        count = pitch * height
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    deinit { pixels.deallocate() }

    func copy(from canvas: Canvas, damage: [PixelRect]) {
        for r in damage {
            for y in r.y..<r.maxY {
                (pixels + y * pitch + r.x).update(from: canvas.pixels + y * canvas.width + r.x, count: r.width)
            }
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
