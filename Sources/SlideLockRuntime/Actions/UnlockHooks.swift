import SlideLockCore
import SlideLockPlatform

/// The hooks as an entry of the loop (`UnlockAction`): a granted unlock starts the unlock
/// hook in hook mode and its outcome goes back to the session; the moments a person can be
/// told of (a buzzer, a chime) run the feedback hook. A slide starting or ending without
/// unlocking comes as the session's effect; the door opening (`unlocked`: at once in exit
/// mode, when the hook succeeded in hook mode) and the hook failing (`failed`) as its state
/// changes. Made again on reload, unless a hook still runs.
public final class UnlockHooks: LoopSource {
    /// Exit mode waits at most this long after the exit frame for the unlock feedback to end
    /// (a buzzer's "open" sound), then stops it like any hook still running.
    static let feedbackExitWait = 0.5

    let make: (Settings) throws -> UnlockAction?
    private(set) var action: UnlockAction?
    /// What a reload made (`prepare`), used once it went through.
    private var remade: UnlockAction??
    /// Exit mode: when the exit frame was decided.
    private var exitAt: Double?

    /// `make` returns the hooks the settings configure, nil for none.
    public init(settings: Settings, make: @escaping (Settings) throws -> UnlockAction?) throws {
        self.make = make
        action = try make(settings)
    }

    public var pollDescriptors: [Int32] { action?.pollDescriptors ?? [] }

    public func nextDeadline(now: Double) -> Double? {
        [action?.deadline, feedbackExitDeadline].compactMap { $0 }.min()
    }

    public func service(_ turn: inout LoopTurn) {
        if let action, let success = action.service(now: turn.now) {
            turn.post([.actionFinished(success: success, time: turn.now)])
        }
        for line in action?.takeLog() ?? [] { turn.lock.log.log(line) }
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        switch moment {
        case .effect(.unlock(let source, let duration)):
            guard lock.session.settings.action.mode == .hook else { return }
            if action?.start(source: source, slideDuration: duration, now: now) != true {
                lock.apply(lock.session.handle(.actionFinished(success: false, time: now)), now: now)
            }
        case .effect(.exit): exitAt = now
        case .effect(let effect):
            guard let event = HookEvent(effect: effect), event != .unlock else { return }
            action?.feedback(event, source: .slide, now: now)
        case .state(.unlocked): action?.feedback(.unlock, source: lock.session.lastUnlockSource ?? .slide, now: now)
        case .state(.failed): action?.feedback(.failed, source: lock.session.lastUnlockSource ?? .slide, now: now)
        case .reloaded:
            if let remade { action = remade }
            remade = nil
        case .stopping: action?.stop(now: now)
        case .started, .state, .batch, .touchScreen: break
        }
    }

    /// A running hook finishes under the old settings, and is kept for the next time.
    public func prepare(reload settings: Settings) throws {
        remade = action?.isRunning == true ? nil : .some(try make(settings))
    }

    /// True while exit mode still waits for the unlock feedback.
    public func holdsExit(now: Double) -> Bool {
        guard let exitAt else { return false }
        return action?.isFeedbackRunning == true && now < exitAt + UnlockHooks.feedbackExitWait
    }

    /// When the wait for the unlock feedback ends, while it holds the exit.
    var feedbackExitDeadline: Double? {
        guard let exitAt, action?.isFeedbackRunning == true else { return nil }
        return exitAt + UnlockHooks.feedbackExitWait
    }
}
