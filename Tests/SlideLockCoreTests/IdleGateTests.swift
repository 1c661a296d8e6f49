import Testing

@testable import SlideLockCore

/// Gate in front of a session, as the loop wires them; records what each side saw.
struct GatedRun {
    var gate: IdleGate
    var session: LockSession
    var effects: [String] = []
    var idle: [IdleEffect] = []
    var gateLog: [String] = []
    var forwarded = 0

    init(_ power: (inout Settings) -> Void = { _ in }) {
        var s = Settings()
        s.display.power.dimAfter = 10
        s.display.power.blankAfter = 30
        power(&s)
        gate = IdleGate(settings: s, now: 0)
        session = LockSession(settings: s, width: 800, height: 480)
    }

    /// The session's log lines, `name detail`.
    var sessionLog: [String] = []

    mutating func feed(_ events: [LockEvent]) {
        for e in events {
            // As the loop does: a finger on the glass or a session not at rest is activity.
            if session.authority.contactsDown > 0 || !session.isAtRest { gate.noteActivity(at: e.time) }
            take(gate.handle(e))
        }
    }

    mutating func take(_ step: IdleStep) {
        idle += step.effects
        gateLog += gate.takeLog().map { e in e.detail.map { "\(e.name) \($0)" } ?? e.name }
        for f in step.forward {
            forwarded += 1
            effects += session.handle(f).map(effectName)
            sessionLog += session.takeLog().map { e in e.detail.map { "\(e.name) \($0)" } ?? e.name }
        }
    }

    mutating func at(_ t: Double) { feed([.tick(time: t)]) }
}

struct IdleCase: CustomTestStringConvertible, Sendable {
    let name: String
    let events: [LockEvent]
    let power: PanelPower
    let sessionEffects: [String]
    let idle: [IdleEffect]
    var testDescription: String { name }
}

/// Dim at 10 s, blank at 30 s, from t = 0; the thumb's home is x 112, the end x 688.
let idleCases: [IdleCase] = [
    IdleCase(
        name: "awake before dim_after", events: [.tick(time: 9.99)], power: .awake,
        sessionEffects: [], idle: []),
    IdleCase(
        name: "dims at dim_after", events: [.tick(time: 10)], power: .dim,
        sessionEffects: [], idle: [.power(.dim)]),
    IdleCase(
        name: "blanks at blank_after, straight from awake when ticks are sparse",
        events: [.tick(time: 31)], power: .blank, sessionEffects: [], idle: [.power(.blank)]),
    IdleCase(
        name: "a touch while awake restarts the timer",
        events: [down(300, 9), up(9.1), .tick(time: 15)], power: .awake, sessionEffects: [], idle: []),
    IdleCase(
        name: "a finger resting on the panel is not idle",
        events: [down(300, 1), .tick(time: 50)], power: .awake, sessionEffects: [], idle: []),
    IdleCase(
        name: "a touch landing as the deadline passes still met a lit panel and counts",
        events: [down(homeX, 10.5)] + slide(homeX, endX, from: 10.5, seconds: 0.5) + [up(11.1)],
        power: .awake, sessionEffects: ["slideStarted", "unlock", "exit"], idle: []),
    IdleCase(
        name: "wake touch on a dim panel that slides the full track never unlocks",
        events: [.tick(time: 10), down(homeX, 11)] + slide(homeX, endX, from: 11, seconds: 0.5) + [up(11.6)],
        power: .awake, sessionEffects: [], idle: [.power(.dim), .power(.awake)]),
    IdleCase(
        name: "wake touch on a blank panel that slides the full track never unlocks",
        events: [.tick(time: 40), down(homeX, 41)] + slide(homeX, endX, from: 41, seconds: 0.5) + [up(41.6)],
        power: .awake, sessionEffects: [], idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "the next slide after the wake touch unlocks",
        events: [.tick(time: 40), down(homeX, 41), up(41.1), down(homeX, 42)]
            + slide(homeX, endX, from: 42, seconds: 0.5) + [up(42.6)],
        power: .awake, sessionEffects: ["slideStarted", "unlock", "exit"],
        idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "second finger on the thumb while the wake touch is down never unlocks",
        events: [.tick(time: 40), down(400, 41), down(homeX, 41.2, id: 1)]
            + slide(homeX, endX, from: 41.2, seconds: 0.5, id: 1) + [up(41.8, id: 1), up(42)],
        power: .awake, sessionEffects: [], idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "second finger outlives the wake touch and still never unlocks",
        events: [.tick(time: 40), down(400, 41), down(homeX, 41.2, id: 1), up(41.3)]
            + slide(homeX, endX, from: 41.3, seconds: 0.5, id: 1) + [up(41.9, id: 1)],
        power: .awake, sessionEffects: [], idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "a repeated down of the wake touch (lost up) never unlocks",
        events: [.tick(time: 40), down(homeX, 41), down(homeX, 41.1)]
            + slide(homeX, endX, from: 41.1, seconds: 0.5) + [up(41.7)],
        power: .awake, sessionEffects: [], idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "touch-cancel during the wake touch: later moves of that contact go nowhere",
        events: [.tick(time: 40), down(homeX, 41), .touchCancel(id: 0, time: 41.1)]
            + slide(homeX, endX, from: 41.1, seconds: 0.5) + [up(41.7)],
        power: .awake, sessionEffects: [], idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "touch-cancel during the wake touch, then a real slide unlocks",
        events: [.tick(time: 40), down(homeX, 41), .touchCancel(id: 0, time: 41.1), down(homeX, 42)]
            + slide(homeX, endX, from: 42, seconds: 0.5) + [up(42.6)],
        power: .awake, sessionEffects: ["slideStarted", "unlock", "exit"],
        idle: [.power(.blank), .power(.awake)]),
    IdleCase(
        name: "after waking, the panel dims again dim_after later",
        events: [.tick(time: 40), down(400, 41), up(41.5), .tick(time: 51.4), .tick(time: 51.5)],
        power: .dim, sessionEffects: [], idle: [.power(.blank), .power(.awake), .power(.dim)]),
]

