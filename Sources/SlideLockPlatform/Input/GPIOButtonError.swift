import SlideLockCore

/// Why the request-to-exit button could not be had. The lock runs on without it; the
/// loop logs the description as one line naming the key.
public struct GPIOButtonError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// `input.button` is not `CHIP:LINE` (the config loader refuses it first).
        case badLine
        /// No chip at that path or with that label; `found` lists the chips there are.
        case noChip(String, found: [String])
        /// The chip has fewer lines.
        case noLine(chip: String, lines: Int)
        /// The kernel refused (the line held by another program: EBUSY; no permission).
        case system(SystemError)
    }

    /// The configured `CHIP:LINE`.
    public var line: String
    public var problem: Problem

    public init(line: String, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    public var description: String {
        let head = "input.button = \(line): "
        switch problem {
        case .badLine: return head + "not CHIP:LINE"
        case .noChip(let chip, let found):
            return head + "no GPIO chip \"\(chip)\" (by path or label; "
                + (found.isEmpty ? "no chips found)" : "chips: \(found.joined(separator: ", ")))")
        case .noLine(let chip, let lines):
            return head + "\(chip) has no such line (it has \(lines): 0...\(max(lines - 1, 0)))"
        case .system(let error): return head + "\(error)"
        }
    }
}
