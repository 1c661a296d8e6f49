@preconcurrency import Glibc

/// Where a single-threaded loop waits: for any of a set of descriptors to become readable,
/// or for a deadline on the monotonic clock. The lock screen, `drm-smoke` and `input-debug`
/// wait only through this; tests substitute a virtual clock and scripted readiness.
public protocol EventWaiter: AnyObject {
    /// CLOCK_MONOTONIC seconds (virtual seconds in tests).
    func now() -> Double
    /// The descriptors among `descriptors` that are readable (or hung up) when the wait
    /// ends: at the first readable one, at `deadline` (nil: no deadline), or at a signal.
    /// Negative descriptors are ignored. An empty result is a timeout.
    func wait(for descriptors: [Int32], until deadline: Double?) throws(SystemError) -> Set<Int32>
}
