import SlideLockCore
import SlideLockPlatform

/// Where touches come from: the evdev edge (`TouchInput`), or a fake in tests. Every turn
/// its decoded events, and those time alone releases, go to the session as input.
public protocol TouchSource: LoopSource {
    /// Every event decoded from what the descriptors hold now; never blocks.
    func readAvailable() -> [LockEvent]
    /// Events that time alone releases (the ghost filter's pending contacts).
    func advance(to seconds: Double) -> [LockEvent]
    func takeLog() -> [LogLine]
    /// Maps touch onto a logical screen of this size and rotation from now on.
    func remap(screen: Size, rotation: ImageRotation)
}

extension TouchSource {
    /// Sources with fixed coordinates (scripts, fakes) keep them.
    public func remap(screen: Size, rotation: ImageRotation) {}

    public func service(_ turn: inout LoopTurn) {
        turn.input(readAvailable() + advance(to: turn.now))
        for line in takeLog() { turn.lock.log.log(line) }
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        if case .touchScreen(let screen, let rotation) = moment { remap(screen: screen, rotation: rotation) }
    }
}

extension TouchInput: TouchSource {}
