/// A parse failure in an evemu file, naming the line like a compiler would.
public struct EvemuParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name given to the parser.
    public var file: String
    /// 1-based.
    public var line: Int
    /// What is wrong, e.g. `malformed event line`.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `drag.events:123: malformed event line`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// A device description and event stream recorded by `evemu-record` (Debian's
/// evemu-tools), for replaying real devices through the decoder in tests and headless
/// runs. What evemu writes, and what is read:
/// - `# ...` comments: the `# Input device name: "..."` line, and the per-axis
///   `# Event code 0 (ABS_X)` / `# Min` / `# Max` ... blocks (used only when there are no
///   `A:` lines); everything else is ignored;
/// - `N: name`, `I: bus vendor product version` (hex), `P: bytes` (hex property bitmask),
///   `B: type bytes` (hex event-code bitmasks, continued over several lines);
/// - `A: code min max fuzz flat [resolution]` (code hex, numbers decimal);
/// - `E: sec.usec type code value` (type and code hex, value decimal, e.g. `-001`), with an
///   optional `# comment` after it.
public struct EvemuRecording: Equatable, Sendable {
    /// The `I:` line.
    public struct DeviceID: Equatable, Sendable {
        /// `BUS_*` (0x03 USB, 0x18 I2C), USB-style vendor and product ids, version.
        public var bus, vendor, product, version: UInt16
        public init(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
            self.bus = bus
            self.vendor = vendor
            self.product = product
            self.version = version
        }
    }

    /// From `N:`, else from the `# Input device name:` comment; "" when neither is there.
    public var name = ""
    /// The `I:` line, nil when absent.
    public var id: DeviceID?
    /// Absolute axes by `ABS_*` code.
    public var axes: [UInt16: AxisRange] = [:]
    /// `INPUT_PROP_*` bits set in `P:`.
    public var properties: Set<UInt16> = []
    /// Supported codes by event type, from `B:` (type 0 holds the supported types).
    public var supportedCodes: [UInt16: Set<UInt16>] = [:]
    /// The events, `time` in seconds since the first event.
    public var events: [RawInputEvent] = []

    /// `INPUT_PROP_DIRECT`: a touchscreen rather than a touchpad.
    public var isDirect: Bool { properties.contains(Evdev.INPUT_PROP_DIRECT) }

    /// Whether `B:` says the device can send `code` of event `type`.
    public func supports(type: UInt16, code: UInt16) -> Bool {
        supportedCodes[type]?.contains(code) ?? false
    }

    /// Parses a whole file's text; `fileName` only names lines in errors.
    public init(parsing text: String, fileName: String = "recording.events") throws(EvemuParseError) {
        var parser = Parser(file: fileName)
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            try parser.take(line, number: number, into: &self)
        }
        if name.isEmpty { name = parser.headerName ?? "" }
        if axes.isEmpty { axes = parser.headerAxes }
    }
}

/// The line-by-line state of `EvemuRecording.init(parsing:)`.
private struct Parser {
    let file: String
    var headerName: String?
    var headerAxes: [UInt16: AxisRange] = [:]
    var headerType: UInt16?
    var headerCode: UInt16?
    var propertyBytes = 0
    var bitmaskBytes: [UInt16: Int] = [:]
    /// Microseconds of the first event, the zero of every event's time.
    var firstMicroseconds: Int64?

    init(file: String) { self.file = file }

