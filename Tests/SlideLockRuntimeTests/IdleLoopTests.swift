import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// A virtual clock and a script: `wait` jumps to the next scripted moment or deadline.
final class ScriptClock: EventWaiter {
    var time = 0.0
    /// (time, touch events) and (time, signal) in time order.
    var touches: [(Double, [LockEvent])] = []
    var signals: [(Double, Int32)] = []
    let touchFD: Int32 = 100, signalFD: Int32 = 101
    var waits = 0
    /// A paced display's next flip completion (fd 102), nil when none is in flight.
    var flipDue: Double?
    let flipFD: Int32 = 102
    /// Other descriptors that become readable at given moments (e.g. a hotplug source).
    var others: [(Double, Int32)] = []

    func now() -> Double { time }
    func wait(for descriptors: [Int32], until deadline: Double?) throws(SystemError) -> Set<Int32> {
        waits += 1
        let nextTouch = touches.first?.0
        let nextSignal = signals.first?.0
        let next = [deadline, nextTouch, nextSignal, flipDue, others.first?.0].compactMap { $0 }.min() ?? (time + 1000)
        time = max(time, next)
        var ready: Set<Int32> = []
        while let o = others.first, o.0 <= time {
            ready.insert(o.1)
            others.removeFirst()
        }
        if let t = flipDue, t <= time { ready.insert(flipFD) }
        if let t = nextTouch, t <= time { ready.insert(touchFD) }
        if let t = nextSignal, t <= time { ready.insert(signalFD) }
        return ready
    }
}

final class ScriptTouch: TouchSource {
    let clock: ScriptClock
    init(_ clock: ScriptClock) { self.clock = clock }
    var pollDescriptors: [Int32] { [clock.touchFD] }
    func readAvailable() -> [LockEvent] {
        var out: [LockEvent] = []
        while let first = clock.touches.first, first.0 <= clock.time {
            out += first.1
            clock.touches.removeFirst()
        }
        return out
    }
    func advance(to seconds: Double) -> [LockEvent] { [] }
    func takeLog() -> [LogLine] { [] }
    func nextDeadline(now: Double) -> Double? { nil }
}

final class ScriptSignals: SignalReader {
    let clock: ScriptClock
    init(_ clock: ScriptClock) { self.clock = clock }
    var fd: Int32 { clock.signalFD }
    func read() -> [Int32] {
        var out: [Int32] = []
        while let first = clock.signals.first, first.0 <= clock.time {
            out.append(first.1)
            clock.signals.removeFirst()
        }
        return out
    }
}

/// An output whose frames land at once (like fbdev): keeps the last frame's mean brightness.
final class ScriptPanel: PanelOutput {
    let clock: ScriptClock
    init(_ clock: ScriptClock, width: Int = 800, height: Int = 480) {
        self.clock = clock
        self.width = width
        self.height = height
        shown = [UInt32](repeating: 0, count: width * height)
    }
    let width: Int, height: Int
    var name: String { "FAKE-1" }
    var modeDescription: String { "\(width)x\(height)@60" }
    var completesOnVblank: Bool { paced }
    var frameInterval: Double { 1.0 / 60 }
    var lastFlipSeconds: Double?
    var firstFlipSeconds: Double?
    var flipCount = 0
    var panelRotation: Int? { nil }
    var pixelFormat: PixelFormat { .xrgb8888 }
    var paced = false
    var isFlipPending: Bool { paced && clock.flipDue != nil }
    var shown: [UInt32]
    var blanked = false
    /// Every present: when, and the mean level of the frame then on the panel.
    var presents: [(time: Double, level: Double)] = []
    func abandonFlip() {}
    func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        #expect(!blanked, "present while blank")
        for r in damage {
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { shown[y * width + x] = shadow[y * stride + x] } }
        }
        presents.append((clock.time, meanLevel))
        if paced {
            clock.flipDue = clock.time + 1.0 / 60
            return
        }
        flipCount += 1
        lastFlipSeconds = clock.time
        if firstFlipSeconds == nil { firstFlipSeconds = clock.time }
    }
    /// Mean of all channels of the shown frame.
    var meanLevel: Double {
        // Every 7th pixel: plenty for a mean, and cheap in a debug build.
        let sample = Swift.stride(from: 0, to: shown.count, by: 7).map { shown[$0] }
        return Double(sample.reduce(0) { $0 + Int(($1 >> 16) & 0xFF) + Int(($1 >> 8) & 0xFF) + Int($1 & 0xFF) })
            / Double(3 * sample.count)
    }
}

