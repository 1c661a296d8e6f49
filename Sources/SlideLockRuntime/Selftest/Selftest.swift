import SlideLockCore

/// `slidelock selftest`: the checks, in order, each turned into one `SelftestResult`. Pure
/// sequencing over a `SelftestRig`; a check that needs what an earlier one could not give
/// is skipped with the reason.
public enum Selftest {
    public struct Options: Sendable {
        /// Run the unlock hook (it opens the door).
        public var pulse = false
        /// Seconds a person has for each answer by touch.
        public var timeout = 30.0
        public init(pulse: Bool = false, timeout: Double = 30) {
            self.pulse = pulse
            self.timeout = timeout
        }
    }

    /// The one line that says how to free the screen.
    static let stopHint = "stop it first: sudo systemctl stop slidelock"

    /// Runs every check; `report` hears each result as it is known.
    public static func run(
        _ rig: SelftestRig, options: Options, report: (SelftestResult) -> Void = { _ in }
    ) -> [SelftestResult] {
        var results: [SelftestResult] = []
        func add(_ name: String, _ verdict: SelftestVerdict) {
            let result = SelftestResult(name, verdict)
            results.append(result)
            report(result)
        }
        func skipRest(_ names: [String], _ why: String) { for name in names { add(name, .skip(why)) } }
        if let holder = rig.screenHolder() {
            add("screen", .fail("\(holder): \(stopHint)"))
            return results
        }
        let settings: Settings
        do { settings = try rig.loadSettings() } catch {
            add("config", .fail(oneLine(error)))
            skipRest(
                ["display", "touch", "readback", "colours", "slide", "hook", "relay"], "the configuration did not load")
            return results
        }
        add("config", .pass(configSummary(settings)))
        var hasDisplay = true
        do { add("display", .pass(try rig.openDisplay(settings))) } catch let refusal as SelftestRefusal {
            add("screen", .fail("\(refusal.holder): \(stopHint)"))
            return results
        } catch {
            add("display", .fail(oneLine(error)))
            hasDisplay = false
        }
        var hasTouch = false
        do {
            let devices = try rig.touchDevices(settings)
            hasTouch = !devices.isEmpty
            add(
                "touch",
                hasTouch
                    ? .pass(devices.joined(separator: ", "))
                    : .fail("no touchscreen in /dev/input (see 'slidelock list-inputs')"))
        } catch {
            add("touch", .fail(oneLine(error)))
        }
        if hasDisplay {
            screenChecks(rig, options: options, canTouch: hasTouch || rig.injects, add: add)
        } else {
            skipRest(["readback", "colours", "slide"], "no display")
        }
        hookChecks(rig, settings: settings, options: options, add: add)
        return results
    }

    private static func screenChecks(
        _ rig: SelftestRig, options: Options, canTouch: Bool, add: (String, SelftestVerdict) -> Void
    ) {
        do { add("readback", readbackVerdict(try rig.showPattern())) } catch { add("readback", .fail(oneLine(error))) }
        guard canTouch else {
            add("colours", .skip("no touch device to answer with"))
            add("slide", .skip("no touch device"))
            return
        }
        do {
            switch try rig.confirmColours(timeout: options.timeout) {
            case true?: add("colours", .pass(rig.injects ? "answered yes by the injected touch" : "confirmed by touch"))
            case false?: add("colours", .fail("the colours on the panel are not the six bars asked about"))
            case nil: add("colours", .fail("no answer by touch within \(seconds(options.timeout)) s"))
            }
        } catch {
            add("colours", .fail(oneLine(error)))
        }
        do {
            if let slide = try rig.slide(timeout: options.timeout) {
                add("slide", slideVerdict(slide, injected: rig.injects))
            } else {
                add("slide", .fail("no slide within \(seconds(options.timeout)) s"))
            }
        } catch {
            add("slide", .fail(oneLine(error)))
        }
    }

    private static func hookChecks(
        _ rig: SelftestRig, settings: Settings, options: Options, add: (String, SelftestVerdict) -> Void
    ) {
        guard options.pulse else {
            add("hook", .skip("not run without --pulse (it opens the door)"))
            add("relay", .skip("not watched without --pulse"))
            return
        }
        guard settings.action.mode == .hook else {
            add("hook", .skip("action.on_unlock = exit: there is no unlock hook"))
            add("relay", .skip("no unlock hook"))
            return
        }
        let report: PulseReport
        do { report = try rig.pulse(settings) } catch {
            add("hook", .fail(oneLine(error)))
            add("relay", .skip("the hook did not run"))
            return
        }
        add(
            "hook",
            report.succeeded
                ? .pass("\(report.command): \(report.status)") : .fail("\(report.command): \(report.status)"))
        add("relay", relayVerdict(report.line))
    }
}
