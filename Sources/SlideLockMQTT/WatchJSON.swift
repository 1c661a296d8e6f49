/// The JSON of `slidelock ctl watch --json`, read by hand (no Foundation): what the lock's
/// `JSONText` writes and standard JSON's spelling of it, nothing more. Fractions and
/// exponents, duplicate names, nesting past `maxDepth`, lines past `maxBytes` and invalid
/// UTF-8 are refused: the line comes from a socket, and a refused line only costs an event.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

struct WatchJSON {
    /// The longest line read. A status is about 1 KB; its message at most 512 bytes of
    /// UTF-8, escaped at most six times over.
    static let maxBytes = 16 * 1024
    /// Objects and arrays inside one another: a status holds `stuck_contacts`' objects.
    static let maxDepth = 4

    private let bytes: [UInt8]
    private var at = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The object `bytes` spells (one line, its newline removed), or nil.
    static func object(_ bytes: [UInt8]) -> [String: JSONValue]? {
        guard bytes.count <= maxBytes else { return nil }
        var reader = WatchJSON(bytes)
        guard case .object(let members)? = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.at == bytes.count ? members : nil
    }

    private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d { at += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        at += 1
        return true
    }

    private mutating func take(_ word: String) -> Bool {
        let word = Array(word.utf8)
        guard bytes.count - at >= word.count, Array(bytes[at..<at + word.count]) == word else { return false }
        at += word.count
        return true
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        switch next {
        case UInt8(ascii: "{"): return depth < Self.maxDepth ? object(depth: depth + 1) : nil
        case UInt8(ascii: "["): return depth < Self.maxDepth ? array(depth: depth + 1) : nil
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return take("null") ? .null : nil
        default: return integer()
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        at += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard let name = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")), let value = value(depth: depth), members[name] == nil else { return nil }
            members[name] = value
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value(depth: depth) else { return nil }
            items.append(item)
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// `-?[0-9]+`, no leading zeros, at most 18 digits: every count and second fits.
    private mutating func integer() -> JSONValue? {
        let negative = take(UInt8(ascii: "-"))
        let start = at
        while let byte = next, (0x30...0x39).contains(byte) { at += 1 }
        let digits = bytes[start..<at]
        guard (1...18).contains(digits.count), digits.count == 1 || digits.first != 0x30 else { return nil }
        guard let next, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") else {
            let magnitude = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
            return .integer(negative ? -magnitude : magnitude)
        }
        return nil
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var utf8: [UInt8] = []
        while let byte = next {
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                utf8 += Array(String(Character(escaped)).utf8)
            case 0..<0x20: return nil
            default: utf8.append(byte)
            }
        }
        return nil
    }

    /// The character after a backslash; `\u` with its surrogate pair when it has one.
    private mutating func escape() -> Unicode.Scalar? {
        guard let byte = next else { return nil }
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{c}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) } // nil for a lone low half
            guard take("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }
}
