import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// `display.physical_size = auto` filled in from the touch panel's report: at start, on a
/// reload (from the panel as it is then), in the one sizing line, and not when the report
/// is unknown or unreadable as a value of the key.
@Suite struct PhysicalSizingTests {
    /// QEMU's virtio-gpu at 800x480 reports this (EDID, 102 dpi).
    static let virtio = Size(width: 200, height: 120)

    func panel(_ mm: Size, width: Int = 800, height: Int = 480) -> (FakeOutput, FakeWorld) {
        let world = FakeWorld()
        let output = FakeOutput(name: "Virtual-1", width: width, height: height, world: world, pacing: .paced)
        output.physicalSize = mm
        return (output, world)
    }

    func settings(_ overrides: [String] = []) throws -> Settings {
        try ConfigLoader.load(sources: [], overrides: overrides)
    }

    @Test func autoTakesTheReportedSize() throws {
        let s = PhysicalSizing.filled(try settings(), reported: Self.virtio)
        #expect(s.display.physicalSize == Self.virtio)
    }

    /// `none`: a panel whose EDID lies is laid out proportionally whatever it reports.
    @Test func noneIgnoresTheReport() throws {
        let s = PhysicalSizing.filled(try settings(["display.physical_size=none"]), reported: Self.virtio)
        #expect(s.display.physicalSize == nil)
        #expect(s.display.ignoresReportedSize)
    }

    @Test func aConfiguredSizeWinsOverTheReport() throws {
        let s = PhysicalSizing.filled(try settings(["display.physical_size=108x65"]), reported: Self.virtio)
        #expect(s.display.physicalSize == Size(width: 108, height: 65))
    }

    @Test(arguments: [
        Size(width: 0, height: 0), Size(width: 203, height: 0), Size(width: 0, height: 121),
        // Over the key's 10 m: a recording's header could not be read back.
        Size(width: 20_000, height: 121), Size(width: 4_294_967_295, height: 4_294_967_295),
    ])
    func anUnknownOrUnreadableReportStaysAuto(_ reported: Size) throws {
        #expect(PhysicalSizing.filled(try settings(), reported: reported).display.physicalSize == nil)
    }

    @Test func anImplausibleReportIsKeptAndLaidOutProportionally() throws {
        // A TV reporting its aspect ratio: 16x9 mm.
        let s = PhysicalSizing.filled(try settings(), reported: Size(width: 16, height: 9))
        #expect(s.display.physicalSize == Size(width: 16, height: 9))
        let layout = SceneBuilder(settings: s, width: 800, height: 480).layout
        #expect(layout.pixelsPerMillimetre == nil)
        let proportional = SceneBuilder(settings: try settings(), width: 800, height: 480).layout
        #expect(layout == proportional)
    }

    @Test func theLineSaysWhereTheSizeCameFrom() throws {
        let (reported, _) = panel(Self.virtio)
        #expect(
            PhysicalSizing.description(try settings(), panel: reported, rotation: .upright)
                == "layout: panel 200x120 mm, 102 dpi: thumb 10 mm (size reported by Virtual-1)")
        #expect(
            PhysicalSizing.description(
                try settings(["display.physical_size=108x65"]), panel: reported, rotation: .upright)
                == "layout: panel 108x65 mm, 188 dpi: thumb 10 mm (size from display.physical_size)")
        let (unknown, _) = panel(Size(width: 0, height: 0))
        #expect(
            PhysicalSizing.description(try settings(), panel: unknown, rotation: .upright).hasPrefix(
                "layout: panel size unknown, thumb proportional to the 800x480 screen"))
        let (absurd, _) = panel(Size(width: 20_000, height: 121))
        #expect(
            PhysicalSizing.description(try settings(), panel: absurd, rotation: .upright).hasPrefix(
                "layout: panel size 20000x121 mm is implausible for 800x480"))
    }

    @Test func theLineIsSaidOnceAndAgainOnlyWhenAReloadChangesIt() throws {
        let lines = LogCollector()
        let sizing = PhysicalSizing(log: lines.logger, rotation: .upright)
        let (output, _) = panel(Self.virtio)
        _ = sizing.settings(try settings(), panel: output)
        _ = sizing.settings(try settings(["theme.background=#203040"]), panel: output)
        #expect(lines.all.count == 1)
        _ = sizing.settings(try settings(["display.physical_size=108x65"]), panel: output)
        #expect(lines.all.count == 2)
        #expect(lines.all.last?.contains("108x65 mm") == true)
    }

    /// The loop reloads through `PhysicalSizing` as `LockScreen` wires it: a monitor of
    /// another size plugged in the touch panel's place is laid out for its own size.
    @Test func aReloadDerivesTheSizeFromThePanelAsItIsThen() throws {
        let f = try LoopFixture(["animation.hue=off"], pacing: .paced, sizes: [(800, 480)])
        let sizing = PhysicalSizing(log: f.log.logger, rotation: .upright)
        f.output.physicalSize = Self.virtio
        f.reloadResult = { [settings = f.settings, output = f.output] in sizing.settings(settings, panel: output) }
        // Another panel in its place, then SIGHUP.
        f.world.at(101, fd: FakeSignals.descriptor) {
            f.output.physicalSize = Size(width: 108, height: 65)
            f.world.signals.queue.append(SIGHUP)
        }
        f.world.endOfTest = 102
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.loop.session.settings.display.physicalSize == Size(width: 108, height: 65))
        #expect(f.loop.session.layout.pixelsPerMillimetre.map { ($0 * 25.4).rounded() } == 188)
        #expect(f.logLines.contains { $0.contains("layout: panel 108x65 mm, 188 dpi") }, "\(f.logLines)")
    }
}
