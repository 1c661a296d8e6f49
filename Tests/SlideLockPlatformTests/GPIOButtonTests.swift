import Glibc
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// The button's edge of the platform, without a GPIO chip: what it asks the kernel for and
/// what it says when it cannot have the line. (The VM test lock-button reads a real one.)
@Suite struct GPIOButtonTests {
    @Test func theRequestAsksForBothEdgesTheLevelTheBiasAndTheDebounce() {
        var settings = ButtonSettings()
        settings.debounce = 0.03
        settings.bias = .pullUp
        let r = GPIOButton.lineRequest(offset: 17, settings: settings)
        #expect(r.offsets.0 == 17 && r.num_lines == 1)
        // The uAPI's numbers (linux/gpio.h, ABI): ACTIVE_LOW bit 1, INPUT 2, EDGE_RISING 4,
        // EDGE_FALLING 5, BIAS_PULL_UP 8; attribute id DEBOUNCE 3.
        let want: UInt64 = 1 << 1 | 1 << 2 | 1 << 4 | 1 << 5 | 1 << 8
        #expect(r.config.flags == want)
        #expect(r.config.num_attrs == 1 && r.config.attrs.0.mask == 1)
        #expect(r.config.attrs.0.attr.id == 3)
        #expect(r.config.attrs.0.attr.debounce_period_us == 30_000)
        #expect(GPIOButton.cString(r.consumer) == "slidelock-button")
        settings.active = .high
        settings.debounce = 0
        settings.bias = .asIs
        let plain = GPIOButton.lineRequest(offset: 0, settings: settings)
        #expect(plain.config.flags == 1 << 2 | 1 << 4 | 1 << 5)
        #expect(plain.config.num_attrs == 0)
    }

    @Test func eachProblemIsOneLineNamingTheKey() throws {
        let cases: [(GPIOButtonError.Problem, String)] = [
            (.badLine, "input.button = x:1: not CHIP:LINE"),
            (
                .noChip("x", found: ["/dev/gpiochip0 (pinctrl-bcm2711)"]),
                "input.button = x:1: no GPIO chip \"x\" (by path or label; chips: /dev/gpiochip0 (pinctrl-bcm2711))"
            ),
            (
                .noLine(chip: "/dev/gpiochip0 (sim)", lines: 8),
                "input.button = x:1: /dev/gpiochip0 (sim) has no such line (it has 8: 0...7)"
            ),
            (
                .system(SystemError(operation: "GPIO_V2_GET_LINE_IOCTL /dev/gpiochip0 line 1", errno: EBUSY)),
                "input.button = x:1: GPIO_V2_GET_LINE_IOCTL /dev/gpiochip0 line 1: Device or resource busy"
            ),
        ]
        for (problem, text) in cases {
            #expect(GPIOButtonError(line: "x:1", problem: problem).description == text)
        }
        // A path that is not a chip (a regular file): the kernel's refusal, not a crash.
        var settings = ButtonSettings()
        settings.line = "/dev/null:1"
        #expect(throws: GPIOButtonError.self) { _ = try GPIOButton.request(settings) }
        // A FIFO does not hang the start (an open without O_NONBLOCK would wait for a writer).
        let fifo = "/tmp/slidelock-button-fifo-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        settings.line = fifo + ":1"
        #expect(throws: GPIOButtonError.self) { _ = try GPIOButton.request(settings) }
    }
}
