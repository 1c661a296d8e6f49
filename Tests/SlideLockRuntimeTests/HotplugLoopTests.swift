import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// A display whose outputs come and go on a script (what `DRMDisplay.reprobe` reports).
final class HotplugDisplay: PanelDisplay {
    var outputs: [ScriptPanel]
    /// Outputs that come when the next re-probe happens, and names that go.
    var nextChange: (add: [ScriptPanel], remove: [String]) = ([], [])
    var reprobes = 0
    /// Called after each re-probe with its count.
    var onReprobe: (Int) -> Void = { _ in }
    init(_ outputs: [ScriptPanel]) { self.outputs = outputs }
    var panels: [PanelOutput] { outputs }
    var eventDescriptor: Int32? { nil }
    func handleEvents() throws {}
    var isFlipPending: Bool { false }
    func close() {}
    var deviceDescription: String { "fake" }
    func reprobe() throws -> OutputHotplug {
        reprobes += 1
        var change = OutputHotplug()
        outputs.removeAll { nextChange.remove.contains($0.name) }
        change.removed = nextChange.remove
        outputs += nextChange.add
        change.added = nextChange.add
        nextChange = ([], [])
        onReprobe(reprobes)
        return change
    }
}

/// Says "hotplug" once per readable moment the clock hands out.
final class ScriptedHotplug: HotplugSource {
    let fd: Int32 = 103
    func takeDRMHotplug() -> Bool { true }
}

@Suite struct HotplugLoopTests {
    /// Still frames and no idle dim or blank: only the hotplug changes what is drawn.
    static var settings: Settings {
        var s = Settings()
        s.animation.hueEnabled = false
        s.display.power.dimAfter = 0
        s.display.power.blankAfter = 0
        return s
    }

    @Test func outputGoesAndComesBackAndTouchFollowsIt() throws {
        let clock = ScriptClock()
        let first = ScriptPanel(clock)
        let display = HotplugDisplay([first])
        let s = Self.settings
        let logs = LogBox()
        let loop = try LockLoop(
            display: display, rotations: [.upright], touchIndex: 0, settings: s,
            sources: [ScriptedHotplug(), ScriptSignals(clock), ScriptTouch(clock)],
            log: Logger(systemd: false, sink: { _, line in logs.lines.append(line) }),
            notifier: nil, waiter: clock, reload: { s })
        let second = ScriptPanel(clock)
        // t=2: the output goes (every output gone: the loop must carry on); t=4: it is back,
        // a new output object as a fresh DRMOutput would be; t=5: a swipe on it unlocks.
        clock.others = [(2, 103), (4, 103)]
        display.nextChange = ([], ["FAKE-1"])
        display.onReprobe = { n in if n == 1 { display.nextChange = ([second], []) } }
        clock.touches = IdleLoopTests.swipe(at: 5)
        clock.signals = [(10, SIGTERM)]
        let status = try loop.run()
        #expect(status == ExitStatus.ok)
        #expect(display.reprobes == 2)
        #expect(logs.lines.contains("output FAKE-1 unplugged: its buffers are released"))
        #expect(logs.lines.contains { $0.hasPrefix("output FAKE-1 connected") })
        #expect(first.presents.allSatisfy { $0.time < 2 }) // nothing drawn on the gone one
        let lit = try #require(second.presents.first)
        #expect(lit.time >= 4 && lit.time < 4.1) // lit at once
        #expect(abs(lit.level - (first.presents.first?.level ?? 0)) < 0.5) // with a whole lock frame
        #expect(clock.time >= 5.5 && clock.time < 10) // the swipe on it unlocked
    }

