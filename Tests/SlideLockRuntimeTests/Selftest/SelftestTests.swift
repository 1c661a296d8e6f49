import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

@Suite struct SelftestTests {
    static let hookConfig = "[action]\non_unlock = hook\nhook = /bin/true\n"

    func lines(_ rig: FakeRig, pulse: Bool = false) -> (lines: [String], status: Int32) {
        let results = Selftest.run(rig, options: Selftest.Options(pulse: pulse, timeout: 30))
        return (results.map(\.line), SelftestResult.exitStatus(results))
    }

    @Test func aWorkingPanelPassesEveryCheckAndSkipsTheDoor() {
        let (lines, status) = lines(FakeRig())
        #expect(lines.map { String($0.prefix(4)) } == ["PASS", "PASS", "PASS", "PASS", "PASS", "PASS", "SKIP", "SKIP"])
        #expect(lines[0] == "PASS config: loaded, every file trusted; theme default, unlock exits")
        #expect(lines[4] == "PASS colours: confirmed by touch")
        #expect(
            lines[5]
                == "PASS slide: touch landed at (112, 240), thumb drawn at (112, 240): 0 px off; slid 600 px along the track"
        )
        #expect(lines[6] == "SKIP hook: not run without --pulse (it opens the door)")
        #expect(status == 0)
    }

    @Test func refusesWhileTheLockRunsSayingHowToStopIt() {
        let rig = FakeRig()
        rig.holder = "the lock screen is running (slidelock, pid 412)"
        let (lines, status) = lines(rig)
        #expect(
            lines == [
                "FAIL screen: the lock screen is running (slidelock, pid 412): stop it first: sudo systemctl stop slidelock"
            ])
        #expect(status == 1)
        #expect(rig.calls.isEmpty)
    }

    @Test func refusesWhenAnotherProgramIsDRMMaster() {
        let rig = FakeRig()
        rig.displayError = SelftestRefusal(holder: "another program is DRM master of /dev/dri/card0")
        let (lines, status) = lines(rig)
        #expect(lines.last?.hasPrefix("FAIL screen: another program is DRM master of /dev/dri/card0: stop it") == true)
        #expect(status == 1)
        #expect(!rig.calls.contains("touch"))
    }

    @Test func anUntrustedConfigFailsAndNothingElseRuns() {
        // Group-writable: what root's policy refuses, checked here against the test's uid.
        let rig = FakeRig(config: "[theme]\nname = mint\n", mode: 0o664)
        let (lines, status) = lines(rig)
        #expect(lines[0].hasPrefix("FAIL config: "))
        #expect(lines[0].contains("slidelock.conf"))
        #expect(lines[0].contains("is writable by its group (mode 0664)"))
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(": the configuration did not load") })
        #expect(status == 1)
        #expect(rig.calls == ["config"])
    }

    @Test func aBadConfigNamesTheFileLineAndKey() {
        let rig = FakeRig(config: "[display]\nrotate = 45\n")
        let (lines, status) = lines(rig)
        #expect(lines[0].hasPrefix("FAIL config: \(rig.root)/slidelock.conf:2"))
        #expect(lines[0].contains("display.rotate") || lines[0].contains("rotate"))
        #expect(status == 1)
    }

    @Test func noTouchDeviceFailsAndSkipsWhatNeedsATouch() {
        let rig = FakeRig()
        rig.touch = []
        let (lines, status) = lines(rig)
        #expect(lines.contains("FAIL touch: no touchscreen in /dev/input (see 'slidelock list-inputs')"))
        #expect(lines.contains("SKIP colours: no touch device to answer with"))
        #expect(lines.contains("SKIP slide: no touch device"))
        #expect(lines.contains { $0.hasPrefix("PASS readback:") })
        #expect(status == 1)
        #expect(!rig.calls.contains("slide"))
    }

    @Test func noTouchDeviceWithInjectionStillRunsTheScreenChecks() {
        let rig = FakeRig()
        rig.touch = []
        rig.injects = true
        let (lines, status) = lines(rig)
        #expect(lines.contains("PASS colours: answered yes by the injected touch"))
        #expect(lines.contains { $0.hasPrefix("PASS slide: injected touch landed") })
        #expect(status == 1)
    }

    @Test func aMissingRelayLineFailsWithTheHooksStatus() {
        let rig = FakeRig(config: Self.hookConfig)
        let missing = GPIOError(chip: "gpiochip0", line: 99, problem: .noLine(lines: 8))
        rig.pulseReport = PulseReport(
            command: "/usr/libexec/slidelock/slidelock-relay", succeeded: false, status: "exited with status 4",
            line: .missing(missing.description))
        let (lines, status) = lines(rig, pulse: true)
        #expect(lines.contains("FAIL hook: /usr/libexec/slidelock/slidelock-relay: exited with status 4"))
        #expect(lines.contains("FAIL relay: gpiochip0 has no line 99 (it has 8: 0...7)"))
        #expect(status == 1)
    }

    @Test func theRelayLineSeenHeldPasses() {
        let (lines, status) = lines(FakeRig(config: Self.hookConfig), pulse: true)
        #expect(lines.contains("PASS hook: /usr/libexec/slidelock/slidelock-relay: exit 0 after 512 ms"))
        #expect(
            lines.contains(
                "PASS relay: gpiochip0 line 17 held by \"gpioset\" as an output, active-high while the hook ran"))
        #expect(status == 0)
    }

    @Test func aRelayLineNobodyDroveFails() {
        let rig = FakeRig(config: Self.hookConfig)
        rig.pulseReport.line = .neverHeld(line: "gpiochip0 line 17")
        #expect(
            lines(rig, pulse: true).lines.contains(
                "FAIL relay: gpiochip0 line 17 was never requested while the hook ran"))
    }

    @Test func pulseInExitModeHasNoHookToRun() {
        let rig = FakeRig()
        let (lines, status) = lines(rig, pulse: true)
        #expect(lines.contains("SKIP hook: action.on_unlock = exit: there is no unlock hook"))
        #expect(!rig.calls.contains("pulse"))
        #expect(status == 0)
    }

    @Test func aPatternThatDiffersOrCannotBeReadFails() {
        let rig = FakeRig()
        rig.readback = PatternReadback(outputs: [
            .init(name: "HDMI-A-1", source: "fb 7 800x480 XRGB8888", compared: 384_000, differing: 12),
            .init(name: "DSI-1", source: "cannot read it back: no buffer handle", compared: nil),
        ])
        let line = lines(rig).lines.first { $0.hasPrefix("FAIL readback:") }
        #expect(line?.contains("12 of 384000 pixels differ") == true)
        #expect(line?.contains("DSI-1: cannot read it back") == true)
    }

    @Test func coloursDeniedOrUnansweredFail() {
        let rig = FakeRig()
        rig.colours = false
        #expect(lines(rig).lines.contains { $0.hasPrefix("FAIL colours: the colours on the panel are not") })
        rig.colours = nil
        rig.slideReport = nil
        let (lines, _) = lines(rig)
        #expect(lines.contains("FAIL colours: no answer by touch within 30 s"))
        #expect(lines.contains("FAIL slide: no slide within 30 s"))
    }

    @Test func aTouchBesideTheThumbFails() {
        let rig = FakeRig()
        rig.slideReport = SlideReport(
            landed: Point(x: 400, y: 240), thumb: Rect(x: 76, y: 204, width: 72, height: 72), travel: 0)
        let line = lines(rig).lines.first { $0.hasPrefix("FAIL slide:") }
        #expect(line?.contains("288 px off") == true)
        #expect(line?.contains("check display.rotate and input.calibration") == true)
    }

    @Test func aDetailOnManyLinesStaysOneLine() {
        #expect(SelftestResult("config", .fail("a\nb")).line == "FAIL config: a; b")
        #expect(Selftest.oneLine(RunError(description: "first\nsecond\nthird")) == "first (and 2 more)")
    }
}