@Suite struct IdleGateTests {
    @Test(arguments: idleCases) func table(_ c: IdleCase) {
        var run = GatedRun()
        run.feed(c.events)
        #expect(run.gate.power == c.power)
        #expect(run.effects == c.sessionEffects)
        #expect(run.idle == c.idle)
    }

    @Test func wakeTouchNeverGrabsTheThumb() {
        var run = GatedRun()
        run.feed([.tick(time: 12), down(homeX, 13)] + slide(homeX, endX, from: 13, seconds: 0.5) + [up(13.6)])
        #expect(run.session.state == .locked)
        #expect(run.session.visual(at: 14).progress == 0)
        #expect(run.gateLog == ["dim", "wake touch"])
        #expect(run.sessionLog.contains("ignored-touch landed-before-shown"))
    }

    @Test func companionFingerIsRefusedByTheAuthority() {
        var run = GatedRun()
        run.feed([.tick(time: 12), down(400, 13), down(homeX, 13.1, id: 1)])
        #expect(run.gateLog == ["dim", "wake touch"])
        #expect(run.sessionLog.contains("ignored-touch extra-finger"))
        #expect(run.session.authority.contactsDown == 2)
        run.feed([up(13.2), up(13.3, id: 1)])
        #expect(run.session.authority.contactsDown == 0)
    }

    @Test func neverDimsOrBlanksWhenZero() {
        var run = GatedRun {
            $0.display.power.dimAfter = 0
            $0.display.power.blankAfter = 0
        }
        #expect(run.gate.nextDeadline == nil)
        run.at(1_000_000)
        #expect(run.gate.power == .awake)
        // With nothing to wake from, the first touch is an ordinary one.
        run.feed([down(homeX, 1_000_001)] + slide(homeX, endX, from: 1_000_001, seconds: 0.5) + [up(1_000_001.6)])
        #expect(run.effects == ["slideStarted", "unlock", "exit"])
    }

    @Test func blankOnlySkipsDim() {
        var run = GatedRun {
            $0.display.power.dimAfter = 0
            $0.display.power.blankAfter = 5
        }
        #expect(run.gate.nextDeadline == 5)
        run.at(5)
        #expect(run.idle == [.power(.blank)])
        #expect(run.gate.nextDeadline == nil)
    }

    @Test func blankBeforeDimGoesStraightToBlank() {
        var run = GatedRun {
            $0.display.power.dimAfter = 20
            $0.display.power.blankAfter = 5
        }
        #expect(run.gate.nextDeadline == 5)
        run.at(6)
        #expect(run.gate.power == .blank)
    }

    @Test func deadlines() {
        var run = GatedRun()
        #expect(run.gate.nextDeadline == 10)
        run.at(10)
        #expect(run.gate.nextDeadline == 30)
        run.at(30)
        #expect(run.gate.nextDeadline == nil) // blank: the loop sleeps
        run.feed([down(300, 35), .tick(time: 45), .tick(time: 50)])
        #expect(run.gate.power == .awake) // a finger is down: no dimming under it
        run.feed([up(51)])
        #expect(run.gate.nextDeadline == 61)
    }

    @Test func levels() {
        var run = GatedRun { $0.display.power.dimLevel = 0.3 }
        #expect(run.gate.level == 1)
        run.at(10)
        #expect(run.gate.level == 0.3)
        run.at(30)
        #expect(run.gate.level == 0)
    }

    @Test func signalWakes() {
        var run = GatedRun()
        run.at(40)
        run.take(run.gate.wake(at: 41))
        #expect(run.idle.last == .power(.awake))
        #expect(run.gate.power == .awake)
        #expect(run.gate.wake(at: 42) == IdleStep(forward: [.uncertain(.wake, time: 42)]))
        #expect(run.gate.nextDeadline == 52)
        // Nothing is swallowed after a signal wake: the next touch is ordinary.
        run.feed([down(homeX, 43)] + slide(homeX, endX, from: 43, seconds: 0.5) + [up(43.6)])
        #expect(run.effects == ["slideStarted", "unlock", "exit"])
    }

    @Test func activityHoldsTheTimer() {
        var run = GatedRun()
        run.gate.noteActivity(at: 9)
        run.at(15)
        #expect(run.gate.power == .awake)
        run.at(19)
        #expect(run.gate.power == .dim)
    }

    @Test func hookEffectsOnlyWithAHook() {
        var run = GatedRun { $0.action.idleHook = "/bin/true" }
        run.at(10)
        run.at(30)
        #expect(run.gate.wake(at: 31).effects == [.power(.awake), .hook(.wake)])
        #expect(run.idle == [.power(.dim), .hook(.sleep), .power(.blank)])
        var blankHook = GatedRun { $0.action.idleHook = "  " }
        blankHook.at(10)
        #expect(blankHook.idle == [.power(.dim)])
    }

    @Test func wakeTouchOnHookModeSessionDoesNotStartTheHook() {
        var run = GatedRun {
            $0.action.mode = .hook
            $0.action.hook = "/bin/true"
        }
        run.at(30)
        run.feed([down(homeX, 31)] + slide(homeX, endX, from: 31, seconds: 0.5) + [up(31.6)])
        #expect(run.effects == [])
        #expect(run.session.state == .locked)
    }
}
