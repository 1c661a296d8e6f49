import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock selftest`: proves an installed panel works (configuration, display, touch,
/// relay) without trying the door, one `PASS`/`FAIL`/`SKIP` line per check.
enum SelftestCommand {
    static let help = """
        Usage: slidelock selftest [--inject] [--pulse] [--timeout SECONDS] [--config FILE] [--set KEY=VALUE]

        Checks the panel as the lock screen would use it, one line per check (PASS, FAIL or SKIP):
          config    the configuration loads and every file it names is trusted
          display   the card, outputs and modes the lock would light
          touch     the touchscreens the lock would read
          readback  a test pattern is shown and read back from the kernel (the CRTC's framebuffer)
          colours   you confirm the colours by touch: the bars for yes, the band below for no
          slide     you slide the thumb: where the finger landed against where the thumb is drawn
          hook      with --pulse only (it opens the door): the unlock hook runs once, as after a
                    slide, with SLIDELOCK_SELFTEST=1; its exit status
          relay     with --pulse, when the hook is slidelock relay pulse: who held the relay line
                    (relay.line) and as what while the hook ran

          --inject           answer by a virtual touchscreen (uinput) instead of a finger
          --pulse            run the unlock hook (opens the door)
          --timeout SECONDS  how long to wait for each touch (30)
          --config FILE, --set SECTION.KEY=VALUE, --theme NAME   as for the lock screen

        Refuses while the lock screen runs (stop it first: sudo systemctl stop slidelock).
        Exit status: 0 when no check failed, 1 otherwise, 2 bad command line.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") {
            Console.out(help)
            return ExitStatus.ok
        }
        let loader = try SettingsLoader(consuming: &args)
        let inject = args.flag("--inject")
        let options = Selftest.Options(
            pulse: args.flag("--pulse"), timeout: try args.number("--timeout", in: 1...3600) ?? 30)
        try args.finish()
        let rig = PanelRig(
            loader: loader, injects: inject, pattern: patternPixels, relayLine: { try relayLine(loader) },
            say: {
                Console.out($0)
                Console.flush()
            })
        defer { rig.close() }
        let results = Selftest.run(rig, options: options) {
            Console.out($0.line)
            Console.flush()
        }
        return SelftestResult.exitStatus(results)
    }

    /// The drm-smoke picture (its first frame), captured as the pixels it presents.
    static func patternPixels(width: Int, height: Int) -> [UInt32] {
        let capture = CapturedFrame(width: width, height: height)
        try? SmokePattern(width: width, height: height).present(on: capture, full: true)
        return capture.pixels
    }

    /// The relay's chip and line: `relay.line`, or the old settings file's while it is
    /// unset (`RelaySource`; `SLIDELOCK_RELAY_DEFAULTS` names another file).
    static func relayLine(_ loader: SettingsLoader) throws -> (chip: String, line: Int) {
        let (relay, log) = RelaySource.settings(try loader.load(), policy: loader.policy)
        if let error = log.first(where: { $0.level == .error }) { throw RunError(description: error.text) }
        guard let (chip, line) = ButtonSettings.parse(relay.line) else {
            throw RunError(description: "relay.line is not set")
        }
        return (chip, line)
    }
}

/// A frame sink that keeps what is presented to it.
private final class CapturedFrame: FrameSink {
    let width: Int
    let height: Int
    var pixels: [UInt32]
    var isFlipPending: Bool { false }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height)
    }

    func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = shadow[y * stride + x] }
        }
    }
}
