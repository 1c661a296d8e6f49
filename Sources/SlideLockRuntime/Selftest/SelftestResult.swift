/// What one check of `slidelock selftest` found.
public enum SelftestVerdict: Equatable, Sendable {
    case pass(String)
    case fail(String)
    /// Not run, and why.
    case skip(String)
}

/// One check's name and verdict: one line of the report.
public struct SelftestResult: Equatable, Sendable {
    public let name: String
    public let verdict: SelftestVerdict

    public init(_ name: String, _ verdict: SelftestVerdict) {
        self.name = name
        self.verdict = verdict
    }

    /// `PASS name: detail`, `FAIL name: detail` or `SKIP name: why`, on one line.
    public var line: String {
        let (word, text): (String, String)
        switch verdict {
        case .pass(let detail): (word, text) = ("PASS", detail)
        case .fail(let detail): (word, text) = ("FAIL", detail)
        case .skip(let why): (word, text) = ("SKIP", why)
        }
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: "; ")
        return "\(word) \(name): \(flat)"
    }

    public var failed: Bool {
        if case .fail = verdict { return true }
        return false
    }

    /// 0 when no check failed, else 1.
    public static func exitStatus(_ results: [SelftestResult]) -> Int32 {
        results.contains(where: \.failed) ? ExitStatus.failure : ExitStatus.ok
    }
}
