@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime
import SlideLockRender

/// `slidelock bench`: frame times of the software renderer. Prints numbers, never judges them.
enum BenchCommand {
    static let help = """
    Usage: slidelock bench [--frames N] [--sizes WxH,WxH,...] [--theme NAME] [--config FILE] [--set K=V]

    Median and 95th-percentile milliseconds per frame for a full redraw, an incremental
    frame where only the thumb moved, and one where only the hue changed, next to the
    time to memset the same frame bytes. Build with -c release for meaningful numbers.
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { Console.out(help); return ExitStatus.ok }
        let loader = try SettingsLoader(consuming: &args)
        let frames = Int(try args.number("--frames", in: 5...100_000) ?? 300)
        let sizeList = try args.value("--sizes") ?? "800x480,1280x800,1920x1080"
        try args.finish()
        let settings = try loader.load()
        for item in sizeList.split(separator: ",") {
            var one = Arguments(["--size", String(item)])
            guard let size = try one.size("--size") else { continue }
            try bench(settings: settings, width: size.width, height: size.height, frames: frames)
        }
        return ExitStatus.ok
    }

    private static func bench(settings: Settings, width: Int, height: Int, frames: Int) throws {
        let builder = SceneBuilder(settings: settings, width: width, height: height)
        let renderer = SceneRenderer(width: width, height: height)
        var v = ControlVisual(state: .dragging, progress: 0.3)
        try renderer.render(builder.scene(v))
        // libc memset of the frame's bytes: the floor any redraw of every pixel pays.
        let memsetTime = measure(frames) { _ in
            _ = memset(renderer.canvas.pixels, 0x10, width * height * 4)
        }
        let full = try measure(frames) { i in
            v.progress = 0.3 + Double(i % 2) * 0.01
            renderer.invalidate()
            try renderer.render(builder.scene(v))
        }
        let thumb = try measure(frames) { i in
            v.progress = 0.2 + Double(i % 100) * 0.005
            try renderer.render(builder.scene(v))
        }
        v.progress = 0.3
        let hue = try measure(frames) { i in
            v.hueDegrees = -20 + Double(i % 80) * 0.5
            try renderer.render(builder.scene(v))
        }
        for (kind, t) in [("full", full), ("thumb", thumb), ("hue", hue)] {
            Console.out("\(width)x\(height) \(kind.padding(5)) median \(ms(t.median)) ms p95 \(ms(t.p95)) ms memset \(ms(memsetTime.median)) ms")
        }
        Console.flush()
    }

    private static func measure(_ n: Int, _ body: (Int) throws -> Void) rethrows -> (median: Double, p95: Double) {
        var times: [Double] = []
        times.reserveCapacity(n)
        for i in 0..<n {
            let start = MonotonicClock.now()
            try body(i)
            times.append(MonotonicClock.now() - start)
        }
        times.sort()
        return (times[n / 2], times[min(n - 1, n * 95 / 100)])
    }

    private static func ms(_ seconds: Double) -> String {
        let micro = Int((seconds * 1e6).rounded())
        let frac = micro % 1000
        return "\(micro / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
