import SlideLockCore
import SlideLockRuntime

/// A mistake on the command line: printed with the command's name, exit status 2.
struct UsageError: Error {
    let message: String
}

/// The arguments of one subcommand, consumed flag by flag; whatever is left over at the
/// end is an unknown flag. Accepts `--flag value` and `--flag=value`.
struct Arguments {
    private var items: [String]

    init(_ items: [String]) { self.items = items }

    var isEmpty: Bool { items.isEmpty }

    /// Removes `--name` and reports whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let i = items.firstIndex(of: name) else { return false }
        items.remove(at: i)
        return true
    }

    /// Every value given for `--name` (the flag may repeat), in order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var found: [String] = []
        var i = 0
        while i < items.count {
            if items[i] == name {
                guard i + 1 < items.count else { throw UsageError(message: "\(name) needs a value") }
                found.append(items[i + 1])
                items.removeSubrange(i...(i + 1))
            } else if items[i].hasPrefix(name + "=") {
                found.append(String(items[i].dropFirst(name.count + 1)))
                items.remove(at: i)
            } else {
                i += 1
            }
        }
        return found
    }

    /// The last value of `--name`, or nil.
    mutating func value(_ name: String) throws(UsageError) -> String? { try values(name).last }

    /// A number in `range`, or nil when the flag is absent.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try value(name) else { return nil }
        guard let v = Double(text), v.isFinite else {
            throw UsageError(message: "\(name): expected a number, got \"\(text)\"")
        }
        guard range.contains(v) else {
            throw UsageError(
                message: "\(name): \(text) is out of range \(format(range.lowerBound))...\(format(range.upperBound))")
        }
        return v
    }

    /// A value from a fixed set, or nil when absent.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let text = try value(name) else { return nil }
        guard let v = T(rawValue: text) else {
            let all = T.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError(message: "\(name): expected \(all), got \"\(text)\"")
        }
        return v
    }

    /// `WxH` within `ScreenBounds`: what a panel can be.
    mutating func size(_ name: String) throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = try value(name) else { return nil }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError(message: "\(name): expected WIDTHxHEIGHT such as 800x480, got \"\(text)\"")
        }
        if let problem = ScreenBounds.problem(width: w, height: h) {
            throw UsageError(message: "\(name): \(text) is out of range (\(problem))")
        }
        return (w, h)
    }

    /// Fails on anything not consumed.
    func finish() throws(UsageError) {
        guard let first = items.first else { return }
        if first.hasPrefix("-") { throw UsageError(message: "unknown flag \(first)") }
        throw UsageError(message: "unexpected argument \"\(first)\"")
    }
}

func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

extension SettingsLoader {
    /// Consumes `--config`, `--set` and `--theme` from `args`.
    init(consuming args: inout Arguments) throws(UsageError) {
        self.init(
            configFiles: try args.values("--config"), overrides: try args.values("--set"),
            theme: try args.value("--theme"))
    }
}
