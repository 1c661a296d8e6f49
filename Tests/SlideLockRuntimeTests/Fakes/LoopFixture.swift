import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

/// A lock loop wired to fakes: build it with config overrides (the shipped defaults
/// otherwise), script the world, `run()`, then look at what the fakes saw.
final class LoopFixture {
    let world = FakeWorld()
    let display: FakeDisplay
    let settings: Settings
    let log = LogCollector()
    let notifier: FakeNotifier
    var action: FakeAction?
    /// Builds the hooks at start and on every reload, in place of `action`.
    private let make: ((Settings) throws -> UnlockAction?)?
    var reloadResult: () throws -> Settings
    var states: [LockState] = []
    var readyCalls = 0
    private(set) var loop: LockLoop!
    /// The raw-event panel behind a real touch pipeline, when asked for (`panel: true`).
    private(set) var panel: FakePanel?
    /// Entries added before the run (`add`), serviced after the signals, before touch.
    private var added: [LoopSource] = []
    private let sizes: [(Int, Int)]
    private let fonts: LabelFonts?
    private let trace: FrameTrace?
    private let outOfService: OutOfService?

    init(
        _ overrides: [String] = [], pacing: FakePacing = .paced, sizes: [(Int, Int)] = [(400, 240)],
        watchdog: Double? = nil, action: FakeAction? = nil, fonts: LabelFonts? = nil,
        panel: Bool = false, trace: FrameTrace? = nil, outOfService: OutOfService? = nil,
        make: ((Settings) throws -> UnlockAction?)? = nil
    ) throws {
        // A red thumb is easy to find in a frame; everything else stays as shipped.
        settings = try ConfigLoader.load(sources: [], overrides: ["theme.thumb_color=#FF0000"] + overrides)
        display = FakeDisplay(world: world, pacing: pacing, sizes: sizes)
        notifier = FakeNotifier(world: world, watchdog: watchdog)
        self.action = action
        self.make = make
        let settings = self.settings
        reloadResult = { settings }
        let screen = Size(width: Double(sizes[0].0), height: Double(sizes[0].1))
        self.panel = panel ? FakePanel(world: world, screen: screen, settings: settings.input.touch) : nil
        self.sizes = sizes
        self.fonts = fonts
        self.trace = trace
        self.outOfService = outOfService
        try build()
    }

    /// Adds entries to the loop's list (the button, control, idle, ...) before the run.
    func add(_ sources: LoopSource...) throws {
        added += sources
        try build()
    }

    /// The loop as the lock assembles it: signals, the added entries, touch, the hooks.
    private func build() throws {
        let hooks = try UnlockHooks(settings: settings) { [unowned self] settings in
            guard let make = self.make else { return self.action }
            return try make(settings)
        }
        let sources: [LoopSource] = [world.signals] + added + [panel ?? world.touch, hooks]
        loop = try LockLoop(
            display: display, rotations: sizes.map { _ in .upright }, touchIndex: 0, settings: settings,
            sources: sources, log: log.logger, notifier: notifier, waiter: world,
            reload: { [unowned self] in try self.reloadResult() }, fonts: fonts, trace: trace,
            outOfService: outOfService)
        loop.onState = { [unowned self] in self.states.append($0) }
        loop.onFirstFrame = { [unowned self] in self.readyCalls += 1 }
    }

    func run() throws -> Int32 { try loop.run() }

    var output: FakeOutput { display.outputs[0] }
    var layout: Layout { SceneBuilder(settings: settings, width: output.width, height: output.height).layout }

    /// The thumb's centre on the track's centre line at `progress`.
    func thumbCentre(progress: Double) -> Point {
        let r = layout.thumb(progress: progress)
        return Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2)
    }

    /// A full slide from the thumb to past the end of the track; the lift's time.
    @discardableResult
    func fullSlide(at start: Double) -> Double {
        let from = thumbCentre(progress: 0)
        let to = thumbCentre(progress: 1)
        return world.slide(start: start, from: from, to: Point(x: to.x + 10, y: to.y))
    }

    /// A finger on the thumb from `start` that drags 1 px a report at 60 Hz for a second,
    /// never far enough to unlock (the frames must keep the refresh meanwhile).
    func holdAndDrag(from start: Double) {
        let home = thumbCentre(progress: 0)
        world.touch(start, .touchDown(id: 1, point: home, time: start))
        for i in 1...60 {
            let t = start + Double(i) / 60
            world.touch(t, .touchMove(id: 1, point: Point(x: home.x + Double(i), y: home.y), time: t))
        }
    }

    /// How many frames completed between `from` and `to` (seconds, exclusive).
    func framesShown(from: Double, to: Double) -> Int {
        output.shown.filter { ($0.completed ?? 0) > from && ($0.completed ?? 0) < to }.count
    }

    /// Where the red thumb is in `frame`: the middle of its red run on the track's centre row.
    func thumbX(in frame: PresentedFrame) -> Double? {
        let y = Int(layout.track.minY + layout.track.height / 2)
        var first: Int?
        var last: Int?
        for x in 0..<output.width {
            let p = frame.pixels[y * output.width + x]
            let r = (p >> 16) & 0xFF
            let g = (p >> 8) & 0xFF
            let b = p & 0xFF
            if r > 180 && g < 100 && b < 100 {
                first = first ?? x
                last = x
            }
        }
        guard let first, let last else { return nil }
        return Double(first + last + 1) / 2
    }

    var logLines: [String] { log.all }
}
