import Testing

@testable import SlideLockCore

// 800x480, default theme: track x 76...724, thumb side 60.48, travel 576 px,
// home thumb centre (112, 240), end thumb centre (688, 240).
let homeX = 112.0
let endX = 688.0
let midY = 240.0

func down(_ x: Double, _ t: Double, id: Int = 0, y: Double = midY) -> LockEvent {
    .touchDown(id: id, point: Point(x: x, y: y), time: t)
}
func move(_ x: Double, _ t: Double, id: Int = 0) -> LockEvent {
    .touchMove(id: id, point: Point(x: x, y: midY), time: t)
}
func up(_ t: Double, id: Int = 0) -> LockEvent { .touchUp(id: id, time: t) }

/// A drag of finger `id` from `x0` to `x1`, one move every 1/60 s, ending at `t0 + seconds`.
func slide(_ x0: Double, _ x1: Double, from t0: Double, seconds: Double, id: Int = 0) -> [LockEvent] {
    let n = max(1, Int(seconds * 60))
    return (1...n).map { i in move(x0 + (x1 - x0) * Double(i) / Double(n), t0 + seconds * Double(i) / Double(n), id: id)
    }
}

func effectName(_ e: LockEffect) -> String {
    switch e {
    case .unlock: return "unlock"
    case .slideStarted: return "slideStarted"
    case .slideCancelled: return "slideCancelled"
    case .exit: return "exit"
    }
}

/// Runs `events` (plus 60 Hz ticks between them) and collects effect names and log names.
struct Run {
    var session: LockSession
    var effects: [String] = []
    var log: [String] = []
    var entries: [LockLogEntry] = []
    /// Why contacts and requests were refused.
    var refusals = RefusalTrail()

    init(_ settings: Settings = Settings()) {
        session = LockSession(settings: settings, width: 800, height: 480)
    }

    mutating func feed(_ events: [LockEvent]) {
        for e in events {
            effects += session.handle(e).map(effectName)
            let new = session.takeLog()
            refusals.note(session.authority, new)
            entries += new
            log += new.map { e in e.detail.map { "\(e.name) \($0)" } ?? e.name }
        }
    }

    /// Ticks at 60 Hz from `t0` to `t1` inclusive.
    mutating func tick(from t0: Double, to t1: Double) {
        feed(stride(from: t0, through: t1, by: 1.0 / 60).map { .tick(time: $0) })
    }
}

func settings(_ change: (inout Settings) -> Void) -> Settings {
    var s = Settings()
    change(&s)
    return s
}

struct TransitionCase: CustomTestStringConvertible, Sendable {
    let name: String
    let settings: Settings
    let events: [LockEvent]
    let state: LockState
    let effects: [String]
    let log: [String]
    var testDescription: String { name }
}

let hook = settings { $0.action.mode = .hook }

