@preconcurrency import Glibc
import SlideLockCore

/// Which moment a hook runs for, as `SLIDELOCK_EVENT` names it, and the variables it gets.
public enum HookEvent: String, CaseIterable, Sendable {
    /// A completed slide (`LockEffect.unlock`).
    case unlock
    /// The thumb started to travel (`LockEffect.slideStarted`).
    case slideStart = "slide-start"
    /// A slide ended without unlocking (`LockEffect.slideCancelled`).
    case cancel
    /// The unlock hook failed, and the lock shows it (state `failed`): feedback only.
    case failed
    /// The door and the tamper input (`DoorEvent`): feedback only.
    case doorOpen = "door-open"
    case doorClosed = "door-closed"
    case heldOpen = "held-open"
    case forced
    case notOpened = "not-opened"
    case tampered
    case tamperReset = "tamper-reset"
    /// `ctl identify`: feedback only (a buzzer's beep says which panel this is).
    case identify

    /// The feedback event of a door notice.
    public init?(door: DoorEvent) { self.init(rawValue: door.rawValue) }

    /// The event for a session effect; nil for effects that run no hook (`exit`).
    public init?(effect: LockEffect) {
        switch effect {
        case .unlock: self = .unlock
        case .slideStarted: self = .slideStart
        case .slideCancelled: self = .cancel
        case .exit: return nil
        }
    }

    /// The variables for `HookRunner.start(event:environment:now:)` besides `SLIDELOCK_EVENT`:
    /// `SLIDELOCK_OUTPUT` (connector name), `SLIDELOCK_SOURCE` (unlock only: `slide`, `tap`,
    /// `button` or `ctl`), `SLIDELOCK_SLIDE_MS` (unlock only: finger down to release),
    /// `SLIDELOCK_TIMESTAMP` (Unix seconds, wall clock).
    public static func environment(output: String, effect: LockEffect, unixSeconds: Int = HookEvent.unixSeconds())
        -> [String: String]
    {
        var variables = ["SLIDELOCK_OUTPUT": output, "SLIDELOCK_TIMESTAMP": String(unixSeconds)]
        if case .unlock(let source, let slideDuration) = effect {
            variables["SLIDELOCK_SOURCE"] = source.rawValue
            variables["SLIDELOCK_SLIDE_MS"] = String(clampedInt((max(0, slideDuration) * 1000).rounded()))
        }
        return variables
    }

    /// Wall-clock seconds since 1970 (CLOCK_REALTIME). The animation clock is monotonic and
    /// means nothing outside this process, so a hook gets this one.
    public static func unixSeconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int(ts.tv_sec)
    }
}
