import SlideLockCore

/// Commands from the broker to the lock: a topic and payload become one `ControlRequest`,
/// or are ignored with the reason (counted). The payload must be exactly one of the words
/// the topic takes: nothing is trimmed, folded or guessed at.
public struct BridgeCommands: Sendable {
    public let topics: BridgeTopics
    public let allowOpen: Bool
    public let allowCommands: Bool
    /// Commands ignored, by kind.
    public private(set) var ignored: [IgnoredCommand.Kind: Int] = [:]

    /// The longest payload read: a message is at most 512 bytes of UTF-8.
    public static let maxPayloadBytes = 1024

    public init(settings: MQTTSettings) {
        topics = BridgeTopics(prefix: settings.topicPrefix)
        allowOpen = settings.allowOpen
        allowCommands = settings.allowCommands
    }

    /// The request for one message from the broker; `retained` is the message's flag.
    public mutating func route(topic: String, payload: [UInt8], retained: Bool) -> Result<
        ControlRequest, IgnoredCommand
    > {
        let result = decide(topic: topic, payload: payload, retained: retained)
        if case .failure(let why) = result { ignored[why.kind, default: 0] += 1 }
        return result
    }

    private func decide(topic: String, payload: [UInt8], retained: Bool) -> Result<ControlRequest, IgnoredCommand> {
        // A retained command is one somebody left on the broker: it would act again at
        // every reconnect, long after whoever sent it meant it.
        if retained { return .failure(.init(.retained, "a retained command is never acted on")) }
        let request: ControlRequest
        switch parse(topic: topic, payload: payload) {
        case .success(let parsed): request = parsed
        case .failure(let why): return .failure(why)
        }
        // Opening is its own permission: the one a site gives most carefully.
        if request == .unlock {
            return allowOpen ? .success(request) : .failure(.init(.notAllowed, "allow_open is off"))
        }
        return allowCommands ? .success(request) : .failure(.init(.notAllowed, "allow_commands is off"))
    }

    private func parse(topic: String, payload: [UInt8]) -> Result<ControlRequest, IgnoredCommand> {
        let words: [String: ControlRequest]
        switch topic {
        case topics.lockCommand: words = ["OPEN": .unlock, "UNLOCK": .unlock, "LOCK": .lock]
        case topics.lockdownCommand: words = ["ON": .lockdown(true), "OFF": .lockdown(false)]
        case topics.displayCommand: words = ["on": .display(.awake), "dim": .display(.dim), "off": .display(.blank)]
        case topics.identifyCommand: words = ["PRESS": .identify]
        case topics.messageCommand: return message(payload)
        default: return .failure(.init(.unknownTopic, "not a command topic"))
        }
        guard payload.count <= 16, let text = String(validating: payload, as: UTF8.self), let request = words[text]
        else {
            let expected = ConfigValue.alternatives(words.keys.sorted())
            return .failure(.init(.badPayload, "expected exactly \(expected)"))
        }
        return .success(request)
    }

    /// The text shown above the track, by the rule of `ctl message`; empty for the
    /// configured message again. Refused when the lock would read it otherwise than it was
    /// sent (outer or doubled spaces, a word starting `--`, which ctl reads as an option):
    /// tidying it would be a guess too.
    private func message(_ payload: [UInt8]) -> Result<ControlRequest, IgnoredCommand> {
        guard payload.count <= Self.maxPayloadBytes, let text = String(validating: payload, as: UTF8.self) else {
            return .failure(.init(.badPayload, "not UTF-8 text of at most \(Self.maxPayloadBytes) bytes"))
        }
        if text.isEmpty { return .success(.clearMessage) }
        if let problem = ScreenTextSettings.messageProblem(text) { return .failure(.init(.badPayload, problem)) }
        let request = ControlRequest.message(text, seconds: nil)
        guard case .success(let read) = ControlRequest.parse(line: Array(request.line.utf8)), read == request else {
            return .failure(
                .init(
                    .badPayload, "the lock would not read it as sent (outer or doubled spaces, or a word starting --)"))
        }
        return .success(request)
    }
}

/// A command not passed to the lock, and why.
public struct IgnoredCommand: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case retained
        case unknownTopic = "unknown-topic"
        case notAllowed = "not-allowed"
        case badPayload = "bad-payload"
    }

    public let kind: Kind
    public let why: String

    init(_ kind: Kind, _ why: String) {
        self.kind = kind
        self.why = why
    }

    public var description: String { kind.rawValue + ": " + why }
}
