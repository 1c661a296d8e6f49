import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The request-to-exit button: one GPIO line requested through the kernel's character
/// device (uAPI v2, Linux >= 5.10) as an input with edge detection on both edges and the
/// kernel's debounce. The kernel queues each edge with its CLOCK_MONOTONIC timestamp on the
/// line's descriptor, which the loop polls; `readPresses` turns them into presses.
///
/// A press is the line going to its pressed level after it was released: the kernel
/// reports levels as logical values (active-low inverts them), so with both edges watched
/// a pressed edge after a pressed edge (a lost release) is not a second press, and a button
/// held while slidelock starts counts only once released and pressed again.
public final class GPIOButton {
    /// The chip as found (`/dev/gpiochip0 (pinctrl-bcm2711)`), for the log.
    public let chipDescription: String
    public let offset: Int
    /// The line request's descriptor (readable when edges are queued).
    public let descriptor: Int32
    /// The line is at its pressed level (as far as the edges read tell).
    public private(set) var isDown: Bool
    /// The chip went away (unbound, a HAT's expander removed): the kernel answers ENODEV
    /// and keeps the descriptor readable, so the loop must stop polling it.
    public private(set) var isGone = false

    /// The kernel's name for what holds the line (`gpioinfo` shows it).
    public static let consumer = "slidelock-button"
    /// Edges kept by the kernel between two reads; more are dropped (their seqno says so).
    static let eventBuffer: UInt32 = 16

    private init(chipDescription: String, offset: Int, descriptor: Int32, isDown: Bool) {
        self.chipDescription = chipDescription
        self.offset = offset
        self.descriptor = descriptor
        self.isDown = isDown
    }

    deinit { close(descriptor) }

    /// Requests the line `settings.line` names. `devices` is where chips are looked for by
    /// label (tests point it elsewhere).
    /// `key` names the setting in error lines, `consumer` the holder in `gpioinfo` (the door's
    /// contact and the tamper input are read as the button is).
    public static func request(
        _ settings: ButtonSettings, key: String = "input.button", consumer: String = GPIOButton.consumer,
        devices: String = "/dev"
    ) throws(GPIOButtonError) -> GPIOButton {
        let (path, chipFD, description, offset) = try openLine(settings, key: key, devices: devices)
        defer { close(chipFD) }
        var request = lineRequest(offset: offset, settings: settings, consumer: consumer)
        do {
            try systemCall("GPIO_V2_GET_LINE_IOCTL \(path) line \(offset)") {
                slidelock_gpio_get_line(chipFD, &request)
            }
        } catch {
            throw GPIOButtonError(key: key, line: settings.line, problem: .system(error))
        }
        let fd = request.fd
        // The request's descriptor blocks on read; the loop reads only what is queued.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var values = gpio_v2_line_values(bits: 0, mask: 1)
        let down: Bool
        do {
            try systemCall("GPIO_V2_LINE_GET_VALUES_IOCTL \(path) line \(offset)") {
                slidelock_gpio_get_values(fd, &values)
            }
            down = values.bits & 1 != 0
        } catch {
            close(fd)
            throw GPIOButtonError(key: key, line: settings.line, problem: .system(error))
        }
        return GPIOButton(chipDescription: description, offset: offset, descriptor: fd, isDown: down)
    }

    /// The chip and line `settings.line` names, found as `request` finds them, without
    /// requesting the line (the running lock may hold it): `chip (label) line N`.
    public static func locate(_ settings: ButtonSettings, key: String = "input.button", devices: String = "/dev")
        throws(GPIOButtonError) -> String
    {
        let (_, chipFD, description, offset) = try openLine(settings, key: key, devices: devices)
        close(chipFD)
        return "\(description) line \(offset)"
    }

    /// The chip's path, open descriptor and description (`path (label)`), and the line's
    /// offset, checked against the chip's line count.
    static func openLine(_ settings: ButtonSettings, key: String, devices: String) throws(GPIOButtonError) -> (
        String, Int32, String, Int
    ) {
        guard let (chip, offset) = ButtonSettings.parse(settings.line) else {
            throw GPIOButtonError(key: key, line: settings.line, problem: .badLine)
        }
        let (path, chipFD, info) = try GPIOChips.open(chip, devices: devices, key: key, line: settings.line)
        let label = cString(info.label)
        let description = label.isEmpty ? path : "\(path) (\(label))"
        guard offset < Int(info.lines) else {
            close(chipFD)
            throw GPIOButtonError(
                key: key, line: settings.line, problem: .noLine(chip: description, lines: Int(info.lines)))
        }
        return (path, chipFD, description, offset)
    }

