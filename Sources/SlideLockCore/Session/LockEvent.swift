/// What the edges tell a `LockSession`. Every event carries its timestamp in seconds on
/// one monotonic clock (the page-flip clock on a panel, a virtual clock in headless runs);
/// the session never reads a clock itself.
public enum LockEvent: Equatable, Sendable {
    /// A finger (contact `id`) touched the screen at `point`.
    case touchDown(id: Int, point: Point, time: Double)
    /// Contact `id` moved to `point`.
    case touchMove(id: Int, point: Point, time: Double)
    /// Contact `id` lifted.
    case touchUp(id: Int, time: Double)
    /// The touch device went away: every contact is gone, nothing completes.
    case touchCancel(time: Double)
    /// A frame is about to be drawn for `time` (vblank / page-flip timestamp).
    case tick(time: Double)
    /// The unlock hook finished (success = exit status 0 within its timeout).
    case actionFinished(success: Bool, time: Double)
    /// Back to the initial locked state at once, forgetting contacts and cooldowns.
    case reset(time: Double)

    /// The event's timestamp, seconds.
    public var time: Double {
        switch self {
        case .touchDown(_, _, let t), .touchMove(_, _, let t), .touchUp(_, let t),
            .touchCancel(let t), .tick(let t), .actionFinished(_, let t), .reset(let t):
            return t
        }
    }
}

/// What a `LockSession` asks the edges to do.
public enum LockEffect: Equatable, Sendable {
    /// A slide completed: run the unlock action (the hook, in hook mode). `slideDuration`
    /// is the seconds from the finger landing on the thumb to its release.
    case unlock(slideDuration: Double)
    /// The thumb started to travel under a finger.
    case slideStarted
    /// A slide that had travelled ended without unlocking.
    case slideCancelled
    /// Exit mode: leave now (after the slide-off transition, when enabled).
    case exit
}

/// One line of the session's event log, e.g. `t=1.234 unlocked`.
public struct LockLogEntry: Equatable, Sendable, CustomStringConvertible {
    public let time: Double
    /// A short kebab-case name: `pressed`, `grab`, `slide`, `spring-back`, `unlock`, ...
    public let name: String
    /// Optional extra word, e.g. why a touch was ignored.
    public let detail: String?

    public init(time: Double, name: String, detail: String? = nil) {
        self.time = time
        self.name = name
        self.detail = detail
    }

    /// `t=<seconds with 3 decimals> <name>[ <detail>]`.
    public var description: String {
        let head = "t=" + LockLogEntry.format(time) + " " + name
        return detail.map { head + " " + $0 } ?? head
    }

    /// `seconds` with exactly three decimals, without Foundation's `String(format:)`.
    static func format(_ seconds: Double) -> String {
        let millis = clampedInt((abs(seconds) * 1000).rounded())
        let fraction = String(millis % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return (seconds < 0 && millis > 0 ? "-" : "") + String(millis / 1000) + "." + padded
    }
}
