/// One line of `slidelock ctl watch`: the first is the whole status, then one per change.
/// Its two spellings (`text`, `json`) are the contract the MQTT bridge reads; docs/ctl.md
/// describes them, and a change here is a change there.
public enum WatchEvent: Equatable, Sendable {
    case status(ControlStatus)
    /// `ControlStatus.stateWord`: the session's state, or `out-of-service`.
    case state(String)
    /// `on`, `dim`, `blank` or `away`.
    case display(String)
    case lockdown(Bool)
    /// The message shown now (nil: none).
    case message(String?)
    /// `DoorState`'s words, or `missing`.
    case door(String)
    /// `on` while tampered, else `off`.
    case tamper(String)
    /// A granted unlock and its source.
    case unlock(UnlockSource)
    /// A refused one: its source and reason.
    case rejected(UnlockSource, UnlockRefusal.Reason)
    /// A granted unlock whose door did not open within `door.open_window`.
    case notOpened

    /// The lines for what differs from `old` to `new` (the tallies are not changes:
    /// `unlock` and `rejected` come from the decisions themselves).
    public static func changes(from old: ControlStatus, to new: ControlStatus) -> [WatchEvent] {
        var events: [WatchEvent] = []
        if old.stateWord != new.stateWord { events.append(.state(new.stateWord)) }
        if old.display != new.display { events.append(.display(new.display)) }
        if old.lockdown != new.lockdown { events.append(.lockdown(new.lockdown)) }
        if old.message != new.message { events.append(.message(new.message)) }
        if old.door != new.door { events.append(.door(new.door)) }
        if old.tamper != new.tamper { events.append(.tamper(new.tamper)) }
        return events
    }

    /// The lines an authority's decision makes.
    public init(_ decision: UnlockDecision) {
        if let refusal = decision.refusal {
            self = .rejected(decision.source, refusal.reason)
        } else {
            self = .unlock(decision.source)
        }
    }

    /// The event's name: the first word of its text line, `"event"` in its JSON.
    public var name: String {
        switch self {
        case .status: return "status"
        case .state: return "state"
        case .display: return "display"
        case .lockdown: return "lockdown"
        case .message: return "message"
        case .door: return "door"
        case .tamper: return "tamper"
        case .unlock: return "unlock"
        case .rejected: return "rejected"
        case .notOpened: return "not-opened"
        }
    }

    /// `state unlocked`, `rejected slide too-fast`, `message "Back at 3"` (`message -` for
    /// none), `status ` and the status line.
    public var text: String {
        switch self {
        case .status(let s): return "status " + s.text
        case .state(let word), .display(let word), .door(let word), .tamper(let word): return name + " " + word
        case .lockdown(let on): return "lockdown " + (on ? "on" : "off")
        case .message(let text): return "message " + (text.map(JSONText.string) ?? "-")
        case .unlock(let source): return "unlock " + source.rawValue
        case .rejected(let source, let reason): return "rejected \(source.rawValue) \(reason.rawValue)"
        case .notOpened: return name
        }
    }

    /// One JSON object: `"event"`, the wall-clock second (`"time"`), then the event's
    /// members (a status's are those of `status --json`).
    public func json(time: Int64) -> String {
        let members: [(String, String)]
        switch self {
        case .status(let s): members = s.jsonMembers
        case .state(let word), .display(let word), .door(let word), .tamper(let word):
            members = [(name, JSONText.string(word))]
        case .lockdown(let on): members = [("lockdown", on ? "true" : "false")]
        case .message(let text): members = [("message", text.map(JSONText.string) ?? "null")]
        case .unlock(let source): members = [("source", JSONText.string(source.rawValue))]
        case .rejected(let source, let reason):
            members = [("source", JSONText.string(source.rawValue)), ("reason", JSONText.string(reason.rawValue))]
        case .notOpened: members = []
        }
        return JSONText.object([("event", JSONText.string(name)), ("time", String(time))] + members)
    }
}
