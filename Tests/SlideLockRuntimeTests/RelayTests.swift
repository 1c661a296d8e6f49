import Glibc
import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// A relay line that records every level it is driven to, and can fail on the n-th drive.
final class RecordedLine: RelayOutput {
    var levels: [Bool] = []
    var failAt: Int?

    func set(_ active: Bool) throws(SystemError) {
        if let failAt, levels.count == failAt {
            levels.append(false)
            throw SystemError(operation: "GPIO_V2_LINE_SET_VALUES_IOCTL", errno: EIO)
        }
        levels.append(active)
    }
}

/// The relay's behaviour without a chip: a pulse, a pulse cut by a signal, a beep per
/// moment, a line that fails, and where its settings come from.
@Suite struct RelayTests {
    @Test func aPulseEnergisesForItsLengthThenSwitchesOff() throws {
        let line = RecordedLine()
        var waited: [Double] = []
        let ending = try RelayDriver.play([0.5], on: line) { seconds in
            waited.append(seconds)
            return nil
        }
        #expect(ending == .played && line.levels == [true, false] && waited == [0.5])
    }

    @Test func aStopSignalMidPulseSwitchesOffAtOnce() throws {
        let line = RecordedLine()
        var waits = 0
        let ending = try RelayDriver.play([0.06, 0.09, 0.06], on: line) { _ in
            waits += 1
            return SIGTERM
        }
        // Stopped in the first "on": off next, nothing of the rest of the pattern.
        #expect(ending == .stopped(SIGTERM) && line.levels == [true, false] && waits == 1)
    }

    @Test func aLineThatFailsMidPatternIsStillSwitchedOffAndTheErrorSaid() {
        let line = RecordedLine()
        line.failAt = 2 // the second beep's "on"
        #expect(throws: SystemError.self) { _ = try RelayDriver.play([0.06, 0.09, 0.06], on: line) { _ in nil } }
        #expect(line.levels.last == false && line.levels.prefix(2) == [true, false])
    }

    @Test func eachMomentHasItsBeepAndOnlyUnlockPulses() {
        #expect(RelayDriver.beepPattern(event: "slide-start") == [0.06])
        #expect(RelayDriver.beepPattern(event: "cancel") == [0.06, 0.09, 0.06])
        #expect(RelayDriver.beepPattern(event: "failed") == [0.06, 0.09, 0.06])
        #expect(RelayDriver.beepPattern(event: "unlock") == [0.4])
        #expect(RelayDriver.beepPattern(event: "sleep") == nil && RelayDriver.beepPattern(event: "") == nil)
        #expect(RelayDriver.pulses(event: nil) && RelayDriver.pulses(event: "") && RelayDriver.pulses(event: "unlock"))
        #expect(!RelayDriver.pulses(event: "slide-start") && !RelayDriver.pulses(event: "cancel"))
        #expect(RelayDriver.pulseSeconds("0.5") == 0.5)
        for bad in ["0", "61", "-1", "nan", "inf", "", "0.5s"] {
            #expect(RelayDriver.pulseSeconds(bad) == nil, "\(bad)")
        }
    }

    @Test func theOldFileIsReadWithAWarningOnlyWhileRelayHasNoLine() throws {
        let path = "/tmp/slidelock-relay-default-\(getpid())"
        let text = "RELAY_CHIP=gpiochip4\nRELAY_LINE=27\nRELAY_PULSE_MS=250\n"
        #expect(creat(path, 0o644) >= 0)
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let policy = TrustPolicy(owner: geteuid())
        var settings = Settings()
        let (old, log) = RelaySource.settings(settings, policy: policy, legacy: path)
        #expect(old.line == "gpiochip4:27" && old.pulse == 0.25)
        #expect(log.count == 1 && log[0].level == .warning && log[0].text.contains("move its settings to [relay]"))
        settings.relay.line = "gpiochip0:17"
        let (own, none) = RelaySource.settings(settings, policy: policy, legacy: path)
        #expect(own.line == "gpiochip0:17" && none.isEmpty)
        // No old file: no relay, nothing said.
        let (empty, quiet) = RelaySource.settings(Settings(), policy: policy, legacy: path + "-missing")
        #expect(empty.line.isEmpty && quiet.isEmpty)
        // A bad old file: its error, named, and no relay.
        let bad = open(path, O_WRONLY | O_TRUNC)
        _ = "RELAY_LINE=x\n".withCString { write(bad, $0, strlen($0)) }
        close(bad)
        let (broken, errors) = RelaySource.settings(Settings(), policy: policy, legacy: path)
        #expect(
            broken.line.isEmpty && errors.first?.level == .error && errors.first?.text.contains("RELAY_LINE") == true)
    }

    @Test func aRelayThatCannotBeHadStillLetsTheLockRunAndRefusesThePulse() throws {
        var relay = RelaySettings()
        relay.line = "door-relay:3"
        let log = Logger(sink: { _, _ in })
        let hold = try #require(RelayHold.open(relay, timeout: 10, log: log, devices: "/nonexistent"))
        let refusal = try #require(hold.refusal(timeout: 10))
        #expect(refusal.hasPrefix("relay.line = door-relay:3: no GPIO chip \"door-relay\""))
        #expect(hold.descriptor(timeout: 10) == nil)
        #expect(hold.environment(timeout: 10) == [RelayHold.refusedVariable: refusal])
        #expect(RelayHold.open(RelaySettings(), timeout: 10, log: log) == nil)
    }
}
