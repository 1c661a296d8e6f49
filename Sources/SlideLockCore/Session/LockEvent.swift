/// What the edges tell a `LockSession`. Every event carries its timestamp in seconds on
/// one monotonic clock (the page-flip clock on a panel, a virtual clock in headless runs);
/// the session never reads a clock itself.
///
/// Touch events name one contact each, and every contact the input sees is reported, also
/// one a gate keeps from the thumb (`touchWithheld`): the `UnlockAuthority` must know
/// every finger on the glass to keep its one-finger rule. The moments that make finger
/// history uncertain are events too (`uncertain`, `hidden`, `shown`).
public enum LockEvent: Equatable, Sendable {
    /// A finger (contact `id`) touched the screen at `point`, and may grab the thumb. For a
    /// contact already reported withheld, this releases it (the gate let it through): its
    /// landing time stays the first report's.
    case touchDown(id: Int, point: Point, time: Double)
    /// Contact `id` is down since `time`, and a gate in front of the session keeps it from
    /// the thumb (the ghost filter still wants proof, or ignores it). It counts as a finger
    /// on the glass until its `touchUp` / `touchCancel`. For a contact already down, it can
    /// no longer grab from now on.
    case touchWithheld(id: Int, time: Double)
    /// Contact `id`, withheld, is at `point` (where it landed, then each move): the authority
    /// judges from it whether the contact is stuck (`UnlockAuthority+Stuck.swift`); nothing
    /// else acts on it.
    case touchHeld(id: Int, point: Point, time: Double)
    /// Contact `id` moved to `point`.
    case touchMove(id: Int, point: Point, time: Double)
    /// Contact `id` lifted.
    case touchUp(id: Int, time: Double)
    /// Contact `id` ended and where or how is unknown (events lost, ghost detected); nil:
    /// every contact did (the device went away). A cancel makes the history of every
    /// finger then down uncertain (`Uncertainty.cancel`).
    case touchCancel(id: Int?, time: Double)
    /// Something made the history of the fingers down at `time` uncertain: none of them,
    /// and none that lands before all of them have lifted, may unlock.
    case uncertain(Uncertainty, time: Double)
    /// From `time` the panel does not show this lock (dim, blank, another program's
    /// picture): no contact that lands may unlock, and those down now never will.
    case hidden(HiddenBy, time: Double)
    /// The panel shows this lock again from `time` (when every cover is gone): a moment of
    /// uncertainty like `uncertain`, and contacts must land after it.
    case shown(HiddenBy, time: Double)
    /// A frame is about to be drawn for `time` (vblank / page-flip timestamp).
    case tick(time: Double)
    /// The unlock hook finished (success = exit status 0 within its timeout).
    case actionFinished(success: Bool, time: Double)
    /// Back to the initial locked state at once (SIGUSR1), forgetting cooldowns. Fingers
    /// down stay known, and uncertain (`Uncertainty.relock`).
    case reset(time: Double)
    /// A request over the control socket (`slidelock ctl`): lockdown, a message, an unlock.
    /// Lockdown changes are moments of uncertainty for the fingers down.
    case control(ControlEvent, time: Double)

    /// The event's timestamp, seconds.
    public var time: Double {
        switch self {
        case .touchDown(_, _, let t), .touchWithheld(_, let t), .touchHeld(_, _, let t), .touchMove(_, _, let t),
            .touchUp(_, let t),
            .touchCancel(_, let t), .uncertain(_, let t), .hidden(_, let t), .shown(_, let t), .tick(let t),
            .actionFinished(_, let t), .reset(let t), .control(_, let t):
            return t
        }
    }
}

/// Why the history of the fingers on the glass became uncertain (`LockEvent.uncertain`).
public enum Uncertainty: String, CaseIterable, Equatable, Sendable {
    /// A contact was cancelled (`touchCancel`, a ghost-filter jump).
    case cancel
    /// Events were lost (`SYN_DROPPED`) and the device state was read again.
    case resync
    /// A touch device went away.
    case deviceRemoved = "device-removed"
    /// A touch device was opened (at start or plugged in): fingers on it may be down.
    case deviceAdopted = "device-adopted"
    /// Touch now maps onto another screen size or rotation.
    case remap
    /// The slider was laid out for another screen size.
    case relayout
    /// The configuration was reloaded (SIGHUP).
    case reload
    /// Back to locked from outside (SIGUSR1).
    case relock
    /// The panel was woken from outside (SIGUSR2).
    case wake
}

/// What keeps the panel from showing this lock (`LockEvent.hidden` / `.shown`).
public enum HiddenBy: String, CaseIterable, Equatable, Sendable {
    /// Idle dim or blank.
    case idle
    /// Another program holds DRM master: its picture, not the lock, is on screen.
    case master
    /// The first frame is not on screen yet.
    case startup
    /// The touch output came back in a mode too small for the slider (`Layout.minimumTravel`).
    case layout
}

/// What a `LockSession` asks the edges to do.
public enum LockEffect: Equatable, Sendable {
    /// The authority granted an unlock from `source`: run the unlock action (the hook, in
    /// hook mode). `slideDuration` is the seconds from the finger landing on the thumb to
    /// its release (0 for sources without a contact).
    case unlock(source: UnlockSource, slideDuration: Double)
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
