import SlideLockCore
import SlideLockPlatform

/// Where presses of the request-to-exit button come from: a GPIO line (`GPIOButton`), or a
/// fake in tests.
public protocol ButtonSource: AnyObject {
    /// Polled for POLLIN: readable when edges are queued.
    var pollDescriptors: [Int32] { get }
    /// The presses read now, oldest first: their times on the loop's clock.
    func readPresses() -> [Double]
}

extension GPIOButton: ButtonSource {
    public var pollDescriptors: [Int32] { [descriptor] }
}

// The request-to-exit button: each press goes to the session, which asks the authority
// (`UnlockAuthority.buttonRefusal` states the rule); a grant opens through the same
// effects as a slide.
extension LockLoop {
    func serviceButton(ready: Set<Int32>, now: Double) {
        guard let button, button.pollDescriptors.contains(where: ready.contains) else { return }
        for press in button.readPresses() {
            // A press needs no screen, but what it opens is shown: a dim or blank panel wakes.
            if idle?.isAsleep == true { wakeFromSignal(now: now) }
            let effects = session.pressButton(time: min(press, now))
            sessionVersion += 1
            if effects.isEmpty { log.info("button: pressed, refused (see the session's line)") }
            apply(effects, now: now)
        }
    }
}
