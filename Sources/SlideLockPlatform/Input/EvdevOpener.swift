@preconcurrency import Glibc

/// Opens hot-plugged evdev nodes for `TouchInput` and `KeyboardLockout`. A node appears
/// (devtmpfs, root 0600) before udev sets its group and mode, and may vanish again, so a
/// node refused for its permissions or its absence is tried again for two seconds (on
/// IN_ATTRIB and on the loop's ticks) before it counts as a failure.
struct EvdevOpener {
    /// What one attempt came to.
    enum Attempt {
        case opened(EvdevDevice)
        /// Not openable yet: tried again by `retry`.
        case later
        /// Failed for good (another errno, or still refused after two seconds).
        case failed(SystemError)
    }

    /// Paths waiting for another attempt, and until when.
    private var waiting: [String: Double] = [:]

    /// Opens `path`, or remembers it for `retry` while it may still become openable.
    mutating func open(_ path: String, now: Double) -> Attempt {
        do {
            let device = try EvdevDevice(path: path)
            waiting[path] = nil
            return .opened(device)
        } catch {
            if error.errno == EACCES || error.errno == ENOENT || error.errno == EPERM {
                let deadline = waiting[path] ?? now + 2
                if now < deadline {
                    waiting[path] = deadline
                    return .later
                }
            }
            waiting[path] = nil
            return .failed(error)
        }
    }

    /// The paths to try again now, in name order.
    var retryPaths: [String] { waiting.keys.sorted() }

    /// Stops trying `path` (its node was deleted).
    mutating func forget(_ path: String) { waiting[path] = nil }

    /// Soon while a node waits for its permissions; nil otherwise.
    func nextDeadline(now: Double) -> Double? { waiting.isEmpty ? nil : now + 0.1 }
}
