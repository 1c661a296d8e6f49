@preconcurrency import Glibc
import SlideLockPlatform

/// Signals as readable events: the process's one signal source (`SignalSource`, a
/// signalfd), or a scripted fake in tests.
public protocol SignalReader: AnyObject {
    var fd: Int32 { get }
    /// Every signal waiting, in arrival order.
    func read() -> [Int32]
}

extension SignalSource: SignalReader {}

/// The signals the lock screen handles: stop (TERM, INT), reload (HUP), relock (USR1),
/// wake the panel (USR2).
public enum LockSignals {
    public static let all: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]
}
