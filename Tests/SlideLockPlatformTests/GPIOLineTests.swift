import Glibc
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// The GPIO edges shared by every `CHIP:LINE` key, without a chip: how a chip is chosen,
/// what an output line's request asks for, and the words of each refusal. (The VM tests
/// lock-relay, systemd-unit and lock-button use real gpio-sim chips.)
@Suite struct GPIOLineTests {
    let chips = [
        GPIOChips.Entry(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", name: "gpiochip0"),
        GPIOChips.Entry(path: "/dev/gpiochip1", label: "door-btn", name: "gpiochip1"),
        GPIOChips.Entry(path: "/dev/gpiochip2", label: "door-btn", name: "gpiochip2"),
    ]

    @Test func aLabelTwoChipsCarryMatchesBothAndIsRefusedNamingThem() {
        #expect(GPIOChips.matches("door-btn", among: chips).map(\.path) == ["/dev/gpiochip1", "/dev/gpiochip2"])
        #expect(GPIOChips.matches("pinctrl-bcm2711", among: chips).map(\.path) == ["/dev/gpiochip0"])
        #expect(GPIOChips.matches("gpiochip2", among: chips).map(\.path) == ["/dev/gpiochip2"])
        #expect(GPIOChips.matches("nothing", among: chips).isEmpty)
        let error = GPIOLineError(
            key: "input.button", line: "door-btn:5",
            problem: .ambiguous("door-btn", chips: ["/dev/gpiochip1", "/dev/gpiochip2"]))
        #expect(
            error.description
                == "input.button = door-btn:5: 2 GPIO chips are labelled \"door-btn\" (/dev/gpiochip1, /dev/gpiochip2): "
                + "name one by its path")
    }

    /// Two chips carrying one label, as files a test can make: a directory of "chips" that are
    /// not chips finds none, and says which it looked at (a real pair is the VM's).
    @Test func aDirectoryWithoutChipsNamesWhatItLookedFor() {
        let dir = "/tmp/slidelock-gpio-\(getpid())"
        mkdir(dir, 0o755)
        defer { rmdir(dir) }
        #expect(throws: GPIOLineError(key: "relay.line", line: "door:1", problem: .noChip("door", found: []))) {
            _ = try GPIOOutputLine.request("door:1", activeLow: false, key: "relay.line", consumer: "t", devices: dir)
        }
        #expect(throws: GPIOLineError(key: "relay.line", line: "door", problem: .badLine)) {
            _ = try GPIOOutputLine.request("door", activeLow: false, key: "relay.line", consumer: "t", devices: dir)
        }
    }

    @Test func theOutputRequestStartsInactiveAtItsActiveLevel() {
        let r = GPIOOutputLine.lineRequest(offset: 17, activeLow: true, consumer: "slidelock-relay")
        #expect(r.offsets.0 == 17 && r.num_lines == 1)
        // The uAPI's numbers (linux/gpio.h, ABI): ACTIVE_LOW bit 1, OUTPUT bit 3; attribute
        // OUTPUT_VALUES id 2, its values bit 0 clear (inactive) for line 0 of the request.
        #expect(r.config.flags == 1 << 1 | 1 << 3)
        #expect(r.config.num_attrs == 1 && r.config.attrs.0.attr.id == 2 && r.config.attrs.0.mask == 1)
        #expect(r.config.attrs.0.attr.values == 0)
        #expect(GPIOChips.cString(r.consumer) == "slidelock-relay")
        #expect(GPIOOutputLine.lineRequest(offset: 0, activeLow: false, consumer: "x").config.flags == 1 << 3)
    }

    @Test func anInheritedDescriptorThatIsNoLineRequestIsNeverWritten() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect(throws: SystemError.self) { _ = try GPIOOutputLine.inherited(fds[1]) }
        var byte: UInt8 = 0
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        #expect(read(fds[0], &byte, 1) == -1)
        #expect(throws: SystemError.self) { _ = try GPIOOutputLine.inherited(-1) }
    }

    @Test func aStopSignalEndsTheWaitAtOnceAndTheTimeEndsItOtherwise() {
        let signals = StopSignals()
        let start = MonotonicClock.now()
        #expect(signals.wait(seconds: 0.05) == nil)
        #expect(MonotonicClock.now() - start >= 0.04)
        // To this thread alone: the test runner's other threads do not block it.
        pthread_kill(pthread_self(), SIGHUP)
        let sent = MonotonicClock.now()
        #expect(signals.wait(seconds: 10) == SIGHUP)
        #expect(MonotonicClock.now() - sent < 5)
        #expect(StopSignals.name(SIGTERM) == "TERM")
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
