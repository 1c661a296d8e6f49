import SlideLockCore
import SlideLockPlatform

/// Where presses of the request-to-exit button come from: a GPIO line (`GPIOButton`), or a
/// fake in tests. Each press goes to the session, which asks the authority
/// (`UnlockAuthority.buttonRefusal` states the rule); a grant opens through the same effects
/// as a slide.
public protocol ButtonSource: LoopSource {
    /// The presses read now, oldest first: their times on the loop's clock.
    func readPresses() -> [Double]
    /// Its chip went away: no more presses, and nothing to poll.
    var isGone: Bool { get }
}

extension GPIOButton: ButtonSource {
    public var pollDescriptors: [Int32] { isGone ? [] : [descriptor] }
}

extension ButtonSource {
    public func service(_ turn: inout LoopTurn) {
        guard turn.isReady(self) else { return }
        let lock = turn.lock
        for press in readPresses() {
            // A press needs no screen, but what it opens is shown: a dim or blank panel wakes.
            if lock.idle?.isAsleep == true { lock.wakeFromSignal(now: turn.now) }
            let effects = lock.session.pressButton(time: min(press, turn.now))
            lock.sessionVersion += 1
            lock.apply(effects, now: turn.now)
        }
        // Said once: with the chip gone there is nothing left to poll, so no turn comes back here.
        if isGone { lock.log.error("input.button: its GPIO chip is gone; running without the button") }
    }
}