let transitionCases: [TransitionCase] = [
    TransitionCase(
        name: "tap on thumb does nothing", settings: Settings(),
        events: [down(homeX, 0), move(homeX + 0.5, 0.05), up(0.1)],
        state: .locked, effects: [], log: ["pressed", "release"]),
    TransitionCase(
        name: "press", settings: Settings(), events: [down(homeX, 0)],
        state: .pressed, effects: [], log: ["pressed"]),
    TransitionCase(
        name: "hit slop grabs just outside the thumb", settings: Settings(),
        events: [down(81.76 - 7, 0)], state: .pressed, effects: [], log: ["pressed"]),
    TransitionCase(
        name: "beyond the slop is off the thumb", settings: Settings(),
        events: [down(81.76 - 9, 0)], state: .locked, effects: [], log: ["ignored-touch off-thumb"]),
    TransitionCase(
        name: "touch off the thumb is ignored until lifted", settings: Settings(),
        events: [down(400, 0)] + slide(400, 760, from: 0, seconds: 0.3) + [up(0.4)],
        state: .locked, effects: [], log: ["ignored-touch off-thumb"]),
    TransitionCase(
        name: "drag", settings: Settings(), events: [down(homeX, 0)] + slide(homeX, 300, from: 0, seconds: 0.2),
        state: .dragging, effects: ["slideStarted"], log: ["pressed", "slide"]),
    TransitionCase(
        name: "full slide unlocks (exit mode)", settings: Settings(),
        events: [down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.5) + [up(0.6)],
        state: .unlocked, effects: ["slideStarted", "unlock", "exit"],
        log: ["pressed", "slide", "unlock", "exit"]),
    TransitionCase(
        name: "short of the end springs back", settings: Settings(),
        events: [down(homeX, 0)] + slide(homeX, endX - 20, from: 0, seconds: 0.5) + [up(0.7)],
        state: .locked, effects: ["slideStarted", "slideCancelled"], log: ["pressed", "slide", "spring-back slide"]),
    TransitionCase(
        name: "threshold below 1 unlocks early", settings: settings { $0.gesture.threshold = 0.5 },
        events: [down(homeX, 0)] + slide(homeX, homeX + 0.6 * 576, from: 0, seconds: 0.5) + [up(0.7)],
        state: .unlocked, effects: ["slideStarted", "unlock", "exit"],
        log: ["pressed", "slide", "unlock", "exit"]),
    TransitionCase(
        name: "fling on: a fast release at 70 % unlocks", settings: settings { $0.gesture.fling = true },
        events: [down(homeX, 0)] + slide(homeX, homeX + 0.7 * 576, from: 0, seconds: 0.15) + [up(0.16)],
        state: .unlocked, effects: ["slideStarted", "unlock", "exit"],
        log: ["pressed", "slide", "unlock fling", "exit"]),
    TransitionCase(
        name: "fling off: the same release springs back", settings: Settings(),
        events: [down(homeX, 0)] + slide(homeX, homeX + 0.7 * 576, from: 0, seconds: 0.15) + [up(0.16)],
        state: .locked, effects: ["slideStarted", "slideCancelled"], log: ["pressed", "slide", "spring-back slide"]),
    TransitionCase(
        name: "fling on: a slow release at 70 % springs back", settings: settings { $0.gesture.fling = true },
        events: [down(homeX, 0)] + slide(homeX, homeX + 0.7 * 576, from: 0, seconds: 0.5) + [up(0.8)],
        state: .locked, effects: ["slideStarted", "slideCancelled"], log: ["pressed", "slide", "spring-back slide"]),
    TransitionCase(
        name: "second finger cancels; nothing unlocks until all lift", settings: Settings(),
        events: [down(homeX, 0)] + slide(homeX, 400, from: 0, seconds: 0.2) + [down(500, 0.25, id: 1)]
            + slide(400, endX + 30, from: 0.25, seconds: 0.2) + [up(0.5), up(0.55, id: 1)],
        state: .locked, effects: ["slideStarted", "slideCancelled"],
        log: ["pressed", "slide", "second-finger", "ignored-touch extra-finger"]),
    TransitionCase(
        name: "only the first contact counts", settings: Settings(),
        events: [down(400, 0), down(homeX, 0.1, id: 1)] + slide(homeX, endX + 30, from: 0.1, seconds: 0.3, id: 1)
            + [up(0.5, id: 1), up(0.6)],
        state: .locked, effects: [], log: ["ignored-touch off-thumb", "ignored-touch extra-finger"]),
    TransitionCase(
        name: "device lost mid-slide", settings: Settings(),
        events: [down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [
            .touchCancel(id: 0, time: 0.4), up(0.5),
        ],
        state: .locked, effects: ["slideStarted", "slideCancelled"], log: ["pressed", "slide", "touch-cancel"]),
    TransitionCase(
        name: "hook mode: unlock enters busy", settings: hook,
        events: [down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)],
        state: .busy, effects: ["slideStarted", "unlock"], log: ["pressed", "slide", "unlock"]),
    TransitionCase(
        name: "busy ignores touches", settings: hook,
        events: [down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4), down(endX, 0.5)],
        state: .busy, effects: ["slideStarted", "unlock"],
        log: ["pressed", "slide", "unlock", "ignored-touch busy"]),
    TransitionCase(
        name: "action result outside busy is ignored", settings: hook,
        events: [.actionFinished(success: true, time: 1)], state: .locked, effects: [], log: ["ignored-action"]),
    TransitionCase(
        name: "rtl slides leftwards", settings: settings { $0.layout.direction = .rtl },
        events: [down(endX, 0)] + slide(endX, homeX - 30, from: 0, seconds: 0.4) + [up(0.5)],
        state: .unlocked, effects: ["slideStarted", "unlock", "exit"],
        log: ["pressed", "slide", "unlock", "exit"]),
]

