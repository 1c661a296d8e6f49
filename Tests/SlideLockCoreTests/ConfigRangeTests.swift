import Testing

@testable import SlideLockCore

/// Every number in the configuration has a closed range, free text can go to
/// C whole, and no Double-to-Int conversion can trap.
@Suite struct ConfigRangeTests {
    func errors(_ text: String) -> [String] {
        do {
            _ = try ConfigLoader.load(sources: [ConfigSource(name: "red.conf", text: text)])
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func everyNumberKeyHasAClosedRange() {
        for key in ConfigKey.all where key.accepts.hasPrefix("number") {
            #expect(key.accepts.contains("..."), "\(key.path) accepts \(key.accepts)")
        }
    }

    /// The values the red team found `check-config` called valid, each now one located error.
    @Test(arguments: [
        ("[layout]\ntrack_min_height = 1e308\n", "red.conf:2: layout.track_min_height: 1e308 is out of range 0...4096"),
        ("[layout]\ntrack_min_height = 100000\n", "red.conf:2: layout.track_min_height: 100000 is out of range"),
        ("[animation]\nhue_period = 1e-320\n", "red.conf:2: animation.hue_period: 1e-320 is out of range 0.05...600"),
        (
            "[input]\ncalibration = 1e20 0 0 0 1 0\n",
            "red.conf:2: input.calibration: bad calibration \"1e20 0 0 0 1 0\" (each number must be within -10...10)"
        ),
        ("[action]\ncooldown = 1e308\n", "red.conf:2: action.cooldown: 1e308 is out of range 0...300"),
        ("[action]\ntimeout = 1e308\n", "red.conf:2: action.timeout: 1e308 is out of range 0.1...600"),
        (
            "[animation]\nunlocked_duration = 1e308\n",
            "red.conf:2: animation.unlocked_duration: 1e308 is out of range 0.05...300"
        ),
        ("[animation]\nspring_response = 1e-300\n", "red.conf:2: animation.spring_response: 1e-300 is out of range"),
        ("[theme]\nthumb_border_width = 1e9\n", "red.conf:2: theme.thumb_border_width: 1e9 is out of range 0...100"),
        ("[gesture]\nhit_slop = 1e9\n", "red.conf:2: gesture.hit_slop: 1e9 is out of range 0...200"),
        (
            "[theme]\nicon_transition_delay = 1e308\n",
            "red.conf:2: theme.icon_transition_delay: 1e308 is out of range 0...10"
        ),
        (
            "[theme]\nicon_transition_duration = 0\n",
            "red.conf:2: theme.icon_transition_duration: 0 is out of range 0.01...10"
        ),
        ("[theme]\nicon_transition_scale = -1\n", "red.conf:2: theme.icon_transition_scale: -1 is out of range 0...1"),
        (
            "[theme]\nicon_transition = fade\n",
            "red.conf:2: theme.icon_transition: bad value \"fade\" (expected cut or fade-scale)"
        ),
        ("[theme]\nlabel = a\u{0}b\n", "red.conf:2: theme.label: contains a NUL character"),
        ("[theme]\nlabel = bad \u{FFFD} text\n", "red.conf:2: theme.label: is not valid UTF-8"),
        ("[theme]\nfonts = DejaVu Sans, /x\u{0}.ttf\n", "red.conf:2: theme.fonts: contains a NUL character"),
        ("[display]\nfbdev = /dev/fb0\u{0}x\n", "red.conf:2: display.fbdev: contains a NUL character"),
        ("[action]\nhook = /bin/true\u{0}\n", "red.conf:2: action.hook: contains a NUL character"),
    ])
    func hostileValuesAreLocatedErrors(text: String, message: String) {
        let lines = errors(text)
        #expect(lines.count == 1 && lines[0].hasPrefix(message), "\(lines)")
    }

    @Test func aHugeMinimumHeightStaysOnTheScreen() {
        var s = LayoutSettings()
        s.trackMinHeight = 4096
        let layout = Layout(screen: Size(width: 800, height: 480), theme: .default, settings: s, rightToLeft: false)
        #expect(layout.track.height == 480)
    }

    @Test func clampedIntNeverTraps() {
        #expect(clampedInt(.nan) == 0)
        #expect(clampedInt(.infinity) == 1 << 50 && clampedInt(-.infinity) == -(1 << 50))
        #expect(clampedInt(1e308) == 1 << 50)
        #expect(clampedInt(-3.7) == -3 && clampedInt(12.9) == 12)
        #expect(sine(.infinity) == 0 && sine(.nan) == 0 && exponential(.nan) == 0)
        #expect(Rect(x: -1e308, y: .nan, width: 1e308, height: 1).enclosingPixels.width >= 0)
        #expect(LockLogEntry(time: 1e300, name: "x", detail: nil).description.hasPrefix("t="))
    }

    @Test func ghostFilterLogsHugePositionsWithoutTrapping() {
        var filter = GhostFilter(screen: Size(width: 800, height: 480))
        _ = filter.filter(TouchSample(kind: .down, id: 1, position: Point(x: 400, y: 240), time: 0))
        let out = filter.filter(TouchSample(kind: .move, id: 1, position: Point(x: 1e300, y: -1e300), time: 0.01))
        #expect(out.log.count == 1)
    }
}
