import SlideLockCore
import SlideLockPlatform

// Feedback: the moments a person can be told of (a buzzer, a chime), each run through the
// feedback hook (`UnlockAction.feedback`). A slide starting or ending without unlocking
// comes as the session's effect; the door opening (`unlocked`: at once in exit mode, when
// the hook succeeded in hook mode) and the hook failing (`failed`) as its state changes.
extension LockLoop {
    /// Exit mode waits at most this long after the exit frame for the unlock feedback to end
    /// (a buzzer's "open" sound), then stops it like any hook still running.
    static let feedbackExitWait = 0.5

    func feedback(for effect: LockEffect, now: Double) {
        guard let event = HookEvent(effect: effect), event != .unlock else { return }
        action?.feedback(event, source: .slide, now: now)
    }

    func feedback(on state: LockState, now: Double) {
        let source = session.lastUnlockSource ?? .slide
        switch state {
        case .unlocked: action?.feedback(.unlock, source: source, now: now)
        case .failed: action?.feedback(.failed, source: source, now: now)
        case .locked, .pressed, .dragging, .busy: break
        }
    }

    /// True while exit mode still waits for the unlock feedback (exit frame at `exitTime`).
    func feedbackHoldsExit(_ exitTime: Double, now: Double) -> Bool {
        action?.isFeedbackRunning == true && now < exitTime + LockLoop.feedbackExitWait
    }

    /// When the wait for the unlock feedback ends, while it holds the exit.
    var feedbackExitDeadline: Double? {
        guard let exitFrame, action?.isFeedbackRunning == true else { return nil }
        return exitFrame.time + LockLoop.feedbackExitWait
    }
}