@Suite struct LockSessionTests {
    @Test(arguments: transitionCases)
    func transition(_ c: TransitionCase) {
        var run = Run(c.settings)
        run.feed(c.events)
        #expect(run.session.state == c.state)
        #expect(run.effects == c.effects)
        #expect(run.log == c.log)
    }

    @Test func thumbFollowsTheFingerByTheGrabOffset() {
        var run = Run()
        run.feed([down(homeX + 10, 0)] + slide(homeX + 10, homeX + 210, from: 0, seconds: 0.1))
        #expect(abs(run.session.visual(at: 0.1).progress - 200.0 / 576) < 1e-9)
        run.feed(slide(homeX + 210, -50, from: 0.1, seconds: 0.1))
        #expect(run.session.visual(at: 0.2).progress == 0)
        run.feed(slide(-50, 900, from: 0.2, seconds: 0.3))
        #expect(run.session.visual(at: 0.5).progress == 1)
    }

    @Test func pressAnimatesInATenthOfASecond() {
        var run = Run()
        run.feed([down(homeX, 1)])
        #expect(run.session.visual(at: 1).press == 0)
        #expect(abs(run.session.visual(at: 1.05).press - 0.5) < 1e-9)
        #expect(run.session.visual(at: 1.1).press == 1)
        run.feed([up(2)])
        #expect(abs(run.session.visual(at: 2.05).press - 0.5) < 1e-9)
        #expect(run.session.visual(at: 2.2).press == 0)
    }

    @Test func springBackReturnsHomeAndComesToRest() {
        var run = Run()
        run.feed([down(homeX, 0)] + slide(homeX, homeX + 0.6 * 576, from: 0, seconds: 0.4) + [up(0.6)])
        #expect(run.session.isControlAnimating && !run.session.isAtRest)
        run.tick(from: 0.6, to: 1.5)
        #expect(run.session.isAtRest && run.session.visual(at: 1.5).progress == 0)
    }

    /// The thumb stays where it is caught; finishing from there is no slide of its own
    /// (ForgedSlideTests: the new slide must cover the threshold itself).
    @Test func reGrabDuringSpringBackHoldsTheAnimatedPosition() {
        var run = Run()
        run.feed([down(homeX, 0)] + slide(homeX, homeX + 0.8 * 576, from: 0, seconds: 0.4) + [up(0.6)])
        let t = 0.7
        let p = run.session.visual(at: t).progress
        #expect(p > 0.1 && p < 0.8)
        let thumbX = homeX + p * 576
        run.feed([down(thumbX, t)])
        #expect(run.log.last == "grab")
        #expect(abs(run.session.visual(at: t + 0.3).progress - p) < 1e-9)
        run.feed(slide(thumbX, endX + 40, from: t, seconds: 0.3) + [up(t + 0.4)])
        #expect(run.effects == ["slideStarted", "slideCancelled", "slideStarted", "slideCancelled"])
    }

    @Test func tapDuringSpringBackResumesTheReturn() {
        var run = Run()
        run.feed([down(homeX, 0)] + slide(homeX, homeX + 0.8 * 576, from: 0, seconds: 0.4) + [up(0.6)])
        let p = run.session.visual(at: 0.7).progress
        run.feed([down(homeX + p * 576, 0.7), up(0.75)])
        #expect(run.log.suffix(2) == ["grab", "release"])
        run.tick(from: 0.75, to: 2)
        #expect(run.session.isAtRest && run.effects == ["slideStarted", "slideCancelled"])
    }

