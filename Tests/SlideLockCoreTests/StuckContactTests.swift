import Testing

@testable import SlideLockCore

/// A ghost a failing controller pins in place counts as a finger down, so nothing opens
/// while it stays; after `input.stuck_after` within `input.stuck_radius` of where it landed
/// it is declared stuck and stops counting against fingers that land later.
@Suite struct StuckContactTests {
    /// A ghost pinned near the far corner from t=1 (the ghost filter withholds it there),
    /// then a full slide landing at `slideAt`.
    func pinnedGhostThenSlide(at slideAt: Double, settings: Settings = Settings()) -> Glass {
        var g = Glass(settings)
        g.frame(1, [(1, 790, 470)])
        var t = 1.0
        while t < slideAt - 0.5 {
            t += 0.5
            g.tick(t)
        }
        g.stroke(homeX, endX + 10, from: slideAt, seconds: 0.35, hz: 60)
        g.lift(at: slideAt + 0.4)
        return g
    }

    @Test func aSlideNextToAPinnedGhostOpensAfterTheDelayAndNotBefore() {
        let before = pinnedGhostThenSlide(at: 25)
        #expect(!before.unlocked)
        #expect(before.log.contains("ignored-touch extra-finger"), "\(before.log)")
        let after = pinnedGhostThenSlide(at: 32)
        #expect(after.unlocked, "\(after.log)")
        #expect(after.log.filter { $0.hasPrefix("stuck ") } == ["stuck contact at 790,470 for 30 s"], "\(after.log)")
    }

    @Test func aSlideThatLandedBeforeTheDeclarationNeverOpens() {
        // Landed at 30.8, the ghost declared at 31: the slide was a second finger all along.
        var g = Glass()
        g.frame(1, [(1, 790, 470)])
        g.stroke(homeX, endX + 10, from: 30.8, seconds: 0.5, hz: 60)
        g.lift(at: 31.4)
        #expect(!g.unlocked)
        #expect(g.log.contains("ignored-touch extra-finger"), "\(g.log)")
    }

    @Test func aContactThatWanderedIsNeverStuck() {
        var g = Glass()
        g.frame(1, [(1, 790, 470)])
        g.frame(1.5, [(1, 784, 470)]) // 6 px: past the 4 px radius
        g.frame(2, [(1, 790, 470)])
        g.tick(40)
        g.stroke(homeX, endX + 10, from: 40, seconds: 0.35, hz: 60)
        g.lift(at: 40.4)
        #expect(!g.unlocked)
        #expect(!g.log.contains { $0.hasPrefix("stuck") }, "\(g.log)")
        #expect(g.session.authority.nextStuckDeadline == nil)
    }

    @Test func stuckAfterZeroTurnsTheRuleOff() {
        var s = Settings()
        s.input.stuck.after = 0
        let g = pinnedGhostThenSlide(at: 40, settings: s)
        #expect(!g.unlocked)
        #expect(!g.log.contains { $0.hasPrefix("stuck") })
    }

    /// The declaration happens on the clock: a tick at the deadline with no touch event.
    @Test func aStillGhostIsDeclaredOnTheClockAndReportedOnce() {
        var g = Glass()
        g.frame(1, [(1, 790, 470)])
        #expect(g.session.nextDeadline == 31)
        g.tick(30.9)
        #expect(g.session.authority.stuckContacts.isEmpty)
        g.tick(31)
        #expect(g.session.authority.stuckContacts.map(\.place) == [Point(x: 790, y: 470)])
        #expect(g.session.takeStuckFound().count == 1)
        g.tick(60)
        #expect(g.session.takeStuckFound().isEmpty)
        #expect(g.session.authority.activeContacts == 0)
        #expect(g.session.authority.contactsDown == 1)
        // The stuck contact itself never opens, even when it finally slides.
        g.frame(61, [(1, homeX, 240)])
        g.stroke(slot: 1, homeX, endX + 10, from: 61.1, seconds: 0.35, hz: 60, landed: true)
        g.lift(1, at: 61.5)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.stuck])
    }

    /// A moment of uncertainty while only a stuck ghost is down does not keep every later
    /// finger out.
    @Test func uncertaintyWithOnlyAStuckGhostDownTaintsNothing() {
        var g = Glass()
        g.frame(1, [(1, 790, 470)])
        g.tick(31)
        g.deliver([.uncertain(.reload, time: 32)])
        g.stroke(homeX, endX + 10, from: 33, seconds: 0.35, hz: 60)
        g.lift(at: 33.4)
        #expect(g.unlocked, "\(g.log)")
    }

    @Test func theAuditRecordNamesThePlace() {
        let r = AuditRecord.stuck(StuckContact(id: 3, place: Point(x: 790, y: 470), landedAt: 1, declaredAt: 31))
        #expect(r.kind == .stuck && r.priority == 4)
        #expect(r.field("SLIDELOCK_X") == "790" && r.field("SLIDELOCK_Y") == "470")
        #expect(r.field("SLIDELOCK_STUCK_S") == "30")
        var status = ControlStatus()
        status.stuckContacts = [StuckContact(id: 3, place: Point(x: 790, y: 470), landedAt: 1, declaredAt: 31)]
        #expect(status.text.contains("stuck=790x470"))
        #expect(status.json.contains("\"stuck_contacts\":[{\"x\":790,\"y\":470}]"))
    }
}

