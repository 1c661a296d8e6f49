/// Why a value was rejected; the loader adds file, line and key.
public struct ConfigValueError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) { self.message = message }
}

/// The allowed interval of a numeric key. Either bound may be absent; the lower one may
/// be exclusive ("durations > 0").
struct NumberRange: Sendable, CustomStringConvertible {
    var lower: Double?
    var lowerInclusive = true
    var upper: Double?

    static func closed(_ range: ClosedRange<Double>) -> NumberRange {
        NumberRange(lower: range.lowerBound, upper: range.upperBound)
    }

    /// Durations and periods, seconds.
    static func seconds(_ range: ClosedRange<Double>) -> NumberRange { closed(range) }
    /// Sizes in pixels.
    static func pixels(_ range: ClosedRange<Double>) -> NumberRange { closed(range) }

    func contains(_ value: Double) -> Bool {
        if let lower, lowerInclusive ? value < lower : value <= lower { return false }
        if let upper, value > upper { return false }
        return true
    }

    /// `0...1`, `> 0` or `>= 0`.
    var description: String {
        switch (lower, upper) {
        case (let lower?, let upper?): return ConfigValue.format(lower) + "..." + ConfigValue.format(upper)
        case (let lower?, nil): return (lowerInclusive ? ">= " : "> ") + ConfigValue.format(lower)
        case (nil, let upper?): return "<= " + ConfigValue.format(upper)
        case (nil, nil): return "any number"
        }
    }
}

/// Parsers and formatters for the value types of the config file. Each parser accepts
/// what its formatter writes, which is what makes `ConfigLoader.render` round-trip.
public enum ConfigValue {
    /// A decimal number (`-1`, `0.5`, `1e-3`) inside `range`.
    static func number(_ text: String, in range: NumberRange) throws(ConfigValueError) -> Double {
        guard let value = decimal(text) else {
            throw ConfigValueError(message: "bad number \"\(text)\"")
        }
        guard range.contains(value) else {
            let closed = range.lower != nil && range.upper != nil
            throw ConfigValueError(
                message: closed
                    ? "\(text) is out of range \(range)"
                    : "\(text) is out of range (must be \(range))")
        }
        return value
    }

    /// The finite decimal number `text` spells, if it is one.
    public static func decimal(_ text: String) -> Double? {
        // Double(_:) also takes "nan", "inf" and hex floats; the config promises decimals only.
        let decimal =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0)
            }
        guard decimal, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static let booleans: [(text: String, value: Bool)] = [
        ("true", true), ("false", false), ("yes", true), ("no", false),
        ("on", true), ("off", false), ("1", true), ("0", false),
    ]

    /// true/false, yes/no, on/off or 1/0, in any letter case.
    public static func bool(_ text: String) throws(ConfigValueError) -> Bool {
        let lower = text.lowercased()
        guard let match = booleans.first(where: { $0.text == lower }) else {
            throw ConfigValueError(message: "bad boolean \"\(text)\" (expected on/off, true/false, yes/no or 1/0)")
        }
        return match.value
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    static func color(_ text: String) throws(ConfigValueError) -> Color {
        guard let color = Color(hex: text) else {
            throw ConfigValueError(message: "bad colour \"\(text)\" (expected #RGB, #RRGGBB or #RRGGBBAA)")
        }
        return color
    }

    /// One of an enum's raw values, spelled exactly.
    static func choice<E: RawRepresentable & CaseIterable>(_ text: String) throws(ConfigValueError) -> E
    where E.RawValue == String {
        guard let value = E(rawValue: text) else {
            throw ConfigValueError(
                message: "bad value \"\(text)\" (expected \(alternatives(E.allCases.map(\.rawValue))))")
        }
        return value
    }

    /// A comma-separated list; items are trimmed and empty ones dropped, so `fonts =` is empty.
    static func list(_ text: String) throws(ConfigValueError) -> [String] {
        var items: [String] = []
        for item in text.split(separator: ",").map({ ConfigParser.trimmed($0) }) where !item.isEmpty {
            items.append(try self.text(item))
        }
        return items
    }

    /// Free text (a label, a path, a command line) that C can take whole: no NUL (a path
    /// would end there), and no U+FFFD, which is what invalid UTF-8 decodes to.
    public static func text(_ text: String) throws(ConfigValueError) -> String {
        if text.unicodeScalars.contains("\u{0}") {
            throw ConfigValueError(message: "contains a NUL character")
        }
        if text.unicodeScalars.contains("\u{FFFD}") {
            throw ConfigValueError(message: "is not valid UTF-8 (or contains U+FFFD)")
        }
        return text
    }

    /// Shortest text that parses back to the same Double; whole numbers without ".0".
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    static func format(_ value: Bool) -> String { value ? "on" : "off" }

    /// The value as it must appear after `=`: quoted when trimming would change it or when
    /// it starts with a quote (the parser strips one pair of outer quotes, nothing else).
    static func quoted(_ text: String) -> String {
        let needsQuotes = text.isEmpty || ConfigParser.trimmed(Substring(text)) != text || text.hasPrefix("\"")
        return needsQuotes ? "\"" + text + "\"" : text
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func alternatives(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let head = names.dropLast()
        return head.isEmpty ? last : head.joined(separator: ", ") + " or " + last
    }
}
