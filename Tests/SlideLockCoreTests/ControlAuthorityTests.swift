import Testing

@testable import SlideLockCore

/// The `ctl` source and lockdown, decided by `UnlockAuthority` inside the session.
@Suite struct ControlAuthorityTests {
    static let root = ControlPeer(pid: 1, uid: 0, gid: 0)
    static let nobody = ControlPeer(pid: 2, uid: 65534, gid: 65534)
    static let operatorPeer = ControlPeer(pid: 3, uid: 1000, gid: 1000, groups: [27, 990])

    func unlock(_ g: inout Glass, _ peer: ControlPeer, access: ControlAccess = ControlAccess(), at t: Double) {
        g.apply(.control(.unlock(peer: peer, access: access), time: t))
    }

    @Test func rootUnlocksAndTheDecisionSaysWho() {
        var g = Glass()
        unlock(&g, Self.root, at: 1)
        #expect(g.unlocked)
        let decisions = g.session.takeDecisions()
        #expect(decisions.count == 1 && decisions[0].source == .ctl && decisions[0].isGranted)
        #expect(decisions[0].peer == Self.root)
        #expect(g.log.contains("unlock ctl"))
    }

    @Test func onlyRootOrTheGroupMayUnlock() {
        var g = Glass()
        unlock(&g, Self.nobody, at: 1)
        unlock(&g, Self.operatorPeer, at: 2)
        #expect(!g.unlocked)
        #expect(g.session.takeDecisions().map { $0.refusal?.reason } == [.peerNotAllowed, .peerNotAllowed])
        unlock(&g, Self.operatorPeer, access: ControlAccess(group: 990), at: 3)
        #expect(g.unlocked)
    }

    @Test func lockdownRefusesCtlAndSlides() {
        var g = Glass()
        g.apply(.control(.lockdown(true), time: 0.5))
        #expect(g.session.notice.lockdown && g.session.visual(at: 0.5).notice.lockdown)
        unlock(&g, Self.root, at: 1)
        g.stroke(112, 760, from: 2, seconds: 0.5, hz: 60)
        g.lift(0, at: 2.6)
        #expect(!g.unlocked)
        let reasons = g.session.takeDecisions().map { $0.refusal?.reason }
        #expect(reasons.first == .lockdown)
        // Lifted: the next slide and the next ctl unlock open again.
        g.apply(.control(.lockdown(false), time: 3))
        g.stroke(112, 760, from: 4, seconds: 0.5, hz: 60)
        g.lift(0, at: 4.6)
        #expect(g.unlocked)
    }

    /// A stroke begun in lockdown does not open when lockdown is lifted under it, nor one
    /// begun before lockdown once it is on.
    @Test func aStrokeAcrossALockdownChangeNeverOpens() {
        for (on, off) in [(1.2, 1.3), (1.2, 99.0)] {
            var g = Glass()
            g.stroke(112, 400, from: 1, seconds: 0.3, hz: 60)
            g.apply(.control(.lockdown(true), time: on))
            if off < 50 { g.apply(.control(.lockdown(false), time: off)) }
            g.stroke(400, 760, from: 1.35, seconds: 0.3, hz: 60, landed: true)
            g.lift(0, at: 1.7)
            #expect(!g.unlocked, "lockdown \(on)...\(off)")
            #expect(g.refusals.reasons == [.lockdown])
        }
    }

    @Test func aCtlUnlockTakesTheThumbFromAFinger() {
        var g = Glass()
        g.stroke(112, 400, from: 1, seconds: 0.3, hz: 60)
        unlock(&g, Self.root, at: 1.4)
        #expect(g.unlocked)
        #expect(g.session.state == .unlocked)
    }

    @Test func aBusyLockIgnoresCtlUnlock() {
        var settings = Settings()
        settings.action.mode = .hook
        var g = Glass(settings)
        unlock(&g, Self.root, at: 1)
        #expect(g.session.state == .busy)
        unlock(&g, Self.root, at: 1.1)
        #expect(g.effects.filter { $0 == "unlock" }.count == 1)
        #expect(g.log.contains("ignored-ctl-unlock busy"))
    }

    @Test func aTimedMessageEndsAndTheOldOneReturns() {
        var g = Glass()
        g.apply(.control(.message("Back at 2", until: 5), time: 1))
        #expect(g.session.notice.message == "Back at 2")
        #expect(g.session.nextDeadline == 5)
        g.apply(.tick(time: 4.9))
        #expect(g.session.notice.message == "Back at 2")
        g.apply(.tick(time: 5))
        #expect(g.session.notice.message == nil)
        #expect(g.session.nextDeadline == nil)
        g.apply(.control(.message("Closed", until: nil), time: 6))
        g.apply(.control(.message("Replaced", until: 8), time: 7))
        g.apply(.tick(time: 9))
        #expect(g.session.notice.message == nil) // back to the configured (none), not "Closed"
        g.apply(.control(.message("x", until: nil), time: 10))
        g.apply(.control(.message(nil, until: nil), time: 11))
        #expect(g.session.notice.message == nil)
    }

    @Test func lockdownAndMessageSurviveRelockAndReload() {
        var g = Glass()
        g.apply(.control(.lockdown(true), time: 1))
        g.apply(.control(.message("Closed", until: nil), time: 1))
        g.apply(.reset(time: 2))
        #expect(g.session.notice == Notice(message: "Closed", lockdown: true))
        g.reload(at: 3)
        #expect(g.session.notice == Notice(message: "Closed", lockdown: true))
        #expect(g.session.authority.lockdown)
        unlock(&g, Self.root, at: 4)
        #expect(!g.unlocked)
        #expect(g.refusals.reasons == [.lockdown])
    }
}
