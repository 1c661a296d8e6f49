import SlideLockPlatform

/// Keeps keyboards away from the console while the lock runs (`KeyboardLockout`): the
/// loop services it every turn so hot-plugged keyboards are grabbed too.
public protocol KeyboardGuard: LoopSource {
    /// Grabs new keyboards, drains grabbed ones; call when a descriptor is readable.
    func service(now: Double)
    func takeLog() -> [LogLine]
    /// Undoes the lockout. Idempotent.
    func close()
}

extension KeyboardGuard {
    public func service(_ turn: inout LoopTurn) {
        service(now: turn.now)
        for line in takeLog() { turn.lock.log.log(line) }
    }
}

extension KeyboardLockout: KeyboardGuard {}
