import SlideLockCore

/// What the broker should hold about the lock, kept from `ctl watch --json`: each line in,
/// the messages to publish out. The first line (the status) publishes every state; each
/// change after it publishes what it changed, the attributes, and an event where there is one.
public struct BridgeState: Sendable {
    public let topics: BridgeTopics
    /// The lock as last told; nil until a status line (and again once the lock is gone).
    public private(set) var status: ControlStatus?
    /// Lines not used, by kind.
    public private(set) var problems: [WatchLineProblem: Int] = [:]
    private var uptimeBase = (uptime: 0, time: Int64(0))

    public init(topics: BridgeTopics) { self.topics = topics }

    /// The messages one watch line makes (none for a line not used: see `problems`).
    public mutating func read(line: [UInt8]) -> [MQTTMessage] {
        switch WatchLine.parse(line) {
        case .failure(let problem):
            problems[problem, default: 0] += 1
            return []
        case .success(let (event, time)):
            return apply(event, time: time)
        }
    }

    /// The watch connection ended (the lock stopped, or exit mode between two runs).
    public mutating func lockGone() -> [MQTTMessage] {
        status = nil
        return [MQTTMessage(topics.availability, "offline", retained: true)]
    }

    /// Every retained message as things stand, for a broker that lost them (restarted
    /// without persistence, or a new session): the lock's availability and, while it is
    /// there, every state.
    public var current: [MQTTMessage] {
        guard let status else { return [MQTTMessage(topics.availability, "offline", retained: true)] }
        return everything(status)
    }

    private func everything(_ s: ControlStatus) -> [MQTTMessage] {
        [MQTTMessage(topics.availability, "online", retained: true), state(s)] + attributes(s)
            + [lockdown(s), display(s), message(s), door(s), tamper(s), rejected(s)]
    }

    private mutating func apply(_ event: WatchEvent, time: Int64) -> [MQTTMessage] {
        if case .status(let new) = event {
            status = new
            uptimeBase = (new.uptime, time)
            return everything(new)
        }
        guard var s = status else {
            problems[.beforeStatus, default: 0] += 1
            return []
        }
        s.uptime = uptimeBase.uptime + Int(max(0, time - uptimeBase.time))
        var out: [MQTTMessage] = []
        var events: [MQTTMessage] = []
        switch event {
        case .status: break
        case .state(let word):
            if let lockState = LockState(rawValue: word) {
                s.state = lockState
                s.outOfService = nil
            } else {
                s.outOfService = s.outOfService ?? "out of service"
            }
            out.append(state(s))
        case .display(let word):
            s.display = word
            out.append(display(s))
        case .lockdown(let on):
            s.lockdown = on
            out.append(lockdown(s))
        case .message(let text):
            s.message = text
            out.append(message(s))
        case .door(let word):
            s.door = word
            out.append(door(s))
            if let name = Self.doorEventNames[word] { events.append(doorEvent(name, time: time)) }
        case .tamper(let word):
            s.tamper = word
            out.append(tamper(s))
            if let name = Self.tamperEventNames[word] { events.append(doorEvent(name, time: time)) }
        case .unlock(let source):
            s.unlocks[source.rawValue, default: 0] += 1
            s.lastUnlock = LastUnlock(time: time, source: source)
            events.append(accessEvent([("event_type", "unlock"), ("source", source.rawValue)], time: time))
        case .rejected(let source, let reason):
            // The tally is of slides, as the lock's status counts them.
            if source == .slide {
                s.rejected[reason.rawValue, default: 0] += 1
                out.append(rejected(s))
            }
            events.append(
                accessEvent(
                    [("event_type", "rejected"), ("source", source.rawValue), ("reason", reason.rawValue)], time: time))
        case .notOpened:
            events.append(doorEvent("not-opened", time: time))
        }
        status = s
        return out + attributes(s) + events
    }

    /// The event types of the door's entity, by the door's word (`none`: no event, the
    /// entity just reads unknown). The journal's names where it has one.
    static let doorEventNames = [
        "open": "door-open", "closed": "door-closed", "held-open": "held-open", "forced": "forced",
        "missing": "door-missing",
    ]
    static let tamperEventNames = ["on": "tampered", "off": "tamper-reset", "missing": "tamper-missing"]

    private func state(_ s: ControlStatus) -> MQTTMessage {
        let word: String
        switch s.stateWord {
        case "busy", "unlocked": word = "UNLOCKED"
        // The unlock action failed: Home Assistant's word for a lock that could not move.
        case "failed": word = "JAMMED"
        default: word = "LOCKED" // locked, pressed, dragging, out-of-service
        }
        return MQTTMessage(topics.state, word, retained: true)
    }

    private func attributes(_ s: ControlStatus) -> [MQTTMessage] {
        let last = s.lastUnlock.map {
            JSONText.object([("time", String($0.time)), ("source", JSONText.string($0.source.rawValue))])
        }
        let json = JSONText.object([
            ("state", JSONText.string(s.stateWord)),
            ("display", JSONText.string(s.display)),
            ("lockdown", s.lockdown ? "true" : "false"),
            ("out_of_service", s.outOfService.map(JSONText.string) ?? "null"),
            ("message", s.message.map(JSONText.string) ?? "null"),
            ("last_unlock", last ?? "null"),
            ("unlocks", JSONText.counts(s.unlocks)),
            ("rejected_slides", JSONText.counts(s.rejected)),
            ("door", JSONText.string(s.door)),
            ("tamper", JSONText.string(s.tamper)),
            ("version", JSONText.string(s.version)),
            ("uptime", String(s.uptime)),
        ])
        return [MQTTMessage(topics.attributes, json, retained: true)]
    }

    private func onOff(_ on: Bool) -> String { on ? "ON" : "OFF" }

    private func lockdown(_ s: ControlStatus) -> MQTTMessage {
        MQTTMessage(topics.lockdown, onOff(s.lockdown), retained: true)
    }

    /// `None` is Home Assistant's "unknown" for a select and a binary sensor.
    private func display(_ s: ControlStatus) -> MQTTMessage {
        let word = ["on": "on", "dim": "dim", "blank": "off"][s.display] ?? "None"
        return MQTTMessage(topics.display, word, retained: true)
    }

    private func message(_ s: ControlStatus) -> MQTTMessage {
        MQTTMessage(topics.message, s.message ?? "", retained: true)
    }

    private func door(_ s: ControlStatus) -> MQTTMessage {
        let word = ["open": "ON", "held-open": "ON", "forced": "ON", "closed": "OFF"][s.door] ?? "None"
        return MQTTMessage(topics.door, word, retained: true)
    }

    private func tamper(_ s: ControlStatus) -> MQTTMessage {
        MQTTMessage(topics.tamper, ["on": "ON", "off": "OFF"][s.tamper] ?? "None", retained: true)
    }

    private func rejected(_ s: ControlStatus) -> MQTTMessage {
        MQTTMessage(topics.rejected, String(s.rejected.values.reduce(0, +)), retained: true)
    }

    private func accessEvent(_ members: [(String, String)], time: Int64) -> MQTTMessage {
        let json = JSONText.object(members.map { ($0.0, JSONText.string($0.1)) } + [("time", String(time))])
        return MQTTMessage(topics.accessEvent, json, retained: false)
    }

    private func doorEvent(_ name: String, time: Int64) -> MQTTMessage {
        let json = JSONText.object([("event_type", JSONText.string(name)), ("time", String(time))])
        return MQTTMessage(topics.doorEvent, json, retained: false)
    }
}
