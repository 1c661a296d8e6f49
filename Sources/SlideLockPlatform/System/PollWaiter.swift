@preconcurrency import Glibc

/// `poll(2)` on the real clock: the one place that turns deadlines into timeouts. An
/// interrupted poll (a stopped-and-continued process) is repeated by `systemCall` with the
/// time left to the same deadline.
public final class PollWaiter: EventWaiter {
    public init() {}

    public func now() -> Double { MonotonicClock.now() }

    public func wait(for descriptors: [Int32], until deadline: Double?) throws(SystemError) -> Set<Int32> {
        try wait(for: descriptors, writable: [], until: deadline)
    }

    /// `wait`, also for `writable` descriptors to take more output (a socket with data
    /// queued): the descriptors among both that are ready (readable, writable or hung up).
    public func wait(for descriptors: [Int32], writable: [Int32], until deadline: Double?) throws(SystemError)
        -> Set<Int32>
    {
        // poll(2) skips negative fds, so callers may pass -1 for "nothing to watch here".
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        for fd in writable {
            if let i = fds.firstIndex(where: { $0.fd == fd }) {
                fds[i].events |= Int16(POLLOUT)
            } else {
                fds.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0))
            }
        }
        try systemCall("poll") {
            poll(&fds, nfds_t(fds.count), PollWaiter.timeoutMilliseconds(until: deadline, now: now()))
        }
        return Set(fds.filter { $0.fd >= 0 && $0.revents != 0 }.map(\.fd))
    }

    /// Milliseconds poll may sleep to reach `deadline`: -1 (forever) without one, rounded up
    /// so a wake-up is never early, capped at a minute so a clock jump cannot strand us.
    public static func timeoutMilliseconds(until deadline: Double?, now: Double) -> Int32 {
        guard let deadline else { return -1 }
        let millis = ((deadline - now) * 1000).rounded(.up)
        guard millis.isFinite else { return millis > 0 ? 60_000 : 0 }
        return Int32(max(0, min(60_000, millis)))
    }
}
