/// A scripted sequence of touches and hook results for headless runs (`--play`).
///
/// One event per line, `<seconds> <verb> [args]`, times never decreasing:
///
///     # a full slide on an 800x480 screen
///     0.000 down 100 240
///     0.016 move 120 240
///     0.500 up
///     1.000 action ok          # or: action fail (feeds the hook result)
///     1.200 cancel             # the touch device went away (cancel id=N: one contact)
///
/// What a live input adds is scriptable too: `withheld id=N` (a contact a gate keeps from
/// the thumb; a later `down ... id=N` releases it), `held X Y id=N` (where such a contact
/// is), `uncertain REASON` (an `Uncertainty`
/// raw value: `resync`, `relayout`, `wake`, ...), `hidden BY` / `shown BY` (`idle`,
/// `master`, `startup`); and what the control socket asks: `ctl lockdown on|off`, `ctl
/// unlock` (from root, which the socket's rule always allows).
///
/// `down`, `move` and `up` take an optional `id=N` (default 0) naming the finger, so
/// multi-touch can be scripted: `0.3 down 400 240 id=1` puts a second finger down.
/// `#` starts a comment; blank lines are skipped. A finger must be down to move or lift.
public struct TouchScript: Equatable, Sendable {
    /// Latest time a script (or a recording) may have, seconds: a day. Beyond that a
    /// replay is no replay of a person at a panel, and rendering it would never end.
    public static let maximumTime = 86_400.0

    /// What one line does.
    public enum Action: Equatable, Sendable {
        case down(id: Int, point: Point)
        case move(id: Int, point: Point)
        case up(id: Int)
        case cancel
        case cancelContact(id: Int)
        case withheld(id: Int)
        case held(id: Int, point: Point)
        case uncertain(Uncertainty)
        case hidden(HiddenBy)
        case shown(HiddenBy)
        case action(success: Bool)
        /// `ctl unlock` (from root) or `ctl lockdown on|off`.
        case ctl(ControlEvent)

        /// A moment from outside the touch device (what a recording's header may carry):
        /// not a touch, not a hook's result.
        public var isMoment: Bool {
            switch self {
            case .uncertain, .hidden, .shown, .ctl: return true
            default: return false
            }
        }
    }

    /// The peer a scripted `ctl unlock` comes from: root, whom every socket rule allows.
    public static let scriptedPeer = ControlPeer(pid: 0, uid: 0, gid: 0)

    /// One parsed line.
    public struct Step: Equatable, Sendable {
        public let time: Double
        public let action: Action
        /// 1-based line number in the source.
        public let line: Int

        public init(time: Double, action: Action, line: Int) {
            self.time = time
            self.action = action
            self.line = line
        }

        /// The step that feeds `event` (touches and action results; nil for ticks and resets),
        /// the inverse of `event`: recordings become scripts through it.
        public init?(event: LockEvent, line: Int) {
            let action: Action
            switch event {
            case .touchDown(let id, let p, _): action = .down(id: id, point: p)
            case .touchMove(let id, let p, _): action = .move(id: id, point: p)
            case .touchUp(let id, _): action = .up(id: id)
            case .touchCancel(let id, _): action = id.map { .cancelContact(id: $0) } ?? .cancel
            case .touchWithheld(let id, _): action = .withheld(id: id)
            case .touchHeld(let id, let p, _): action = .held(id: id, point: p)
            case .uncertain(let why, _): action = .uncertain(why)
            case .hidden(let by, _): action = .hidden(by)
            case .shown(let by, _): action = .shown(by)
            case .actionFinished(let ok, _): action = .action(success: ok)
            case .tick, .reset, .control: return nil
            }
            self.init(time: event.time, action: action, line: line)
        }

        /// The session event this step feeds.
        public var event: LockEvent {
            switch action {
            case .down(let id, let p): return .touchDown(id: id, point: p, time: time)
            case .move(let id, let p): return .touchMove(id: id, point: p, time: time)
            case .up(let id): return .touchUp(id: id, time: time)
            case .cancel: return .touchCancel(id: nil, time: time)
            case .cancelContact(let id): return .touchCancel(id: id, time: time)
            case .withheld(let id): return .touchWithheld(id: id, time: time)
            case .held(let id, let p): return .touchHeld(id: id, point: p, time: time)
            case .uncertain(let why): return .uncertain(why, time: time)
            case .hidden(let by): return .hidden(by, time: time)
            case .shown(let by): return .shown(by, time: time)
            case .action(let ok): return .actionFinished(success: ok, time: time)
            case .ctl(let request): return .control(request, time: time)
            }
        }
    }

    /// The lines, in order.
    public let steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// Parses `text`; `fileName` prefixes error messages. With `screen`, coordinates must
    /// lie on it (0 ≤ x < width, 0 ≤ y < height).
    public static func parse(
        _ text: String, fileName: String = "script",
        screen: Size? = nil
    ) throws(TouchScriptError) -> TouchScript {
        var parser = TouchScriptParser(fileName: fileName, screen: screen)
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            try parser.parse(line: raw, number: number)
        }
        return TouchScript(steps: parser.steps)
    }
}

/// A script line that does not parse: `file:line: message`.
public struct TouchScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    public let fileName: String
    /// 1-based line number.
    public let line: Int
    public let message: String

    public init(fileName: String, line: Int, message: String) {
        self.fileName = fileName
        self.line = line
        self.message = message
    }

    public var description: String { "\(fileName):\(line): \(message)" }
}

/// Line-by-line state of `TouchScript.parse`: the previous time and the fingers down.
struct TouchScriptParser {
    let fileName: String
    let screen: Size?
    var steps: [TouchScript.Step] = []
    var lastTime = 0.0
    var fingersDown: Set<Int> = []
    /// Fingers down as `withheld` and not released by a `down`.
    var withheld: Set<Int> = []
    var lineNumber = 0