final class ScriptDisplay: PanelDisplay {
    let panel: ScriptPanel
    var blanks = 0, unblanks = 0
    init(_ panel: ScriptPanel) { self.panel = panel }
    var panels: [PanelOutput] { [panel] }
    var eventDescriptor: Int32? { panel.paced ? panel.clock.flipFD : nil }
    func handleEvents() throws {
        guard let due = panel.clock.flipDue, due <= panel.clock.time else { return }
        panel.clock.flipDue = nil
        panel.flipCount += 1
        panel.lastFlipSeconds = due
        if panel.firstFlipSeconds == nil { panel.firstFlipSeconds = due }
    }
    var isFlipPending: Bool { panel.isFlipPending }
    func close() {}
    var deviceDescription: String { "fake" }
    func blank() throws {
        panel.blanked = true
        blanks += 1
    }
    func unblank() throws {
        panel.blanked = false
        unblanks += 1
    }
}

final class FakeBacklight: BacklightControl {
    var name: String { "fake_bl" }
    var values: [Double] = []
    var restored = false
    func set(fraction: Double) throws(DisplayError) { values.append(fraction) }
    func restore() throws(DisplayError) { restored = true }
}

final class LogBox: @unchecked Sendable { var lines: [String] = [] }

@Suite struct IdleLoopTests {
    /// The thumb's home is (112, 240) on 800x480; a swipe to the end is 20 moves.
    static func swipe(at t0: Double, id: Int = 0) -> [(Double, [LockEvent])] {
        var out: [(Double, [LockEvent])] = [(t0, [.touchDown(id: id, point: Point(x: 112, y: 240), time: t0)])]
        for i in 1...20 {
            let t = t0 + Double(i) * 0.02
            out.append((t, [.touchMove(id: id, point: Point(x: 112 + 650 * Double(i) / 20, y: 240), time: t)]))
        }
        out.append((t0 + 0.5, [.touchUp(id: id, time: t0 + 0.5)]))
        return out
    }

    struct Rig {
        let clock = ScriptClock()
        let panel: ScriptPanel
        let display: ScriptDisplay
        let loop: LockLoop
        let logs = LogBox()

        init(
            backlight: FakeBacklight?, hue: Bool = true, paced: Bool = false, dim: Double = 10, blank: Double = 20,
            reloaded: ((inout Settings) -> Void)? = nil
        ) throws {
            panel = ScriptPanel(clock)
            panel.paced = paced
            display = ScriptDisplay(panel)
            var s = Settings()
            s.theme.fonts = ["DejaVu Sans"]
            s.animation.hueEnabled = hue
            s.display.power.dimAfter = dim
            s.display.power.blankAfter = blank
            s.display.power.dimLevel = 0.25
            s.display.power.brightness = 0.8
            var fresh = s
            reloaded?(&fresh)
            let box = logs
            let log = Logger(verbose: true, systemd: false, sink: { _, line in box.lines.append(line) })
            let idle = IdleControl(settings: s, backlight: backlight, hook: [], output: "FAKE-1", now: 0, log: log)
            loop = try LockLoop(
                display: display, rotations: [.upright], touchIndex: 0, settings: s,
                sources: [ScriptSignals(clock), ScriptTouch(clock), idle], log: log, notifier: nil,
                waiter: clock, reload: { [fresh] in fresh })
        }
    }

