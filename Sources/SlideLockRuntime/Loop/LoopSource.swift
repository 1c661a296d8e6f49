import SlideLockCore

/// One entry in the lock loop's list: what it waits on, when the wait must end for it, and
/// what it does after every wait (events for the session, commands to the lock), plus the
/// moments it wants to hear of (effects for the edges, state changes, reloads). Touch,
/// keyboards, signals, hotplug, idle, the clock, control, the button, the recorder and the
/// hooks are all entries; the loop itself keeps only the frames, the session and the exit.
/// Every requirement has a default that does nothing: an entry states only what it uses.
public protocol LoopSource: AnyObject {
    /// Polled for POLLIN.
    var pollDescriptors: [Int32] { get }
    /// When the wait must end for this entry even if nothing is readable; nil: its
    /// descriptors alone say when.
    func nextDeadline(now: Double) -> Double?
    /// When in a turn it is serviced.
    var stage: LoopStage { get }
    /// After every wait, in list order: a bounded amount of work, never a wait. An entry
    /// with nothing readable (`turn.isReady`) and no deadline passed usually returns at once.
    func service(_ turn: inout LoopTurn)
    /// Something happened in the lock that an edge may carry out or report.
    func observe(_ moment: LoopMoment, lock: LockLoop, now: Double)
    /// Builds aside what a new configuration needs; a throw keeps the old configuration
    /// everywhere (`reloaded` follows only once every entry and the frames are ready).
    func prepare(reload settings: Settings) throws
    /// True while the entry holds the exit a moment after the last frame shows.
    func holdsExit(now: Double) -> Bool
    /// Adds what the entry shows to a frame (the clock's text).
    func decorate(_ visual: inout ControlVisual)
}

/// When in a turn an entry is serviced: `outputs` before the loop settles its outputs (hung
/// flips, master, the trace), so an output that went is never recovered; `input` after.
public enum LoopStage: Sendable {
    case outputs, input
}

/// What entries hear of, in the order it happens.
public enum LoopMoment {
    /// Before the first frame is prepared.
    case started
    /// The session's effect (after the loop logged an unlock).
    case effect(LockEffect)
    /// The session's state changed.
    case state(LockState)
    /// A turn's session log and the authority's decisions, before the loop logs them.
    case batch(log: [LockLogEntry], decisions: [UnlockDecision])
    /// A new configuration is in use.
    case reloaded(Settings)
    /// The door or the tamper input changed (`DoorSource`).
    case door(DoorNotice)
    /// `ctl identify`: the feedback hook runs for it (a buzzer beeps).
    case identify
    /// The flight recorder wrote these files for a verdict (`unlock`, `rejected REASON`).
    case recorded(verdict: String, files: [String])
    /// The touch output is back: touch maps onto this logical screen.
    case touchScreen(Size, ImageRotation)
    /// The run ends, whichever way: stop what still runs.
    case stopping
}

/// One turn's wake-up: what was readable, the time, the lock, and what the entries found
/// for the session.
public struct LoopTurn {
    public let ready: Set<Int32>
    public let now: Double
    public unowned let lock: LockLoop
    /// Events for the session, in the order the entries posted them.
    public private(set) var events: [LockEvent] = []
    /// The newest input event's time (kernel timestamp), for the trace.
    public private(set) var newestInput: Double?
    /// Set by an entry that ends the run (a stop signal): 128 + N.
    public private(set) var exitStatus: Int32?

    init(ready: Set<Int32>, now: Double, lock: LockLoop) {
        self.ready = ready
        self.now = now
        self.lock = lock
    }

    /// True when one of `source`'s descriptors is readable.
    public func isReady(_ source: LoopSource) -> Bool { source.pollDescriptors.contains(where: ready.contains) }

    /// Events for the session that are not input (a hook's outcome).
    public mutating func post(_ events: [LockEvent]) { self.events += events }

    /// Input events for the session: their newest time is what the next frame shows.
    public mutating func input(_ events: [LockEvent]) {
        self.events += events
        if let newest = events.map(\.time).max() { newestInput = max(newestInput ?? newest, newest) }
    }

    /// Ends the run with `status` once this entry returns.
    public mutating func exit(_ status: Int32) { exitStatus = status }
}

extension LoopSource {
    public var pollDescriptors: [Int32] { [] }
    public func nextDeadline(now: Double) -> Double? { nil }
    public var stage: LoopStage { .input }
    public func service(_ turn: inout LoopTurn) {}
    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {}
    public func prepare(reload settings: Settings) throws {}
    public func holdsExit(now: Double) -> Bool { false }
    public func decorate(_ visual: inout ControlVisual) {}
}