    mutating func take(_ line: Substring, number: Int, into rec: inout EvemuRecording) throws(EvemuParseError) {
        let f = fields(line)
        guard let tag = f.first else { return }
        if tag.hasPrefix("#") {
            comment(line)
            return
        }
        func fail(_ what: String) -> EvemuParseError { EvemuParseError(file: file, line: number, message: what) }
        switch tag {
        case "E:":
            guard let event = event(fields(line.prefix { $0 != "#" })) else { throw fail("malformed event line") }
            // The kernel stamps events in order; a recording whose clock runs backwards
            // (or starts before its first event) is damaged, not a panel.
            if let previous = rec.events.last, event.time < previous.time {
                throw fail(
                    "time goes backwards (\(LockLogEntry.format(event.time)) s after "
                        + "\(LockLogEntry.format(previous.time)) s)")
            }
            guard event.time <= TouchScript.maximumTime else {
                throw fail(
                    "event \(LockLogEntry.format(event.time)) s after the first is past the limit of "
                        + "\(ConfigValue.format(TouchScript.maximumTime)) s")
            }
            rec.events.append(event)
        case "A:":
            guard f.count == 6 || f.count == 7, let code = UInt16(f[1], radix: 16) else {
                throw fail("malformed axis line")
            }
            let n = f.dropFirst(2).compactMap { Int32($0) }
            guard n.count == f.count - 2 else { throw fail("malformed axis line") }
            rec.axes[code] = AxisRange(
                minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3],
                resolution: n.count > 4 ? n[4] : 0)
        case "N:":
            rec.name = String(line.drop { $0 != ":" }.dropFirst().drop { $0 == " " || $0 == "\t" })
        case "I:":
            let v = f.dropFirst().compactMap { UInt16($0, radix: 16) }
            guard f.count == 5, v.count == 4 else { throw fail("malformed id line") }
            rec.id = .init(bus: v[0], vendor: v[1], product: v[2], version: v[3])
        case "P:":
            guard let bits = bytes(f.dropFirst()) else { throw fail("malformed property line") }
            rec.properties.formUnion(setBits(bits, offset: propertyBytes))
            propertyBytes += bits.count
        case "B:":
            guard f.count >= 2, let type = UInt16(f[1], radix: 16), let bits = bytes(f.dropFirst(2)) else {
                throw fail("malformed bitmask line")
            }
            // A type's mask continues over consecutive lines, 8 bytes at a time.
            let offset = bitmaskBytes[type, default: 0]
            rec.supportedCodes[type, default: []].formUnion(setBits(bits, offset: offset))
            bitmaskBytes[type] = offset + bits.count
        default:
            throw fail("unrecognised line")
        }
    }

    private mutating func event(_ f: [Substring]) -> RawInputEvent? {
        guard f.count == 5, let micros = microseconds(f[1]), let type = UInt16(f[2], radix: 16),
            let code = UInt16(f[3], radix: 16), let value = Int32(f[4])
        else { return nil }
        let zero = firstMicroseconds ?? micros
        firstMicroseconds = zero
        // Subtract in integers: epoch seconds in a Double would cost the microseconds.
        return RawInputEvent(time: Double(micros - zero) / 1_000_000, type: type, code: code, value: value)
    }

    /// `sec.usec` (usec as evemu prints it, six digits) as microseconds.
    private func microseconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let sec = Int64(parts[0]), sec >= 0, (1...6).contains(parts[1].count),
            parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), var usec = Int64(parts[1])
        else { return nil }
        for _ in parts[1].count..<6 { usec *= 10 }
        // Past Int64 microseconds (~292,000 years) is no timestamp: malformed, not a trap.
        let (whole, overflow) = sec.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow, whole <= Int64.max - usec else { return nil }
        return whole + usec
    }

    /// The informational header: device name and the per-axis blocks.
    private mutating func comment(_ line: Substring) {
        let body = line.drop { $0 == "#" || $0 == " " || $0 == "\t" }
        let f = fields(body)
        if body.hasPrefix("Input device name:") {
            let name = body.dropFirst("Input device name:".count).drop { $0 == " " }
            headerName = String(
                name.hasPrefix("\"") && name.hasSuffix("\"") && name.count >= 2
                    ? name.dropFirst().dropLast() : name)
        } else if f.count >= 3, f[0] == "Event", f[1] == "type" {
            headerType = UInt16(f[2])
            headerCode = nil
        } else if f.count >= 3, f[0] == "Event", f[1] == "code" {
            headerCode = UInt16(f[2])
        } else if f.count == 2, headerType == Evdev.EV_ABS, let code = headerCode, let v = Int32(f[1]) {
            var axis = headerAxes[code] ?? AxisRange(minimum: 0, maximum: 0)
            switch f[0] {
            case "Min": axis.minimum = v
            case "Max": axis.maximum = v
            case "Fuzz": axis.fuzz = v
            case "Flat": axis.flat = v
            case "Resolution": axis.resolution = v
            default: return
            }
            headerAxes[code] = axis
        } else if f.first == "Properties:" {
            headerType = nil
        }
    }

    private func fields(_ s: Substring) -> [Substring] {
        s.split { $0 == " " || $0 == "\t" }
    }

    private func bytes(_ f: ArraySlice<Substring>) -> [UInt8]? {
        let b = f.compactMap { UInt8($0, radix: 16) }
        return b.count == f.count ? b : nil
    }

    private func setBits(_ bytes: [UInt8], offset: Int) -> Set<UInt16> {
        var set: Set<UInt16> = []
        for (i, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16((offset + i) * 8 + bit)) }
        }
        return set
    }
}
