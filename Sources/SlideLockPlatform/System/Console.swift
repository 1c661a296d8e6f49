@preconcurrency import Glibc

/// Lines to stdout/stderr without Foundation.
public enum Console {
    public static func out(_ line: String, terminator: String = "\n") {
        fputs(line + terminator, stdout)
    }

    public static func error(_ line: String) {
        fputs(line + "\n", stderr)
    }

    public static func flush() { fflush(stdout) }
}

/// Monotonic time in seconds: CLOCK_MONOTONIC, the clock evdev (libevdev_set_clock_id) and
/// DRM page-flip events (DRM_CAP_TIMESTAMP_MONOTONIC, 1 since Linux 3.x) stamp with.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The process environment.
public enum Environment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
