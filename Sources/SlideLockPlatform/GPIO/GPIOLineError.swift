import SlideLockCore

/// Why a `CHIP:LINE` key's line (`input.button`, `relay.line`, `relay.buzzer`) could not be
/// had: one line naming the key. The lock runs on without the line; the caller says what
/// that means.
public struct GPIOLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The value is not `CHIP:LINE` (the config loader refuses it first).
        case badLine
        /// No chip at that path or with that label; `found` lists the chips there are.
        case noChip(String, found: [String])
        /// More than one chip carries that label (or name): `chips` lists them.
        case ambiguous(String, chips: [String])
        /// The chip has fewer lines.
        case noLine(chip: String, lines: Int)
        /// The kernel refused (the line held by another program: EBUSY; no permission).
        case system(SystemError)
    }

    /// `section.name` of the key.
    public var key: String
    /// The configured `CHIP:LINE`.
    public var line: String
    public var problem: Problem

    public init(key: String = "input.button", line: String, problem: Problem) {
        self.key = key
        self.line = line
        self.problem = problem
    }

    public var description: String {
        let head = "\(key) = \(line): "
        switch problem {
        case .badLine: return head + "not CHIP:LINE"
        case .noChip(let chip, let found):
            return head + "no GPIO chip \"\(chip)\" (by path or label; "
                + (found.isEmpty ? "no chips found)" : "chips: \(found.joined(separator: ", ")))")
        case .ambiguous(let chip, let chips):
            return head + "\(chips.count) GPIO chips are labelled \"\(chip)\" (\(chips.joined(separator: ", "))): "
                + "name one by its path"
        case .noLine(let chip, let lines):
            return head + "\(chip) has no such line (it has \(lines): 0...\(max(lines - 1, 0)))"
        case .system(let error): return head + "\(error)"
        }
    }
}

/// The button's name for it.
public typealias GPIOButtonError = GPIOLineError
