/// A request line as the lock reads it: the request, and what it came through when the
/// client says so (`--via WORD` before the verb). The MQTT bridge names the topic and the
/// payload there (`--via mqtt:slidelock/door1/set=OPEN unlock`), so the lock's audit of a
/// command from the broker carries them beside the bridge's uid. The word is the client's
/// own account: it decides nothing (the peer's credentials and the request do).
public struct ControlRequestLine: Equatable, Sendable {
    public var request: ControlRequest
    public var via: String?

    public init(_ request: ControlRequest, via: String? = nil) {
        self.request = request
        self.via = via
    }

    /// Longest `--via` word, in bytes.
    public static let maxViaBytes = 256

    /// The line a client sends (without its newline).
    public var line: String { (via.map { "--via " + $0 + " " } ?? "") + request.line }

    /// A line (its newline removed): `ControlRequest.parse(line:)`'s rules, and a leading
    /// `--via WORD`.
    public static func parse(line bytes: [UInt8]) -> Result<ControlRequestLine, ControlRequestError> {
        ControlRequest.words(line: bytes).flatMap { words in
            guard words.first == "--via" else { return ControlRequest.parse(arguments: words).map { .init($0) } }
            guard words.count > 1, words[1].utf8.count <= maxViaBytes, !words[1].hasPrefix("-") else {
                return .failure(.init("--via needs a word of at most \(maxViaBytes) bytes before the request"))
            }
            return ControlRequest.parse(arguments: Array(words.dropFirst(2))).map { .init($0, via: words[1]) }
        }
    }
}
