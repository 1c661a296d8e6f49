import SlideLockPlatform

/// Keeps keyboards away from the console while the lock runs (`KeyboardLockout`): the
/// loop polls it so hot-plugged keyboards are grabbed too.
public protocol KeyboardGuard: AnyObject {
    var pollDescriptors: [Int32] { get }
    /// Grabs new keyboards, drains grabbed ones; call when a descriptor is readable.
    func service(now: Double)
    func nextDeadline(now: Double) -> Double?
    func takeLog() -> [LogLine]
    /// Undoes the lockout. Idempotent.
    func close()
}

extension KeyboardLockout: KeyboardGuard {}
