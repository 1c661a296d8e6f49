import SlideLockCore
import SlideLockPlatform

/// Where touches come from: the evdev edge (`TouchInput`), or a fake in tests.
public protocol TouchSource: AnyObject {
    var pollDescriptors: [Int32] { get }
    /// Every event decoded from what the descriptors hold now; never blocks.
    func readAvailable() -> [LockEvent]
    /// Events that time alone releases (the ghost filter's pending contacts).
    func advance(to seconds: Double) -> [LockEvent]
    func takeLog() -> [LogLine]
    /// When `advance` must next be called even without input, or nil.
    func nextDeadline(now: Double) -> Double?
}

extension TouchInput: TouchSource {}
