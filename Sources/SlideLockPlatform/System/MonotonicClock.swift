@preconcurrency import Glibc

/// Monotonic time in seconds: CLOCK_MONOTONIC, the clock evdev (libevdev_set_clock_id) and
/// DRM page-flip events (DRM_CAP_TIMESTAMP_MONOTONIC, 1 since Linux 3.x) stamp with.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Sleeps (restarting after signals) for the given time.
public func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    let seconds = min(seconds, 86_400)
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    // Interrupted, it sleeps again for what remained (nanosleep(2) wrote it to `remaining`).
    _ = try? systemCall("nanosleep") {
        defer { request = remaining }
        return nanosleep(&request, &remaining)
    }
}