/// Small rules that came with the slide rule: a finger landing in lockdown is audited as a
/// refused slide; a withheld contact's place reaches the authority and scripts; `none`.
@Suite struct SlideRuleEdgeTests {
    @Test func aFingerLandingInLockdownIsARejectedSlide() {
        var g = Glass()
        g.deliver([.control(.lockdown(true), time: 0.5)])
        _ = g.session.takeDecisions()
        g.frame(1, [(0, homeX, 240)])
        g.tick(1.2)
        let decisions = g.session.takeDecisions()
        #expect(decisions.map(\.source) == [.slide])
        #expect(decisions.map { $0.refusal?.reason } == [.lockdown])
        g.lift(at: 1.3)
        #expect(g.session.takeDecisions().isEmpty)
    }

    @Test func theGhostFilterPassesAWithheldContactsPlace() {
        var pipeline = TouchPipeline(
            axes: panelAxes, screen: Size(width: 800, height: 480), settings: Settings().input.touch)!
        var nextID = 1
        func slot(_ t: Double, _ events: [(UInt16, Int32)]) -> [LockEvent] {
            var out: [LockEvent] = []
            for (code, value) in events {
                out +=
                    pipeline.feed(RawInputEvent(time: t, type: Evdev.EV_ABS, code: code, value: value), nextID: &nextID)
                    .events
            }
            out +=
                pipeline.feed(
                    RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0), nextID: &nextID
                ).events
            return out
        }
        let landed = slot(
            1,
            [
                (Evdev.ABS_MT_SLOT, 0), (Evdev.ABS_MT_TRACKING_ID, 5), (Evdev.ABS_MT_POSITION_X, 300),
                (Evdev.ABS_MT_POSITION_Y, 200),
            ])
        #expect(landed.contains(.touchWithheld(id: 1, time: 1)))
        #expect(
            landed.contains(.touchHeld(id: 1, point: Point(x: 300.5, y: 200.5), time: 1))
                || landed.contains { if case .touchHeld(1, _, 1) = $0 { true } else { false } })
        let moved = slot(1.001, [(Evdev.ABS_MT_POSITION_X, 302)])
        #expect(moved.contains { if case .touchHeld(1, _, 1.001) = $0 { true } else { false } }, "\(moved)")
    }

    @Test func scriptsCarryAWithheldContactsPlace() throws {
        let script = try TouchScript.parse("0.1 withheld id=2\n0.2 held 10 20 id=2\n0.3 up id=2\n")
        #expect(script.steps.map(\.event)[1] == .touchHeld(id: 2, point: Point(x: 10, y: 20), time: 0.2))
        #expect(throws: TouchScriptError.self) { try TouchScript.parse("0.2 held 10 20 id=2\n") }
        #expect(
            TouchScript.Step(event: .touchHeld(id: 2, point: Point(x: 1, y: 2), time: 3), line: 1)?.action
                == .held(id: 2, point: Point(x: 1, y: 2)))
    }

    @Test func physicalSizeNoneIgnoresTheReportAndRendersBack() throws {
        let s = try ConfigLoader.load(sources: [ConfigSource(name: "a.conf", text: "[display]\nphysical_size = none\n")]
        )
        #expect(s.display.ignoresReportedSize && s.display.physicalSize == nil)
        #expect(ConfigLoader.render(s).contains("physical_size = none"))
        let back = try ConfigLoader.load(sources: [ConfigSource(name: "b.conf", text: ConfigLoader.render(s))])
        #expect(back == s)
        let auto = try ConfigLoader.load(sources: [
            ConfigSource(name: "a.conf", text: "[display]\nphysical_size = none\nphysical_size = auto\n")
        ])
        #expect(!auto.display.ignoresReportedSize)
    }
}

extension StuckContactTests {
    /// Contacts landing out of time order (two devices' clocks): once an event at `t` has
    /// been judged, the next deadline is never at or before `t`, so a loop that wakes for
    /// it does not spin.
    @Test func theNextDeadlineIsNeverInThePastAfterAnEvent() {
        var session = LockSession(settings: Settings(), width: 800, height: 480)
        _ = session.handle(.touchWithheld(id: 1, time: 10))
        _ = session.handle(.touchHeld(id: 1, point: Point(x: 790, y: 470), time: 10))
        _ = session.handle(.touchHeld(id: 1, point: Point(x: 700, y: 470), time: 10.1)) // wandered
        _ = session.handle(.touchWithheld(id: 2, time: 5))
        _ = session.handle(.touchHeld(id: 2, point: Point(x: 5, y: 470), time: 5))
        for t in stride(from: 30.0, through: 45, by: 0.5) {
            _ = session.handle(.tick(time: t))
            if let next = session.authority.nextStuckDeadline { #expect(next > t, "at \(t): \(next)") }
        }
        #expect(session.authority.stuckContacts.map(\.id) == [2])
    }
}
