@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

/// The life of one frame, CLOCK_MONOTONIC seconds: the newest input event it reflects
/// (kernel timestamp; nil when an earlier frame on the output showed it already), rendering, the flip queued, the vblank that showed it, and the
/// animation time it was drawn for.
public struct FrameRecord: Equatable, Sendable {
    public var output: String
    public var input: Double?
    public var renderStart: Double
    public var renderEnd: Double
    public var queued: Double?
    public var completed: Double?
    public var visual: Double

    /// One JSON object on one line (`slidelock trace-stats` reads these).
    public var jsonLine: String {
        func number(_ v: Double?) -> String { v.map { TraceNumber.fixed($0) } ?? "null" }
        return "{\"output\":\"\(TraceNumber.escaped(output))\",\"input\":\(number(input)),"
            + "\"render_start\":\(number(renderStart)),\"render_end\":\(number(renderEnd)),"
            + "\"flip_queued\":\(number(queued)),\"flip_completed\":\(number(completed)),\"visual\":\(number(visual))}"
    }
}

/// `--trace FILE`: one JSON line per frame that reached the screen.
public final class FrameTrace {
    private let file: OutputFile

    /// Creates `path`, or starts over an existing regular file of the caller's
    /// (`OutputFile`: never a device, FIFO, /proc file, symlink or another user's file).
    public init(path: String) throws {
        file = try OutputFile(path)
    }

    public func write(_ frame: FrameRecord) {
        var bytes = Array((frame.jsonLine + "\n").utf8)
        // One write per line; a full disk loses trace lines, never the lock screen.
        _ = bytes.withUnsafeMutableBytes { Glibc.write(file.descriptor, $0.baseAddress, $0.count) }
    }
}

/// Fixed-point numbers for JSON without Foundation's formatting.
enum TraceNumber {
    /// `value` with six decimals (microseconds, the resolution of kernel timestamps).
    static func fixed(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let micros = (abs(value) * 1e6).rounded()
        guard micros < 9e15 else { return "null" }
        let whole = Int(micros / 1e6)
        let fraction = Int(micros.truncatingRemainder(dividingBy: 1e6))
        let digits = String(fraction)
        return (value < 0 && micros > 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 6 - digits.count)
            + digits
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
