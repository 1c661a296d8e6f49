/// What `slidelock --trace` recorded, summarised: per output, how long from the newest
/// input event a frame reflects to the vblank that showed it, in milliseconds and in
/// refresh intervals (the median time between consecutive completions).
public struct TraceSummary: Equatable, Sendable {
    public struct Output: Equatable, Sendable {
        public var name: String
        public var frames: Int
        /// Frames that reflected an input event (the latency samples).
        public var samples: Int
        public var refreshSeconds: Double?
        public var p50: Double?
        public var p95: Double?
        public var max: Double?
    }

    public var outputs: [Output]

    /// Reads trace lines; a line that is not a frame record is an error naming its number.
    public static func parse(_ text: String) throws(TraceError) -> TraceSummary {
        var latencies: [String: [Double]] = [:]
        var completions: [String: [Double]] = [:]
        var order: [String] = []
        var seen: [String: Bool] = [:]
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
            if line.unicodeScalars.contains("\u{0}") {
                throw TraceError(line: number, message: "contains a NUL character")
            }
            guard let output = field(line, "output").flatMap(unquoted),
                let completed = field(line, "flip_completed").flatMap(jsonNumber)
            else { throw TraceError(line: number, message: "not a slidelock frame record") }
            guard abs(completed) <= maxSeconds else { throw outOfRange(number, "flip_completed", completed) }
            if seen[output] == nil {
                seen[output] = true
                order.append(output)
            }
            completions[output, default: []].append(completed)
            let inputText = field(line, "input")
            let input = inputText.flatMap(jsonNumber)
            if let inputText, input == nil, inputText != "null" {
                throw TraceError(line: number, message: "input: not a number: \(inputText.prefix(40))")
            }
            if let input, abs(input) > maxSeconds { throw outOfRange(number, "input", input) }
            if let input, completed >= input {
                latencies[output, default: []].append(completed - input)
            }
        }
        return TraceSummary(
            outputs: order.map { name in
                let times = completions[name] ?? []
                let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
                let l = (latencies[name] ?? []).sorted()
                return Output(
                    name: name, frames: times.count, samples: l.count, refreshSeconds: percentile(gaps.sorted(), 0.5),
                    p50: percentile(l, 0.5), p95: percentile(l, 0.95), max: l.last)
            })
    }

    /// The largest timestamp taken, in seconds (31 years of a monotonic clock): differences
    /// of larger finite numbers overflow to infinity.
    static let maxSeconds = 1e9

    static func outOfRange(_ line: Int, _ key: String, _ value: Double) -> TraceError {
        TraceError(line: line, message: "\(key): \(value) is out of range (at most 1e9 seconds either way)")
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, Swift.max(0, rank - 1))]
    }

    /// The raw text of `"key":value` in a one-line JSON object (our own format: no nesting).
    static func field(_ line: Substring, _ key: String) -> Substring? {
        guard let range = line.firstRange(ofText: "\"\(key)\":") else { return nil }
        let rest = line[range.upperBound...]
        if rest.first == "\"" {
            guard let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            return rest[rest.startIndex...close]
        }
        let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
        return rest[..<end]
    }

    /// A JSON number as `--trace` writes it, finite: not `nan`, `inf`, hex (`0x1p3`), `+1`
    /// or `.5`, which `Double(_:)` would all take.
    static func jsonNumber(_ s: Substring) -> Double? {
        let ascii = Array(s.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < ascii.count, ascii[i] >= 0x30, ascii[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < ascii.count, ascii[i] == UInt8(ascii: "-") { i += 1 }
        let whole = digits()
        guard whole > 0, whole == 1 || ascii[i - whole] != UInt8(ascii: "0") else { return nil }
        if i < ascii.count, ascii[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < ascii.count, ascii[i] == UInt8(ascii: "e") || ascii[i] == UInt8(ascii: "E") {
            i += 1
            if i < ascii.count, ascii[i] == UInt8(ascii: "+") || ascii[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == ascii.count, let value = Double(s), value.isFinite else { return nil }
        return value
    }

    static func unquoted(_ s: Substring) -> String? {
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return nil }
        return String(s.dropFirst().dropLast())
    }
}

/// A trace file line that is not a frame record.
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
}
