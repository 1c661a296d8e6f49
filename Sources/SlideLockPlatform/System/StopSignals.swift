@preconcurrency import Glibc

/// SIGTERM, SIGINT and SIGHUP held back (blocked) from here on, and waited for with a
/// timeout: a process that drives a line sleeps through its pulse with `wait(seconds:)`, and
/// a stopping signal ends the sleep at once instead of killing it with the line energised.
/// No handler runs: the signal is taken by `sigtimedwait(2)`, so nothing races the switch-off.
public struct StopSignals {
    private var set = sigset_t()

    /// Blocks the three signals for this (single-threaded) process.
    public init() {
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, signal) }
        sigprocmask(SIG_BLOCK, &set, nil)
    }

    /// Waits up to `seconds` (`.infinity`: until a signal) for one of the signals: the
    /// signal's number, or nil once the time is up.
    public func wait(seconds: Double) -> Int32? {
        var info = siginfo_t()
        let whole = max(seconds, 0).rounded(.down)
        var timeout = timespec(
            tv_sec: seconds.isFinite ? Int(whole) : 0,
            tv_nsec: seconds.isFinite ? Int((max(seconds, 0) - whole) * 1e9) : 0)
        do {
            return try systemCall("sigtimedwait") {
                withUnsafePointer(to: set) {
                    seconds.isFinite ? sigtimedwait($0, &info, &timeout) : sigwaitinfo($0, &info)
                }
            }
        } catch {
            // EAGAIN: the time is up (EINTR, a stop and continue, is retried by systemCall).
            return nil
        }
    }

    /// `TERM` for SIGTERM.
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "TERM"
        case SIGINT: "INT"
        case SIGHUP: "HUP"
        default: String(signal)
        }
    }
}
