@preconcurrency import Glibc
import SlideLockPlatform

/// Signals as readable events: the process's one signal source (`SignalSource`, a
/// signalfd), or a scripted fake in tests.
public protocol SignalReader: LoopSource {
    var fd: Int32 { get }
    /// Every signal waiting, in arrival order.
    func read() -> [Int32]
}

extension SignalReader {
    public var pollDescriptors: [Int32] { [fd] }

    /// SIGTERM/SIGINT end the run (128 + signal, never 0: a boot flow waiting for an
    /// unlock must not mistake a stop for one); SIGHUP reloads the config; SIGUSR1 relocks;
    /// SIGUSR2 wakes a dim or blank panel.
    public func service(_ turn: inout LoopTurn) {
        guard turn.ready.contains(fd) else { return }
        let lock = turn.lock
        for signal in read() {
            switch signal {
            case SIGTERM, SIGINT:
                lock.log.info("stopping on signal \(signal)")
                return turn.exit(128 + signal)
            case SIGHUP: lock.reloadSettings(now: turn.now)
            case SIGUSR2: lock.wakeFromSignal(now: turn.now)
            case SIGUSR1: lock.relockFromOutside(now: turn.now, why: "SIGUSR1")
            default: break
            }
        }
    }
}

extension SignalSource: SignalReader {}

/// The signals the lock screen handles: stop (TERM, INT), reload (HUP), relock (USR1),
/// wake the panel (USR2).
public enum LockSignals {
    public static let all: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]
}
