import Glibc
import SlideLockRender
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// The lock out of service in the loop: what systemd hears, what the glass shows, that no
/// slide opens it, and that a reload with a good config (only) ends the run to start
/// afresh; and `StartSettings`, which decides what the lock starts with.
@Suite struct OutOfServiceLoopTests {
    static let why = OutOfService(problems: ["/etc/slidelock/slidelock.conf:2: theme.name: unknown theme 'dark'"])!

    @Test func systemdHearsWhyAndTheWatchdogIsFed() throws {
        let f = try LoopFixture([], watchdog: 2, outOfService: Self.why)
        f.fullSlide(at: 101)
        f.world.endOfTest = 131
        #expect(try f.run() == 128 + SIGTERM)
        #expect(
            f.notifier.readyStatuses == [
                "out of service: /etc/slidelock/slidelock.conf:2: theme.name: unknown theme 'dark'"
            ])
        #expect(f.notifier.pets.count >= 29)
        #expect(!f.states.contains(.unlocked) && !f.states.contains(.dragging))
        #expect(f.logLines.contains { $0.contains("session: out-of-service") })
        // No red thumb anywhere: the track is gone.
        let last = try #require(f.output.shown.last)
        #expect(f.thumbX(in: last) == nil)
    }

    @Test func aBadReloadKeepsItOutOfService() throws {
        let f = try LoopFixture([], outOfService: Self.why)
        f.reloadResult = { throw ConfigErrors([.unreadable(file: "/etc/slidelock/slidelock.conf", reason: "broken")]) }
        f.world.signal(101, SIGHUP)
        #expect(try f.run() == 128 + SIGTERM)
        #expect(f.logLines.contains { $0.contains("still out of service") && $0.contains("broken") })
    }

    @Test func aGoodReloadEndsTheRunToStartAfresh() throws {
        let f = try LoopFixture([], outOfService: Self.why)
        f.world.signal(101, SIGHUP)
        #expect(try f.run() == ExitStatus.restart)
        #expect(f.logLines.contains { $0.contains("configuration good: starting afresh with it") })
    }

    /// A config that does not load: built-in defaults, every problem logged, the first shown.
    @Test func aBrokenConfigStartsOnDefaults() throws {
        let (loader, cleanup) = try Self.loader("[theme]\nname = dark\n[display]\nrotate = 45\n")
        defer { cleanup() }
        let log = LogCollector()
        let start = StartSettings(loader: loader, log: log.logger)
        #expect(log.all.isEmpty) // said once a display is there to show it too
        start.logProblems(log.logger)
        let why = try #require(start.outOfService)
        #expect(start.failure is ConfigErrors)
        #expect(why.first.hasPrefix(loader.systemRoot + "/slidelock.conf:2: theme.name: "))
        #expect(why.more == 1)
        #expect(start.settings == Settings())
        #expect(start.fonts != nil)
        #expect(log.all.filter { $0.contains("out of service: \(loader.systemRoot)/slidelock.conf:") }.count == 2)
    }

    /// A config that loads but names a font that does not open: its settings stay (the way
    /// out with them), with the built-in fonts.
    @Test func aMissingFontKeepsTheConfigWithTheBuiltInFonts() throws {
        let (loader, cleanup) = try Self.loader(
            "[theme]\nfonts = /nonexistent/font.ttf\nlabel = Push\n[gesture]\ntap_to_open = on\n")
        defer { cleanup() }
        let start = StartSettings(loader: loader, log: LogCollector().logger)
        let why = try #require(start.outOfService)
        #expect(why.first.contains("/nonexistent/font.ttf"))
        #expect(start.settings.theme.fonts == Settings().theme.fonts)
        #expect(start.settings.theme.labelText == "Push" && start.settings.gesture.tapToOpen)
    }

    @Test func aMissingHookKeepsTheConfig() throws {
        let (loader, cleanup) = try Self.loader("[action]\non_unlock = hook\nhook = /nonexistent/relay\n")
        defer { cleanup() }
        let start = StartSettings(loader: loader, log: LogCollector().logger)
        let why = try #require(start.outOfService)
        #expect(why.first.hasPrefix("action.hook: "))
        #expect(start.settings.action.mode == .hook)
    }

    @Test func aGoodConfigIsInService() throws {
        let (loader, cleanup) = try Self.loader("[display]\nrotate = 180\n")
        defer { cleanup() }
        let start = StartSettings(loader: loader, log: LogCollector().logger)
        #expect(start.outOfService == nil && start.settings.display.rotate == 180 && start.fonts != nil)
        #expect(start.failure == nil)
    }

    /// The config's start failed at the panel: the built-in defaults, that error shown.
    @Test func aPanelFailureStartsOnDefaults() {
        let start = StartSettings(defaultsFor: RunError(description: "display.touch_output: no lit output named X"))
        #expect(start.settings == Settings())
        #expect(start.outOfService?.first == "display.touch_output: no lit output named X")
        #expect(start.problems == ["display.touch_output: no lit output named X"])
    }

    /// The config's fonts opened and then the panel failed: the start on defaults keeps
    /// them, and its scenes ask for them, so no font is looked up again.
    @Test func aPanelFailureKeepsTheFontsTheConfigsStartOpened() throws {
        let fonts = try LabelFonts(["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"], weight: .bold)
        let start = StartSettings(defaultsFor: RunError(description: "display.format: no RGB565"), fonts: fonts)
        #expect(start.fonts === fonts)
        let still = StillFrame.visual(state: .locked, progress: 0, time: 0, settings: start.settings)
        let scene = SceneBuilder(settings: start.settings, width: 800, height: 480).scene(still)
        #expect(fonts.serves(scene.label))
        var rest = start.settings
        rest.theme.fonts = Settings().theme.fonts
        rest.theme.labelWeight = Settings().theme.labelWeight
        #expect(rest == Settings()) // the built-in defaults otherwise
    }

    /// A loader of one system config file with `text`, trusted as the test's own.
    static func loader(_ text: String) throws -> (SettingsLoader, () -> Void) {
        var template = Array("/tmp/slidelock-oos-XXXXXX".utf8CString)
        let dir = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        let root = String(cString: dir)
        let path = root + "/slidelock.conf"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        var loader = SettingsLoader()
        loader.systemRoot = root
        loader.policy = TrustPolicy(owner: getuid())
        return (
            loader,
            {
                unlink(path)
                rmdir(root)
            }
        )
    }
}
