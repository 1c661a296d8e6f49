import Foundation
import Glibc
import SlideLockCore
import SlideLockPlatform

@testable import SlideLockRuntime

/// A panel for `Selftest` tests: the configuration is loaded by the real `SettingsLoader`
/// from a private directory (trusted as the test's own uid is, the way root's files are
/// for root); display, touch, readback and hook answer as set.
final class FakeRig: SelftestRig {
    let root: String
    var holder: String?
    var displayError: Error?
    var touch = ["/dev/input/event3 \"ft5x06\" (touchscreen, MT, grabbed)"]
    var readback = PatternReadback(
        outputs: [.init(name: "DSI-1", source: "fb 42 800x480 XRGB8888", compared: 384_000)])
    var colours: Bool? = true
    var slideReport: SlideReport? = SlideReport(
        landed: Point(x: 112, y: 240), thumb: Rect(x: 76, y: 204, width: 72, height: 72), travel: 600)
    var pulseReport = PulseReport(
        command: "/usr/libexec/slidelock/slidelock-relay", succeeded: true, status: "exit 0 after 512 ms",
        line: .held(line: "gpiochip0 line 17", consumer: "gpioset", direction: "output, active-high"))
    var injects = false
    /// Steps called, in order.
    var calls: [String] = []

    init(config: String = "", mode: mode_t = 0o644) {
        root = NSTemporaryDirectory() + "slidelock-selftest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(root, 0o755)
        chmod(root, 0o755)
        let path = root + "/slidelock.conf"
        _ = FileManager.default.createFile(atPath: path, contents: Data(config.utf8))
        chmod(path, mode)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func screenHolder() -> String? { holder }

    func loadSettings() throws -> Settings {
        calls.append("config")
        var loader = SettingsLoader()
        loader.systemRoot = root
        loader.policy = TrustPolicy(owner: getuid())
        return try loader.loadForLock()
    }

    func openDisplay(_ settings: Settings) throws -> String {
        calls.append("display")
        if let displayError { throw displayError }
        return "/dev/dri/card1 (vc4): DSI-1 800x480@60 (page flips) XRGB8888, rotate 0"
    }

    func touchDevices(_ settings: Settings) throws -> [String] {
        calls.append("touch")
        return touch
    }

    func showPattern() throws -> PatternReadback {
        calls.append("readback")
        return readback
    }

    func confirmColours(timeout: Double) throws -> Bool? {
        calls.append("colours")
        return colours
    }

    func slide(timeout: Double) throws -> SlideReport? {
        calls.append("slide")
        return slideReport
    }

    func pulse(_ settings: Settings) throws -> PulseReport {
        calls.append("pulse")
        return pulseReport
    }
}
