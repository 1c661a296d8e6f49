import SlideLockCore
import SlideLockPlatform

// The lock out of service (`OutOfService`): what it tells systemd, and how a good config
// brings it back.
extension LockLoop {
    /// systemd's `STATUS=` line: the state, or why the lock is out of service.
    func statusLine(_ state: LockState) -> String { outOfService?.status ?? state.rawValue }

    /// A reload while out of service: the new config is loaded and checked as at start
    /// (`reload`); when good, the run ends with `ExitStatus.restart` and the lock starts
    /// afresh with it, opening the display, touch, keyboards and button as it says. A bad
    /// one changes nothing. True when the restart is on its way.
    func restartIfGood() -> Bool {
        do {
            _ = try reload()
        } catch let errors as ConfigErrors {
            log.error("still out of service: \(errors.errors.map(\.description).joined(separator: "; "))")
            return false
        } catch {
            log.error("still out of service: \(error)")
            return false
        }
        log.info("configuration good: starting afresh with it")
        restartRequested = true
        return true
    }
}