    @Test func busyThenUnlockedThenLocked() {
        var run = Run(hook)
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        let busy = run.session.visual(at: 0.65)
        #expect(busy.state == .busy && abs(busy.spinnerPhase - 0.25) < 1e-9)
        run.feed([.actionFinished(success: true, time: 1.0)])
        #expect(run.session.state == .unlocked && run.session.nextDeadline == 2.5)
        run.tick(from: 1.0, to: 2.49)
        #expect(run.session.state == .unlocked)
        run.tick(from: 2.5, to: 2.52)
        #expect(run.session.state == .locked)
        #expect(run.entries.last?.name == "relock" && run.entries.last?.time == 2.5)
        run.tick(from: 2.52, to: 4)
        #expect(run.session.isAtRest && run.session.visual(at: 4).progress == 0)
        #expect(run.log == ["pressed", "slide", "unlock", "unlocked", "relock"])
    }

    @Test func failureShakesThenLocks() {
        var run = Run(hook)
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        run.feed([.actionFinished(success: false, time: 1.0)])
        #expect(run.session.state == .failed)
        let shakes = stride(from: 1.0, through: 1.4, by: 0.005).map { run.session.visual(at: $0).shake }
        #expect(shakes.max()! > 5 && shakes.max()! <= 8 && shakes.min()! < -3)
        #expect(run.session.visual(at: 1.45).shake == 0)
        run.tick(from: 1.0, to: 2.49)
        #expect(run.session.state == .failed && !run.session.isControlAnimating)
        run.tick(from: 2.5, to: 4)
        #expect(run.session.state == .locked && run.session.isAtRest)
        #expect(run.log == ["pressed", "slide", "unlock", "failed", "relock"])
    }

    @Test func cooldownAfterUnlock() {
        var run = Run(
            settings {
                $0.action.mode = .hook
                $0.action.cooldown = 2
                $0.animation.unlockedDuration = 0.2
            })
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        run.feed([.actionFinished(success: true, time: 0.5)])
        run.tick(from: 0.5, to: 2)
        #expect(run.session.state == .locked && run.session.isAtRest)
        run.feed([down(homeX, 2.0), up(2.1)])
        #expect(run.log.last == "ignored-touch cooldown")
        run.feed([down(homeX, 2.5)])
        #expect(run.log.last == "pressed")
    }

    @Test func exitTransitionDelaysExit() {
        var run = Run(settings { $0.animation.exitTransition = true })
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        #expect(run.effects == ["slideStarted", "unlock"])
        #expect(abs(run.session.visual(at: 0.4 + LockSession.exitDuration / 2).exitOffset - 0.5) < 1e-9)
        run.tick(from: 0.4, to: 1)
        #expect(run.effects.last == "exit" && run.session.hasExited && run.session.isAtRest)
    }

    @Test func unlockReportsSlideDuration() {
        var session = LockSession(settings: Settings(), width: 800, height: 480)
        var effects: [LockEffect] = []
        for e in [down(homeX, 1)] + slide(homeX, endX + 30, from: 1, seconds: 0.5) + [up(1.75)] {
            effects += session.handle(e)
        }
        #expect(effects.contains(.unlock(source: .slide, slideDuration: 0.75)))
    }

    @Test func resetReturnsToLockedAtOnce() {
        var run = Run(hook)
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4), .reset(time: 0.5)])
        #expect(run.session.state == .locked && run.session.isAtRest && run.log.last == "reset")
        run.feed([down(homeX, 0.6)])
        #expect(run.log.last == "pressed")
    }

    @Test func releaseVelocityComesFromTheLastTenthOfASecond() {
        var tracker = VelocityTracker()
        for i in 0...30 { tracker.add(time: Double(i) / 60, position: Double(i) * 10) } // 600 px/s
        #expect(abs(tracker.velocity(releaseTime: 0.5) - 600) < 1e-6)
        // A finger that stopped for 0.2 s before lifting has no velocity left.
        #expect(tracker.velocity(releaseTime: 0.7) == 0)
    }
}
