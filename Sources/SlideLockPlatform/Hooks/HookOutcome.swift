@preconcurrency import Glibc

/// How a hook run ended, reported once by `HookRunner.service(now:)` after the child was reaped.
public enum HookOutcome: Equatable, Sendable {
    /// Exit status 0 within the timeout; `seconds` from start to reaping.
    case success(seconds: Double)
    /// Anything else: `reason` is one phrase (`exited with status 3`, `killed by signal SIGSEGV
    /// (Segmentation fault)`, `timed out after 10 s ...`); `lastStderr` holds the hook's last
    /// few stderr lines, oldest first, for the failure log.
    case failure(reason: String, lastStderr: [String])

    public var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
