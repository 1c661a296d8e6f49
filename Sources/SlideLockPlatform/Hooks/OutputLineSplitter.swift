/// Turns the bytes a child writes to a pipe into whole lines. Reads arrive in arbitrary
/// chunks (a pipe keeps no message boundaries), so an unfinished line waits for the next
/// chunk or `finish()`. Invalid UTF-8 is replaced, a trailing `\r` dropped, and a line longer
/// than `maxLineBytes` is cut into pieces so a hook printing without newlines cannot make us
/// buffer without bound.
struct OutputLineSplitter {
    static let maxLineBytes = 1000
    private var pending: [UInt8] = []

    /// The lines completed by `bytes`.
    mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(Self.text(pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
                if pending.count >= Self.maxLineBytes {
                    lines.append(Self.text(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    /// The unfinished last line (output that did not end in a newline), if any.
    mutating func finish() -> [String] {
        defer { pending.removeAll() }
        return pending.isEmpty ? [] : [Self.text(pending)]
    }

    private static func text(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        return String(decoding: trimmed, as: UTF8.self)
    }
}
