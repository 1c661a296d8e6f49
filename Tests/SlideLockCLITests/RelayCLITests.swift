import Foundation
import Glibc
import Testing

/// `slidelock relay` through the real binary, where no GPIO chip is needed: what it does
/// with no relay, with a refused or bad one, and with settings in the old file.
@Suite struct RelayCLITests {
    /// The system configuration root: an empty directory, so only `--set` and the variables count.
    static let root = TrustedFilesTests.directory("relay-root")
    static func run(_ args: [String], _ extra: [String: String] = [:]) throws -> CLITests.Run {
        var environment = ["SLIDELOCK_CONFIG_ROOT": root, "SLIDELOCK_RELAY_DEFAULTS": root + "/none"]
        for (key, value) in extra { environment[key] = value }
        return try CLITests.run(["relay"] + args, environment: environment)
    }

    @Test func withNoRelayLineOffAndPrestartDoNothingAndPulseSaysWhatToSet() throws {
        let off = try Self.run(["off"])
        #expect(off.status == 0 && off.stdout.contains("[relay] has no line; nothing to do"), "\(off.stderr)")
        #expect(try Self.run(["prestart"]).status == 0)
        let pulse = try Self.run(["pulse"])
        #expect(pulse.status == 2 && pulse.stderr.contains("relay.line is not set"), "\(pulse.stderr)")
        // Events other than unlock do nothing at all, settings or not.
        #expect(try Self.run(["pulse"], ["SLIDELOCK_EVENT": "slide-start"]).status == 0)
    }

    @Test func aPulseTheLockRefusedIsRefusedWithItsReason() throws {
        let r = try Self.run(["pulse"], ["SLIDELOCK_RELAY_REFUSED": "relay.line = x:1: no GPIO chip \"x\""])
        #expect(r.status == 2 && r.stderr == "slidelock relay: pulse refused: relay.line = x:1: no GPIO chip \"x\"\n")
    }

    @Test func aBadHandOverIsRefusedAndNothingIsDriven() throws {
        let notALine = try Self.run(["pulse"], ["SLIDELOCK_RELAY_FD": "0", "SLIDELOCK_RELAY_PULSE": "0.5"])
        #expect(notALine.status == 4 && notALine.stderr.contains("inherited descriptor 0"), "\(notALine.stderr)")
        let badPulse = try Self.run(["pulse"], ["SLIDELOCK_RELAY_FD": "4", "SLIDELOCK_RELAY_PULSE": "120"])
        #expect(badPulse.status == 2 && badPulse.stderr.contains("SLIDELOCK_RELAY_PULSE=120"), "\(badPulse.stderr)")
    }

    @Test func aMissingChipIsNamedWithTheKeyAndTheLineIsNotDriven() throws {
        let r = try Self.run(["pulse", "--set", "relay.line=nochip:3"])
        #expect(r.status == 4 && r.stderr.contains("relay.line = nochip:3: no GPIO chip \"nochip\""), "\(r.stderr)")
        let check = try Self.run(["check", "--set", "relay.line=nochip:3", "--set", "relay.pulse=12"])
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("relay.pulse = 12 does not end before action.timeout = 10"))
        #expect(check.stderr.contains("no GPIO chip \"nochip\""))
        let beep = try Self.run(["beep"], ["SLIDELOCK_EVENT": "unlock"])
        #expect(beep.status == 2 && beep.stderr.contains("relay.buzzer is not set"), "\(beep.stderr)")
        #expect(try Self.run(["beep"], ["SLIDELOCK_EVENT": "sleep"]).status == 0)
    }

    @Test func theOldSettingsFileIsReadWithOneWarning() throws {
        let file = Self.root + "/old-relay"
        TrustedFilesTests.write(file, "RELAY_CHIP=nochip\nRELAY_LINE=3\n")
        let r = try Self.run(["check"], ["SLIDELOCK_RELAY_DEFAULTS": file])
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("move its settings to [relay]") }
        #expect(warnings.count == 1 && r.stderr.contains("relay.line = nochip:3"), "\(r.stderr)")
    }

    @Test func anUnknownCommandIsAUsageError() throws {
        let r = try Self.run(["open"])
        #expect(r.status == 2 && r.stderr.contains("unknown command \"open\""))
        #expect(try Self.run([]).status == 2)
    }
}
