import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// One GPIO line requested as an output (uAPI v2), starting at its inactive level: the door
/// relay or a buzzer. Values are logical (the request carries the active level), so
/// `set(true)` always means energised. While the request's descriptor is open no other
/// process can request the line (EBUSY): the lock holds the relay's for its whole life, and
/// a pulse child inherits it. Dropping the object drives the line inactive, then releases it
/// (what a released line does is up to the driver; inactive first leaves nothing to chance).
public final class GPIOOutputLine {
    /// The line request's descriptor (close-on-exec).
    public let descriptor: Int32
    /// `/dev/gpiochip0 (pinctrl-bcm2711) line 17`, for the log.
    public let description: String

    init(descriptor: Int32, description: String) {
        self.descriptor = descriptor
        self.description = description
    }

    deinit {
        try? set(false)
        close(descriptor)
    }

    /// Requests the line `line` (`CHIP:LINE`) names as an output, inactive, labelled
    /// `consumer` (`gpioinfo` shows it). `key` names the setting in errors.
    public static func request(
        _ line: String, activeLow: Bool, key: String, consumer: String, devices: String = "/dev"
    ) throws(GPIOLineError) -> GPIOOutputLine {
        guard let (chip, offset) = ButtonSettings.parse(line) else {
            throw GPIOLineError(key: key, line: line, problem: .badLine)
        }
        let (path, chipFD, info) = try GPIOChips.open(chip, devices: devices, key: key, line: line)
        defer { close(chipFD) }
        let label = GPIOChips.cString(info.label)
        let chipDescription = label.isEmpty ? path : "\(path) (\(label))"
        guard offset < Int(info.lines) else {
            throw GPIOLineError(key: key, line: line, problem: .noLine(chip: chipDescription, lines: Int(info.lines)))
        }
        var request = lineRequest(offset: offset, activeLow: activeLow, consumer: consumer)
        do {
            try systemCall("GPIO_V2_GET_LINE_IOCTL \(path) line \(offset)") {
                slidelock_gpio_get_line(chipFD, &request)
            }
        } catch {
            throw GPIOLineError(key: key, line: line, problem: .system(error))
        }
        return GPIOOutputLine(descriptor: request.fd, description: "\(chipDescription) line \(offset)")
    }

    /// The request: one output line, its active level, and its first value inactive (an
    /// output-values attribute for line 0 of the request).
    static func lineRequest(offset: Int, activeLow: Bool, consumer: String) -> gpio_v2_line_request {
        var request = gpio_v2_line_request()
        request.offsets.0 = UInt32(offset)
        request.num_lines = 1
        withUnsafeMutableBytes(of: &request.consumer) { raw in
            for (i, byte) in consumer.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        var flags = UInt64(GPIO_V2_LINE_FLAG_OUTPUT.rawValue)
        if activeLow { flags |= UInt64(GPIO_V2_LINE_FLAG_ACTIVE_LOW.rawValue) }
        request.config.flags = flags
        request.config.num_attrs = 1
        request.config.attrs.0.attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES.rawValue
        request.config.attrs.0.attr.values = 0
        request.config.attrs.0.mask = 1
        return request
    }

    /// A line request inherited on descriptor `fd` (the lock's, passed to its pulse child).
    /// Refused unless the kernel answers for it as a line request: a descriptor that is
    /// something else is never written to.
    public static func inherited(_ fd: Int32) throws(SystemError) -> GPIOOutputLine {
        var values = gpio_v2_line_values(bits: 0, mask: 1)
        try systemCall("GPIO_V2_LINE_GET_VALUES_IOCTL on inherited descriptor \(fd)") {
            slidelock_gpio_get_values(fd, &values)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return GPIOOutputLine(descriptor: fd, description: "the lock's relay line (descriptor \(fd))")
    }

    /// Drives the line: true energised, false inactive.
    public func set(_ active: Bool) throws(SystemError) {
        var values = gpio_v2_line_values(bits: active ? 1 : 0, mask: 1)
        try systemCall("GPIO_V2_LINE_SET_VALUES_IOCTL \(description)") {
            slidelock_gpio_set_values(descriptor, &values)
        }
    }

    /// Whether the line is energised now (an output's value is the one last set).
    public func isActive() throws(SystemError) -> Bool {
        var values = gpio_v2_line_values(bits: 0, mask: 1)
        try systemCall("GPIO_V2_LINE_GET_VALUES_IOCTL \(description)") {
            slidelock_gpio_get_values(descriptor, &values)
        }
        return values.bits & 1 != 0
    }
}
