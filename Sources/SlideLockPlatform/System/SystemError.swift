@preconcurrency import Glibc

/// A failed system or library call: what we tried, on which file, and the `errno` it
/// failed with. The one errno error type of the product: files, devices, polls.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, e.g. `open /dev/dri/card0`, `drmModeAddFB2`, `read`.
    public var operation: String
    public var errno: Int32
    /// The file it was about, when there is one: the description then leads with it.
    public var path: String?
    /// Says more than `strerror` can (`larger than 1 MiB`); replaces it in `reason`.
    public var detail: String?

    public init(operation: String, errno: Int32, path: String? = nil, detail: String? = nil) {
        self.operation = operation
        self.errno = errno
        self.path = path
        self.detail = detail
    }

    /// Why it failed: `Permission denied`, or the detail.
    public var reason: String {
        detail ?? strerror(errno).map { String(cString: $0) } ?? "errno \(errno)"
    }

    /// `open /dev/dri/card0: Permission denied`; `/etc/x.conf: No such file or directory`.
    public var description: String { "\(path ?? operation): \(reason)" }
}

/// Runs a call that reports failure as `-1` with `errno` set (syscalls, `drmGetCap`,
/// `drmModeSetCrtc`, `drmModePageFlip`), retrying it when a signal interrupted it (`EINTR`).
/// Returns the call's non-negative result. The one place besides `negativeErrnoCall` and
/// `systemPointerCall` that reads `errno`: every other file goes through these three.
@discardableResult
public func systemCall<Result: FixedWidthInteger & SignedInteger>(
    _ operation: @autoclosure () -> String, path: String? = nil, _ call: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = errno
        // EINTR only means a signal arrived before the call did anything: repeat it (SA_RESTART
        // does not cover every ioctl, and libdrm's drmIoctl retries only EINTR/EAGAIN itself).
        if code != EINTR { throw SystemError(operation: operation(), errno: code, path: path) }
    }
}

/// Runs a call that returns nil with `errno` set on failure (`opendir`, `getcwd`, `fdopendir`;
/// `mmap` when the closure turns `MAP_FAILED` into nil), retrying it on `EINTR`.
public func systemPointerCall<Value>(
    _ operation: @autoclosure () -> String, path: String? = nil, _ call: () -> Value?
) throws(SystemError) -> Value {
    while true {
        if let value = call() { return value }
        let code = errno
        if code != EINTR { throw SystemError(operation: operation(), errno: code, path: path) }
    }
}

/// Checks a call that returns a negative errno on failure instead of setting `errno`
/// (libdrm's `drmModeCreateDumbBuffer`/`drmModeMapDumbBuffer`/`drmModeDestroyDumbBuffer`,
/// libevdev). Retries on `-EINTR` like `systemCall`. Returns the non-negative result.
@discardableResult
public func negativeErrnoCall<Result: FixedWidthInteger & SignedInteger>(
    _ operation: @autoclosure () -> String, path: String? = nil, _ call: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        if result == 0 - Result(EINTR) { continue }
        throw SystemError(operation: operation(), errno: Int32(truncatingIfNeeded: 0 - result), path: path)
    }
}
