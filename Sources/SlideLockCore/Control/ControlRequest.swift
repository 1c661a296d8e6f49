/// One request over the control socket (`slidelock ctl`). The client and the lock share this
/// grammar: the client parses its arguments into a request and sends `line`; the lock parses
/// the line back with the same code.
public enum ControlRequest: Equatable, Sendable {
    case status(json: Bool)
    /// Relock now (as SIGUSR1).
    case lock
    /// Wake a dim or blank panel (as SIGUSR2).
    case wake
    /// Reload the configuration (as SIGHUP).
    case reload
    /// Open the door through the unlock action, as a slide would (source `ctl`).
    case unlock
    /// Show `text` above the track, for `seconds` (nil: until replaced or cleared).
    case message(String, seconds: Double?)
    case clearMessage
    case lockdown(Bool)
    /// Keep the connection: the full status, then one line per change (`WatchEvent`).
    case watch(json: Bool)
    /// End the tamper alarm once the input is at rest again.
    case tamperReset
    /// Panel power from outside: `awake` wakes (as SIGUSR2), `dim` and `blank` as idle
    /// would; a touch wakes a dim or blank panel as ever.
    case display(PanelPower)
    /// Show which panel this is: a bright border for `identifySeconds`, and the feedback
    /// hook's `identify` (a buzzer's beep).
    case identify

    /// Longest request line in bytes, its newline included: a longer one is refused and
    /// the connection closed. Room for the longest message (`ScreenTextSettings`) and its verb.
    public static let maxLineBytes = 1024
    /// How long `identify` shows its border, seconds.
    public static let identifySeconds = 10.0
    /// Longest `--for`, seconds (a day: a typo's likelier past that).
    public static let maxMessageSeconds = 86_400.0

    /// The request's verb: `status`, `lock`, `message`, ...
    public var verb: String {
        switch self {
        case .status: return "status"
        case .lock: return "lock"
        case .wake: return "wake"
        case .reload: return "reload"
        case .unlock: return "unlock"
        case .message, .clearMessage: return "message"
        case .lockdown: return "lockdown"
        case .watch: return "watch"
        case .tamperReset: return "tamper-reset"
        case .display: return "display"
        case .identify: return "identify"
        }
    }

    /// True for requests that change something (audited); `status` and `watch` only read.
    public var changesState: Bool {
        switch self {
        case .status, .watch: return false
        default: return true
        }
    }

    /// The line the client sends (without its newline).
    public var line: String {
        switch self {
        case .status(let json): return json ? "status --json" : "status"
        case .message(let text, let seconds):
            return "message " + (seconds.map { "--for " + ControlRequest.format($0) + " " } ?? "") + text
        case .clearMessage: return "message --clear"
        case .lockdown(let on): return "lockdown " + (on ? "on" : "off")
        case .watch(let json): return json ? "watch --json" : "watch"
        case .display(let power): return "display " + ControlRequest.displayWord(power)
        default: return verb
        }
    }

    /// The text of a request line (its newline removed) as the lock reads it: UTF-8,
    /// no control characters, at most `maxLineBytes`.
    public static func parse(line bytes: [UInt8]) -> Result<ControlRequest, ControlRequestError> {
        words(line: bytes).flatMap { parse(arguments: $0) }
    }

    /// The words of a request line, once it is known to be short, UTF-8 and free of
    /// control characters.
    static func words(line bytes: [UInt8]) -> Result<[String], ControlRequestError> {
        guard bytes.count < maxLineBytes else { return .failure(.init("request longer than \(maxLineBytes) bytes")) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.init("request is not UTF-8 text"))
        }
        // Tabs, escapes, NULs: nothing that could forge a log line or steer a terminal.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            return .failure(.init("request contains a control character"))
        }
        return .success(text.split(separator: " ").map(String.init))
    }

    /// `slidelock ctl` arguments (or a line's words).
    public static func parse(arguments args: [String]) -> Result<ControlRequest, ControlRequestError> {
        guard let verb = args.first else { return .failure(.init("no request (expected \(verbs))")) }
        let rest = Array(args.dropFirst())
        func none(_ request: ControlRequest) -> Result<ControlRequest, ControlRequestError> {
            rest.isEmpty ? .success(request) : .failure(.init("\(verb) takes no arguments, got \"\(rest[0])\""))
        }
        switch verb {
        case "status":
            if rest == ["--json"] { return .success(.status(json: true)) }
            return rest.isEmpty ? .success(.status(json: false)) : .failure(.init("status takes only --json"))
        case "lock": return none(.lock)
        case "wake": return none(.wake)
        case "reload": return none(.reload)
        case "unlock": return none(.unlock)
        case "lockdown":
            switch rest {
            case ["on"]: return .success(.lockdown(true))
            case ["off"]: return .success(.lockdown(false))
            default: return .failure(.init("lockdown takes on or off"))
            }
        case "message": return parseMessage(rest)
        case "watch":
            if rest == ["--json"] { return .success(.watch(json: true)) }
            return rest.isEmpty ? .success(.watch(json: false)) : .failure(.init("watch takes only --json"))
        case "tamper-reset": return none(.tamperReset)
        case "identify": return none(.identify)
        case "display":
            guard rest.count == 1, let power = displayPowers[rest[0]] else {
                return .failure(.init("display takes on, dim or off"))
            }
            return .success(.display(power))
        default: return .failure(.init("unknown request \"\(verb)\" (expected \(verbs))"))
        }
    }

    static let verbs =
        "status, watch, lock, wake, reload, unlock, message, lockdown, tamper-reset, display or identify"

    /// `display`'s words: `off` is the panel blanked (status says `blank`).
    static let displayPowers: [String: PanelPower] = ["on": .awake, "dim": .dim, "off": .blank]

    static func displayWord(_ power: PanelPower) -> String {
        displayPowers.first { $0.value == power }!.key
    }

    /// `TEXT... [--for SECONDS]` in any order, or `--clear` alone.
    static func parseMessage(_ args: [String]) -> Result<ControlRequest, ControlRequestError> {
        if args == ["--clear"] { return .success(.clearMessage) }
        var words: [String] = []
        var seconds: Double?
        var i = 0
        while i < args.count {
            let word = args[i]
            i += 1
            if word == "--for" {
                guard seconds == nil, i < args.count else { return .failure(.init("message --for needs SECONDS")) }
                guard let value = ConfigValue.decimal(args[i]), value > 0, value <= maxMessageSeconds else {
                    return .failure(.init("message --for: bad seconds \"\(args[i])\" (expected 0...86400)"))
                }
                seconds = value
                i += 1
            } else if word == "--clear" {
                return .failure(.init("message --clear takes nothing else"))
            } else if word.hasPrefix("--") {
                return .failure(.init("message: unknown option \"\(word)\""))
            } else {
                words += word.split(separator: " ").map(String.init)
            }
        }
        let text = words.joined(separator: " ")
        guard !text.isEmpty else { return .failure(.init("message needs TEXT (or --clear)")) }
        // The rule of `display.message`, here in the client too: refused before it is sent.
        if let problem = ScreenTextSettings.messageProblem(text) { return .failure(.init("message: " + problem)) }
        return .success(.message(text, seconds: seconds))
    }

    /// A number as the line carries it: whole seconds without a fraction.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Why a request was refused before it reached the lock: one line.
public struct ControlRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