    @Test func drawsDarkerThenBlanksAndTheWakeSwipeNeverUnlocks() throws {
        let rig = try Rig(backlight: nil, hue: false)
        rig.clock.touches = Self.swipe(at: 30) + Self.swipe(at: 32)
        rig.clock.signals = [(40, SIGTERM)]
        // Exit mode: the second swipe exits 0; the first only wakes.
        let status = try rig.loop.run()
        #expect(status == ExitStatus.ok)
        #expect(rig.display.blanks == 1 && rig.display.unblanks == 1)
        for line in ["idle: dim", "idle: blank", "idle: wake touch"] { #expect(rig.logs.lines.contains(line)) }
        #expect(rig.clock.time >= 32.5 && rig.clock.time < 40)
        let p = rig.panel.presents
        let lit = try #require(p.first { $0.time < 10 }).level
        let dim = try #require(p.first { $0.time >= 10 && $0.time < 20 })
        #expect(abs(dim.time - 10) < 0.05)
        #expect(abs(dim.level - lit * 0.25) < 1, "lit \(lit), dim \(dim.level)")
        #expect(!p.contains { $0.time > 10.1 && $0.time < 30 }) // still while dim, nothing while blank
        let woke = try #require(p.first { $0.time >= 30 })
        #expect(abs(woke.level - lit) < 0.5, "the wake frame is the whole lit lock screen")
        // The blank's wait had no deadline at all: the process slept until the touch.
        #expect(rig.clock.waits < 200)
    }

    @Test func reloadWakesAndTakesTheNewTimings() throws {
        let bl = FakeBacklight()
        let rig = try Rig(backlight: bl, hue: false, dim: 10, blank: 20) {
            $0.display.power.dimAfter = 3
            $0.display.power.blankAfter = 0
            $0.display.power.brightness = 0.5
        }
        rig.clock.signals = [(12, SIGHUP), (40, SIGTERM)]
        #expect(try rig.loop.run() == 128 + SIGTERM)
        // 0.8 at start, dim at 10, woken and re-lit at 0.5 by the reload at 12, dim again at
        // 15 with the new timings, never blank.
        #expect(bl.values == [0.8, 0.2, 0.8, 0.5, 0.125])
        #expect(rig.display.blanks == 0)
    }

    @Test func backlightFollowsThePowerAndIsRestored() throws {
        let bl = FakeBacklight()
        do {
            let rig = try Rig(backlight: bl, hue: false)
            rig.clock.touches = [
                (25, [.touchDown(id: 0, point: Point(x: 400, y: 100), time: 25)]),
                (25.1, [.touchUp(id: 0, time: 25.1)]),
            ]
            rig.clock.signals = [(26, SIGTERM)]
            #expect(try rig.loop.run() == 128 + SIGTERM)
            #expect(bl.values == [0.8, 0.8 * 0.25, 0, 0.8])
            // With a backlight the frame is not drawn darker.
            let p = rig.panel.presents
            #expect(!p.contains { $0.time >= 10 && $0.time < 25 })
        }
        #expect(bl.restored)
    }

    @Test(arguments: [false, true]) func sigusr2Wakes(paced: Bool) throws {
        let rig = try Rig(backlight: nil, hue: true, paced: paced, dim: 1, blank: 2)
        rig.clock.signals = [(3, SIGUSR2), (3.5, SIGTERM)]
        #expect(try rig.loop.run() == 128 + SIGTERM)
        #expect(rig.display.unblanks == 1)
        #expect(rig.logs.lines.contains("idle: wake signal"))
        // Hue on: frames flow while awake, none from the dim (1 s) until the wake (3 s).
        let p = rig.panel.presents
        #expect(p.filter { $0.time < 1 }.count > 30)
        #expect(p.filter { $0.time > 1.1 && $0.time < 3 }.isEmpty)
        #expect(p.filter { $0.time >= 3 }.count > 10)
        let lit = try #require(p.last { $0.time < 1 }).level
        let dim = try #require(p.last { $0.time >= 1 && $0.time < 3 }).level
        #expect(abs(dim - lit * 0.25) < 1.5, "lit \(lit), dim \(dim)")
    }

}