    init(fileName: String, screen: Size?) {
        self.fileName = fileName
        self.screen = screen
    }

    mutating func parse(line raw: Substring, number: Int) throws(TouchScriptError) {
        lineNumber = number
        let text = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard !words.isEmpty else { return }
        let time = try decimal(words.removeFirst(), what: "time")
        guard time >= 0 else { throw fail("negative time \(LockLogEntry.format(time))") }
        guard time <= TouchScript.maximumTime else {
            throw fail(
                "time \(LockLogEntry.format(time)) is past the limit of "
                    + "\(ConfigValue.format(TouchScript.maximumTime)) s")
        }
        guard time >= lastTime else {
            throw fail("time goes backwards (\(LockLogEntry.format(time)) after \(LockLogEntry.format(lastTime)))")
        }
        guard !words.isEmpty else { throw fail("missing verb after the time") }
        let verb = words.removeFirst()
        var id = 0
        if let last = words.last, last.hasPrefix("id="),
            ["down", "move", "up", "withheld", "held", "cancel"].contains(verb)
        {
            words.removeLast()
            guard let n = Int(last.dropFirst(3)), n >= 0 else { throw fail("malformed finger id \"\(last)\"") }
            id = n
        }
        let action: TouchScript.Action
        switch verb {
        case "down", "move":
            let point = try point(words)
            if verb == "down" {
                // A down releases a withheld finger.
                guard !fingersDown.contains(id) || withheld.remove(id) != nil else {
                    throw fail("finger \(id) is already down")
                }
                fingersDown.insert(id)
                action = .down(id: id, point: point)
            } else {
                guard fingersDown.contains(id) else { throw fail("finger \(id) is not down") }
                action = .move(id: id, point: point)
            }
        case "up":
            try noMore(words, from: 0)
            guard fingersDown.remove(id) != nil else { throw fail("finger \(id) is not down") }
            withheld.remove(id)
            action = .up(id: id)
        case "withheld":
            try noMore(words, from: 0)
            guard fingersDown.insert(id).inserted else { throw fail("finger \(id) is already down") }
            withheld.insert(id)
            action = .withheld(id: id)
        case "held":
            let point = try point(words)
            guard withheld.contains(id) else { throw fail("finger \(id) is not withheld") }
            action = .held(id: id, point: point)
        case "cancel" where text.contains("id="):
            try noMore(words, from: 0)
            guard fingersDown.remove(id) != nil else { throw fail("finger \(id) is not down") }
            withheld.remove(id)
            action = .cancelContact(id: id)
        case "cancel":
            try noMore(words, from: 0)
            fingersDown.removeAll()
            withheld.removeAll()
            action = .cancel
        case "uncertain", "hidden", "shown":
            guard let word = words.first else { throw fail("missing reason after \(verb)") }
            try noMore(words, from: 1)
            if verb == "uncertain" {
                guard let why = Uncertainty(rawValue: word) else { throw fail("unknown uncertainty \"\(word)\"") }
                action = .uncertain(why)
            } else {
                guard let by = HiddenBy(rawValue: word) else { throw fail("unknown cover \"\(word)\"") }
                action = verb == "hidden" ? .hidden(by) : .shown(by)
            }
        case "ctl":
            action = .ctl(try control(words))
        case "action":
            guard let result = words.first else { throw fail("missing action result (ok or fail)") }
            try noMore(words, from: 1)
            switch result {
            case "ok": action = .action(success: true)
            case "fail": action = .action(success: false)
            default: throw fail("action result must be ok or fail, not \"\(result)\"")
            }
        default:
            throw fail("unknown verb \"\(verb)\"")
        }
        lastTime = time
        steps.append(TouchScript.Step(time: time, action: action, line: number))
    }

    /// `unlock` or `lockdown on|off` after `ctl`.
    func control(_ words: [String]) throws(TouchScriptError) -> ControlEvent {
        switch words.first {
        case "unlock":
            try noMore(words, from: 1)
            return .unlock(peer: TouchScript.scriptedPeer, access: ControlAccess())
        case "lockdown":
            try noMore(words, from: 2)
            guard words.count == 2, words[1] == "on" || words[1] == "off" else {
                throw fail("ctl lockdown takes on or off")
            }
            return .lockdown(words[1] == "on")
        default:
            throw fail("ctl takes unlock or lockdown on|off")
        }
    }

    func point(_ words: [String]) throws(TouchScriptError) -> Point {
        guard words.count >= 1 else { throw fail("missing X coordinate") }
        guard words.count >= 2 else { throw fail("missing Y coordinate") }
        try noMore(words, from: 2)
        let x = try decimal(words[0], what: "X coordinate")
        let y = try decimal(words[1], what: "Y coordinate")
        if let screen {
            let size = "\(Int(screen.width))x\(Int(screen.height))"
            guard x >= 0 && x < screen.width else { throw fail("X \(words[0]) is off the \(size) screen") }
            guard y >= 0 && y < screen.height else { throw fail("Y \(words[1]) is off the \(size) screen") }
        }
        return Point(x: x, y: y)
    }

    func decimal(_ word: String, what: String) throws(TouchScriptError) -> Double {
        guard let value = Double(word), value.isFinite else { throw fail("malformed \(what) \"\(word)\"") }
        return value
    }

    func noMore(_ words: [String], from index: Int) throws(TouchScriptError) {
        if words.count > index { throw fail("unexpected argument \"\(words[index])\"") }
    }

    func fail(_ message: String) -> TouchScriptError {
        TouchScriptError(fileName: fileName, line: lineNumber, message: message)
    }
}