    @Test func theTouchOutputBackAtAnotherSizeTakesTouchOnItsNewSlider() throws {
        let clock = ScriptClock()
        let display = HotplugDisplay([ScriptPanel(clock)])
        let s = Self.settings
        let logs = LogBox()
        let touch = RemapTouch(clock)
        let loop = try LockLoop(
            display: display, rotations: [.upright], touchIndex: 0, settings: s,
            sources: [ScriptedHotplug(), ScriptSignals(clock), touch],
            log: Logger(systemd: false, sink: { _, line in logs.lines.append(line) }),
            notifier: nil, waiter: clock, reload: { s })
        // t=2 the output goes, t=3 it is back at 1280x720: its slider is longer and lower.
        let bigger = ScriptPanel(clock, width: 1280, height: 720)
        clock.others = [(2, 103), (3, 103)]
        display.nextChange = ([], ["FAKE-1"])
        display.onReprobe = { n in if n == 1 { display.nextChange = ([bigger], []) } }
        let layout = SceneBuilder(settings: s, width: 1280, height: 720).layout
        let home = layout.thumb(progress: 0)
        let end = layout.thumb(progress: 1)
        // The old 800x480 swipe misses the new thumb; one along the new track unlocks.
        clock.touches = IdleLoopTests.swipe(at: 4)
        clock.touches += [(5, [.touchDown(id: 1, point: Point(x: home.midX, y: home.midY), time: 5)])]
        for i in 1...20 {
            let t = 5 + Double(i) * 0.02
            let x = home.midX + (end.midX + 10 - home.midX) * Double(i) / 20
            clock.touches.append((t, [.touchMove(id: 1, point: Point(x: x, y: home.midY), time: t)]))
        }
        clock.touches.append((5.5, [.touchUp(id: 1, time: 5.5)]))
        clock.signals = [(10, SIGTERM)]
        #expect(try loop.run() == ExitStatus.ok)
        #expect(touch.remaps.count == 1)
        #expect(touch.remaps.first?.width == 1280 && touch.remaps.first?.height == 720)
        #expect(logs.lines.contains { $0.contains("came back at 1280x720@60: the slider is laid out for it") })
        #expect(clock.time >= 5.5 && clock.time < 10)
    }

    @Test func theTouchOutputBackInATinyModeTakesNoSlideAndSaysWhy() throws {
        let clock = ScriptClock()
        let display = HotplugDisplay([ScriptPanel(clock)])
        let s = Self.settings
        let logs = LogBox()
        let loop = try LockLoop(
            display: display, rotations: [.upright], touchIndex: 0, settings: s,
            sources: [ScriptedHotplug(), ScriptSignals(clock), RemapTouch(clock)],
            log: Logger(systemd: false, sink: { _, line in logs.lines.append(line) }),
            notifier: nil, waiter: clock, reload: { s })
        // t=2 the output goes, t=3 it is back at 64x48, where the slider has a few pixels.
        clock.others = [(2, 103), (3, 103)]
        display.nextChange = ([], ["FAKE-1"])
        display.onReprobe = { n in
            if n == 1 { display.nextChange = ([ScriptPanel(clock, width: 64, height: 48)], []) }
        }
        let layout = SceneBuilder(settings: s, width: 64, height: 48).layout
        let home = layout.thumb(progress: 0)
        let end = layout.thumb(progress: 1)
        // A slow, steady stroke along all of it, as a finger's jitter would make.
        clock.touches = [(5, [.touchDown(id: 1, point: Point(x: home.midX, y: home.midY), time: 5)])]
        for i in 1...30 {
            let t = 5 + Double(i) / 30
            let x = home.midX + (end.midX + 2 - home.midX) * Double(i) / 30
            clock.touches.append((t, [.touchMove(id: 1, point: Point(x: x, y: home.midY), time: t)]))
        }
        clock.touches.append((6.1, [.touchUp(id: 1, time: 6.1)]))
        clock.signals = [(10, SIGTERM)]
        #expect(try loop.run() == 128 + SIGTERM) // nothing opened: SIGTERM ended the lock
        #expect(
            logs.lines.contains { $0.contains("came back at 64x48@60: no slide opens until a usable mode returns") })
    }
}

/// A scripted touch source that records what it was remapped to.
final class RemapTouch: TouchSource {
    let script: ScriptTouch
    var remaps: [Size] = []
    init(_ clock: ScriptClock) { script = ScriptTouch(clock) }
    var pollDescriptors: [Int32] { script.pollDescriptors }
    func readAvailable() -> [LockEvent] { script.readAvailable() }
    func advance(to seconds: Double) -> [LockEvent] { [] }
    func takeLog() -> [LogLine] { [] }
    func nextDeadline(now: Double) -> Double? { nil }
    func remap(screen: Size, rotation: ImageRotation) { remaps.append(screen) }
}
