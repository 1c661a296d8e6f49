import SlideLockCore
import SlideLockPlatform

/// The hooks as an entry of the loop (`UnlockAction`): a granted unlock starts the unlock
/// hook in hook mode and its outcome goes back to the session; the moments a person can be
/// told of (a buzzer, a chime) run the feedback hook. A slide starting or ending without
/// unlocking comes as the session's effect; the door opening (`unlocked`: at once in exit
/// mode, when the hook succeeded in hook mode) and the hook failing (`failed`) as its state
/// changes. Made again on every reload: the new hooks take every later moment, while the
/// replaced ones finish what they run through the loop (`retired`), never waited for.
public final class UnlockHooks: LoopSource {
    /// Exit mode waits at most this long after the exit frame for the unlock feedback to end
    /// (a buzzer's "open" sound), then stops it like any hook still running.
    static let feedbackExitWait = 0.5

    let make: (Settings) throws -> UnlockAction?
    private(set) var action: UnlockAction?
    /// Actions a reload replaced while something of theirs still ran: their feedback is
    /// being stopped, a running unlock hook goes on and its outcome still reaches the session.
    /// Dropped once nothing of theirs runs (a runner dropped mid-run would wait for it).
    private var retired: [UnlockAction] = []
    /// What a reload made (`prepare`), used once it went through.
    private var remade: UnlockAction??
    /// Exit mode: when the exit frame was decided.
    private var exitAt: Double?

    /// `make` returns the hooks the settings configure, nil for none.
    public init(settings: Settings, make: @escaping (Settings) throws -> UnlockAction?) throws {
        self.make = make
        action = try make(settings)
    }

    /// The retired actions, then the one in use.
    private var all: [UnlockAction] { retired + (action.map { [$0] } ?? []) }

    public var pollDescriptors: [Int32] { all.flatMap(\.pollDescriptors) }

    public func nextDeadline(now: Double) -> Double? {
        (all.compactMap(\.deadline) + [feedbackExitDeadline].compactMap { $0 }).min()
    }

    public func service(_ turn: inout LoopTurn) {
        for action in all {
            if let success = action.service(now: turn.now) {
                turn.post([.actionFinished(success: success, time: turn.now)])
            }
            for line in action.takeLog() { turn.lock.log.log(line) }
        }
        retired.removeAll { !$0.hasRuns }
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        switch moment {
        case .effect(.unlock(let source, let duration)):
            guard lock.session.settings.action.mode == .hook else { return }
            // One unlock hook at a time, whichever configuration started it.
            if retired.contains(where: \.isRunning) {
                lock.log.error("hook: not starting the unlock hook: the one started before the reload still runs")
                lock.apply(lock.session.handle(.actionFinished(success: false, time: now)), now: now)
            } else if action?.start(source: source, slideDuration: duration, now: now) != true {
                lock.apply(lock.session.handle(.actionFinished(success: false, time: now)), now: now)
            }
        case .effect(.exit): exitAt = now
        case .effect(let effect):
            guard let event = HookEvent(effect: effect), event != .unlock else { return }
            action?.feedback(event, source: UnlockSource.slide.rawValue, now: now)
        case .state(.unlocked): action?.feedback(.unlock, source: lastSource(lock), now: now)
        case .state(.failed): action?.feedback(.failed, source: lastSource(lock), now: now)
        case .door(let notice):
            guard let event = HookEvent(door: notice.event) else { return }
            action?.feedback(event, source: notice.event.source, now: now)
        case .identify: action?.feedback(.identify, source: UnlockSource.ctl.rawValue, now: now)
        case .reloaded:
            if let remade {
                if let old = action, old !== remade, old.hasRuns {
                    old.retire(now: now)
                    retired.append(old)
                }
                action = remade
            }
            remade = nil
        case .stopping: for action in all { action.stop(now: now) }
        case .started, .state, .batch, .touchScreen, .recorded: break
        }
    }

    func lastSource(_ lock: LockLoop) -> String { (lock.session.lastUnlockSource ?? .slide).rawValue }

    /// The hooks of `settings`, taking over once the reload went through; a hook running
    /// then finishes under the settings it started with.
    public func prepare(reload settings: Settings) throws {
        remade = .some(try make(settings))
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
