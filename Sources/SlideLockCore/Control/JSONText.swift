/// The little JSON the control socket writes (`status --json`), by hand: no Foundation.
public enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `{"a":1,"b":"x"}` from members whose values are already JSON.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    public static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// Counts by name, names sorted: `{"spring-back":2,"too-quick":1}`.
    public static func counts(_ counts: [String: Int]) -> String {
        object(counts.keys.sorted().map { ($0, String(counts[$0]!)) })
    }
}
