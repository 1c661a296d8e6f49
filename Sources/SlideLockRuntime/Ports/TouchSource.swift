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
    /// Maps touch onto a logical screen of this size and rotation from now on.
    func remap(screen: Size, rotation: ImageRotation)
}

extension TouchSource {
    /// Sources with fixed coordinates (scripts, fakes) keep them.
    public func remap(screen: Size, rotation: ImageRotation) {}
}

extension TouchInput: TouchSource {}
