/// Writes a recorded device and its events in the evemu format `EvemuRecording` reads
/// (and `evemu-play` plays): comments first, then `N:`, `I:`, `P:`, `B:`, `A:`, `E:`.
public enum EvemuWriter {
    /// The whole file. Event times are written as recorded (`sec.usec`, kernel clock);
    /// negative times are written as 0.
    public static func text(_ device: EvemuRecording, events: [RawInputEvent], comments: [String]) -> String {
        var out = "# EVEMU 1.3\n"
        for line in comments { out += line + "\n" }
        out += "N: " + device.name.filter { $0 != "\n" && $0 != "\r" } + "\n"
        let id = device.id ?? .init(bus: 0, vendor: 0, product: 0, version: 0)
        out +=
            "I: " + [id.bus, id.vendor, id.product, id.version].map { hex($0, width: 4) }.joined(separator: " ") + "\n"
        out += mask("P:", device.properties, bytes: 8)
        var types = device.supportedCodes
        types[Evdev.EV_ABS, default: []].formUnion(device.axes.keys)
        types[0, default: []].formUnion(types.keys.filter { $0 != 0 && !(types[$0]?.isEmpty ?? true) })
        for type in types.keys.sorted() {
            out += mask("B: " + hex(type, width: 2), types[type]!, bytes: type == 0 ? 8 : 8 * lineCount(types[type]!))
        }
        for code in device.axes.keys.sorted() {
            let a = device.axes[code]!
            out += "A: \(hex(code, width: 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        for e in events {
            let micros = e.time > 0 ? Int64((e.time * 1_000_000).rounded()) : 0
            let usec = String(micros % 1_000_000)
            out += "E: \(micros / 1_000_000).\(String(repeating: "0", count: 6 - usec.count) + usec) "
            out += "\(hex(e.type, width: 4)) \(hex(e.code, width: 4)) \(signed(e.value))\n"
        }
        return out
    }

    /// Lines of 8 mask bytes needed to hold the highest code.
    static func lineCount(_ codes: Set<UInt16>) -> Int { Int(codes.max() ?? 0) / 64 + 1 }

    /// `tag` lines of `bytes` mask bytes, 8 per line, `tag` repeated on each.
    static func mask(_ tag: String, _ codes: Set<UInt16>, bytes: Int) -> String {
        var b = [UInt8](repeating: 0, count: bytes)
        for code in codes where Int(code) / 8 < bytes { b[Int(code) / 8] |= 1 << (code % 8) }
        var out = ""
        for start in stride(from: 0, to: bytes, by: 8) {
            out += tag + " " + b[start..<min(start + 8, bytes)].map { hex(UInt16($0), width: 2) }.joined(separator: " ")
            out += "\n"
        }
        return out
    }

    static func hex(_ v: UInt16, width: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// evemu's `%04d`: `-001`, `0300`.
    static func signed(_ v: Int32) -> String {
        let digits = String(v.magnitude)
        let width = v < 0 ? 3 : 4
        return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
