import SlideLockCore
import SlideLockPlatform

/// The wall clock the screen shows: the real one (`WallClock`, a timerfd that fires at each
/// minute and when the clock is set), or a fake on the tests' virtual clock.
public protocol ClockSource: AnyObject {
    /// Readable when the text may have changed.
    var pollDescriptors: [Int32] { get }
    /// A moment (the loop's monotonic clock) the text is due again, or nil: the descriptors
    /// alone say when.
    func nextDeadline(now: Double) -> Double?
    /// After a wake-up (`ready`: the descriptors found readable): true when the text is due
    /// again.
    func isDue(ready: Set<Int32>, now: Double) -> Bool
    /// The time and date to show now.
    func text() -> ClockText
}

extension WallClock: ClockSource {
    public var pollDescriptors: [Int32] { [fd] }

    public func nextDeadline(now: Double) -> Double? { nil }

    public func isDue(ready: Set<Int32>, now: Double) -> Bool {
        guard ready.contains(fd) else { return false }
        // A failed read or re-arm still shows the time once more; the screen says so no worse.
        return (try? take()) ?? true
    }
}