    /// The request: input, both edges, active level, bias, debounce (an attribute applying
    /// to the one line, mask bit 0).
    static func lineRequest(offset: Int, settings: ButtonSettings, consumer: String = consumer)
        -> gpio_v2_line_request
    {
        var request = gpio_v2_line_request()
        request.offsets.0 = UInt32(offset)
        request.num_lines = 1
        request.event_buffer_size = eventBuffer
        withUnsafeMutableBytes(of: &request.consumer) { raw in
            for (i, byte) in consumer.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        var flags =
            UInt64(GPIO_V2_LINE_FLAG_INPUT.rawValue) | UInt64(GPIO_V2_LINE_FLAG_EDGE_RISING.rawValue)
            | UInt64(GPIO_V2_LINE_FLAG_EDGE_FALLING.rawValue)
        if settings.active == .low { flags |= UInt64(GPIO_V2_LINE_FLAG_ACTIVE_LOW.rawValue) }
        switch settings.bias {
        case .asIs: break
        case .pullUp: flags |= UInt64(GPIO_V2_LINE_FLAG_BIAS_PULL_UP.rawValue)
        case .pullDown: flags |= UInt64(GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN.rawValue)
        case .disabled: flags |= UInt64(GPIO_V2_LINE_FLAG_BIAS_DISABLED.rawValue)
        }
        request.config.flags = flags
        let microseconds = UInt32(min(max(settings.debounce, 0), 1) * 1_000_000)
        if microseconds > 0 {
            request.config.num_attrs = 1
            request.config.attrs.0.attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE.rawValue
            request.config.attrs.0.attr.debounce_period_us = microseconds
            request.config.attrs.0.mask = 1
        }
        return request
    }

    static func cString<T>(_ tuple: T) -> String { GPIOChips.cString(tuple) }

    /// The presses among the edges queued now, oldest first: their kernel timestamps in
    /// seconds (CLOCK_MONOTONIC, the loop's clock). Releases and repeated pressed edges are
    /// not presses.
    public func readPresses() -> [Double] {
        readEdges().compactMap { edge(pressed: $0.level, at: $0.time) }
    }

    /// The edges queued now, oldest first: the logical level each went to (true: active)
    /// and its kernel timestamp in seconds. A read error other than "nothing queued" ends
    /// the read (the next poll tries again).
    public func readEdges() -> [LevelChange] {
        var edges: [LevelChange] = []
        var events = [gpio_v2_line_event](repeating: gpio_v2_line_event(), count: Int(Self.eventBuffer))
        let size = MemoryLayout<gpio_v2_line_event>.stride
        while true {
            let count: Int
            do throws(SystemError) {
                count = try systemCall("read") {
                    events.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress, raw.count) }
                }
            } catch {
                if error.errno == ENODEV { isGone = true }
                break
            }
            guard count >= size else { break }
            for event in events.prefix(count / size) {
                let rising = event.id == GPIO_V2_LINE_EVENT_RISING_EDGE.rawValue
                edges.append(LevelChange(level: rising, time: Double(event.timestamp_ns / 1000) / 1_000_000))
            }
            if count < events.count * size { break }
        }
        return edges
    }

    /// The line's logical level now (true: active), or nil when the kernel would not say.
    /// Edges the kernel dropped (a switch bouncing faster than the loop reads) leave the
    /// edges' last level wrong; this one is not.
    public func readLevel() -> Bool? {
        var values = gpio_v2_line_values(bits: 0, mask: 1)
        do throws(SystemError) {
            _ = try systemCall("GPIO_V2_LINE_GET_VALUES_IOCTL") { slidelock_gpio_get_values(descriptor, &values) }
        } catch {
            if error.errno == ENODEV { isGone = true }
            return nil
        }
        return values.bits & 1 != 0
    }

    /// One edge: the press's time when it is a press.
    func edge(pressed: Bool, at time: Double) -> Double? {
        defer { isDown = pressed }
        return pressed && !isDown ? time : nil
    }
}
