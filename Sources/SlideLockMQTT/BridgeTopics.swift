/// One message for the broker.
public struct MQTTMessage: Equatable, Sendable, CustomStringConvertible {
    public var topic: String
    /// UTF-8 text; empty with `retained` clears what the broker keeps on the topic.
    public var payload: String
    /// Kept by the broker for whoever subscribes later: states are, events are not.
    public var retained: Bool
    /// 1 for everything: at least once, so a state or an event is not lost to a reconnect.
    public var qos: Int

    public init(_ topic: String, _ payload: String, retained: Bool, qos: Int = 1) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
        self.qos = qos
    }

    /// `topic payload (retained)`, for logs and test failures.
    public var description: String { topic + " " + payload + (retained ? " (retained)" : "") }
}

/// The panel's topics, all under `topic_prefix` (docs/site.md lists them).
public struct BridgeTopics: Equatable, Sendable {
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    /// The bridge's own `online`/`offline` (its last will says `offline`).
    public var bridge: String { prefix + "/bridge" }
    /// The lock's `online`/`offline`: online while `ctl watch` is connected.
    public var availability: String { prefix + "/availability" }
    /// `LOCKED`, `UNLOCKED` or `JAMMED`.
    public var state: String { prefix + "/state" }
    /// One JSON object: the status as Home Assistant shows it beside the lock.
    public var attributes: String { prefix + "/attributes" }
    /// `ON` (open), `OFF` (closed) or `None` (no contact, or its line missing).
    public var door: String { prefix + "/door" }
    public var tamper: String { prefix + "/tamper" }
    public var lockdown: String { prefix + "/lockdown" }
    /// `on`, `dim`, `off`, or `None` while another program has the screen.
    public var display: String { prefix + "/display" }
    public var message: String { prefix + "/message" }
    /// Rejected slides since the lock started.
    public var rejected: String { prefix + "/rejected" }
    /// Not retained: `{"event_type":"unlock",...}` and `rejected`.
    public var accessEvent: String { prefix + "/event/access" }
    /// Not retained: the door's and the tamper input's changes, and not-opened.
    public var doorEvent: String { prefix + "/event/door" }

    /// Commands: `OPEN`, `UNLOCK`, `LOCK`.
    public var lockCommand: String { prefix + "/set" }
    public var messageCommand: String { prefix + "/message/set" }
    public var lockdownCommand: String { prefix + "/lockdown/set" }
    public var displayCommand: String { prefix + "/display/set" }
    public var identifyCommand: String { prefix + "/identify/set" }

    /// What the bridge subscribes to.
    public var commands: [String] {
        [lockCommand, messageCommand, lockdownCommand, displayCommand, identifyCommand]
    }

    /// The bridge's availability once connected, and its last will.
    public var bridgeOnline: MQTTMessage { MQTTMessage(bridge, "online", retained: true) }
    public var bridgeWill: MQTTMessage { MQTTMessage(bridge, "offline", retained: true) }
}
