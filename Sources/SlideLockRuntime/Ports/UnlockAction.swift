import SlideLockCore
import SlideLockPlatform

/// What a completed slide starts in hook mode (the hook runner), reporting back its outcome;
/// also the optional slide-start and cancel notifications. A fake in tests.
public protocol UnlockAction: AnyObject {
    var pollDescriptors: [Int32] { get }
    var deadline: Double? { get }
    /// Starts the action; false (and a log line) when it could not start.
    func start(slideDuration: Double, now: Double) -> Bool
    /// Called when a descriptor is readable or the deadline passed; the outcome once, when done.
    func service(now: Double) -> Bool?
    func takeLog() -> [LogLine]
    var isRunning: Bool { get }
    /// Runs the slide-start or cancel notification hook, if one is configured.
    func notify(_ effect: LockEffect, now: Double)
}
