import SlideLockCore

/// One line of `slidelock ctl watch --json` read back into the lock's own `WatchEvent`
/// (docs/ctl.md, "Watch"), with its `"time"`. Members the bridge does not use are
/// skipped, so a lock that says more still reads; a line that is not one of the events,
/// or whose member has the wrong type or an unknown word, is refused whole.
public enum WatchLine {
    /// The event `bytes` (one line without its newline) holds, and its Unix second.
    public static func parse(_ bytes: [UInt8]) -> Result<(event: WatchEvent, time: Int64), WatchLineProblem> {
        guard bytes.count <= WatchJSON.maxBytes else { return .failure(.tooLong) }
        guard let members = WatchJSON.object(bytes) else { return .failure(.notJSON) }
        guard case .string(let name)? = members["event"], case .integer(let time)? = members["time"], time >= 0 else {
            return .failure(.badMember)
        }
        let reader = Members(members)
        let event: WatchEvent?
        switch name {
        case "status": event = reader.status().map(WatchEvent.status)
        case "state": event = reader.word("state", in: stateWords).map(WatchEvent.state)
        case "display": event = reader.word("display", in: ["on", "dim", "blank", "away"]).map(WatchEvent.display)
        case "lockdown": event = reader.bool("lockdown").map(WatchEvent.lockdown)
        case "message": event = reader.optionalString("message").map(WatchEvent.message)
        case "door": event = reader.word("door", in: doorWords).map(WatchEvent.door)
        case "tamper": event = reader.word("tamper", in: tamperWords).map(WatchEvent.tamper)
        case "unlock": event = reader.source().map(WatchEvent.unlock)
        case "rejected":
            guard let source = reader.source(), let reason = reader.string("reason").flatMap(UnlockRefusal.Reason.init)
            else { return .failure(.badMember) }
            event = .rejected(source, reason)
        case "not-opened": event = .notOpened
        default: return .failure(.unknownEvent)
        }
        guard let event else { return .failure(.badMember) }
        return .success((event, time))
    }

    static let stateWords = LockState.allCases.map(\.rawValue) + ["out-of-service"]
    static let doorWords = ["closed", "open", "held-open", "forced", "none", "missing"]
    static let tamperWords = ["on", "off", "none", "missing"]

    /// Typed access to one object's members: nil when absent or of another type.
    struct Members {
        let members: [String: JSONValue]

        init(_ members: [String: JSONValue]) { self.members = members }

        func string(_ name: String) -> String? {
            guard case .string(let text)? = members[name] else { return nil }
            return text
        }

        /// A string or null: `.some(nil)` for null.
        func optionalString(_ name: String) -> String?? {
            switch members[name] {
            case .string(let text)?: return .some(text)
            case .null?: return .some(nil)
            default: return nil
            }
        }

        func word(_ name: String, in words: [String]) -> String? {
            string(name).flatMap { words.contains($0) ? $0 : nil }
        }

        func bool(_ name: String) -> Bool? {
            guard case .bool(let value)? = members[name] else { return nil }
            return value
        }

        func integer(_ name: String) -> Int64? {
            guard case .integer(let value)? = members[name] else { return nil }
            return value
        }

        func source() -> UnlockSource? { string("source").flatMap(UnlockSource.init) }

        /// Counts by name, each a whole number 0...10^12 (their sum cannot overflow).
        func counts(_ name: String) -> [String: Int]? {
            guard case .object(let counts)? = members[name] else { return nil }
            var result: [String: Int] = [:]
            for (key, value) in counts {
                guard case .integer(let count) = value, (0...1_000_000_000_000).contains(count) else { return nil }
                result[key] = Int(count)
            }
            return result
        }
    }
}

/// Why a watch line was not used: the bridge counts each kind, and logs it.
public enum WatchLineProblem: String, Error, Equatable, Sendable, CaseIterable {
    case tooLong = "too-long"
    case notJSON = "not-json"
    case unknownEvent = "unknown-event"
    case badMember = "bad-member"
    /// A change before the status that starts every watch: nothing to change yet.
    case beforeStatus = "before-status"
}
