import SlideLockCore
import SlideLockPlatform

/// What a completed slide starts in hook mode (the hook runner), reporting back its outcome;
/// also the optional feedback hook. A fake in tests.
public protocol UnlockAction: AnyObject {
    var pollDescriptors: [Int32] { get }
    var deadline: Double? { get }
    /// Starts the action; false (and a log line) when it could not start.
    func start(source: UnlockSource, slideDuration: Double, now: Double) -> Bool
    /// Called when a descriptor is readable or the deadline passed; the outcome once, when done.
    func service(now: Double) -> Bool?
    func takeLog() -> [LogLine]
    var isRunning: Bool { get }
    /// Runs the feedback hook for `event`, if one is configured for it, replacing a
    /// feedback run still going; `source` is what it is about (`SLIDELOCK_SOURCE`: an
    /// `UnlockSource`'s word, or `door`/`tamper`).
    func feedback(_ event: HookEvent, source: String, now: Double)
    /// True while the newest feedback run goes on (exit mode waits a moment for it).
    var isFeedbackRunning: Bool { get }
    /// True while any of its processes is still there: the unlock hook, the newest feedback
    /// run, or one being stopped.
    var hasRuns: Bool { get }
    /// A reload replaced this action: stops its feedback runs without waiting (SIGTERM now,
    /// SIGKILL after the grace, carried out by `service`); the unlock hook runs on, and its
    /// outcome still comes from `service`.
    func retire(now: Double)
    /// Stops whatever still runs, waiting up to the grace period (a relay script's
    /// switch-off must run before slidelock is gone). For every way out of the loop.
    func stop(now: Double)
}
