import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock trace-stats FILE`: touch-to-photon latency from a `--trace` file.
enum TraceStatsCommand {
    static let help = """
        Usage: slidelock trace-stats FILE

        Summarises a trace written by 'slidelock --trace FILE': per output, the frames shown,
        the refresh interval (median time between frames), and the latency from the newest touch
        event a frame reflects (kernel timestamp) to the vblank that showed it: p50, p95, max,
        in milliseconds and in refresh intervals.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        guard let path = argv.first(where: { !$0.hasPrefix("-") }) else {
            throw UsageError(message: "needs a trace FILE")
        }
        args = Arguments(argv.filter { $0 != path })
        try args.finish()
        // A recording-sized limit: 64 MiB is some 300,000 frames, hours of animation.
        let text = try FileIO.readText(path, limit: FileIO.recordingLimit)
        let summary: TraceSummary
        do { summary = try TraceSummary.parse(text) } catch { throw RunError(description: "\(path): \(error)") }
        guard !summary.outputs.isEmpty else { throw RunError(description: "\(path): no frames") }
        for o in summary.outputs {
            func ms(_ v: Double?) -> String { v.map { format(($0 * 10_000).rounded() / 10) } ?? "-" }
            func frames(_ v: Double?) -> String {
                guard let v, let r = o.refreshSeconds, r > 0 else { return "-" }
                return format((v / r * 100).rounded() / 100)
            }
            Console.out(
                "\(o.name): \(o.frames) frames, refresh \(ms(o.refreshSeconds)) ms; input -> on screen over \(o.samples) frames: "
                    + "p50 \(ms(o.p50)) ms (\(frames(o.p50)) refreshes), p95 \(ms(o.p95)) ms (\(frames(o.p95))), max \(ms(o.max)) ms (\(frames(o.max)))"
            )
        }
        return ExitStatus.ok
    }
}
