import Testing

@testable import SlideLockCore

/// What a reload may change: the start-only keys are real keys, a change to one is named
/// while the keys a reload applies pass, and what the session keeps through a reload.
@Suite struct ReloadScopeTests {
    @Test func everyStartOnlyKeyIsAKey() {
        let keys = Set(ConfigKey.all.map(\.path))
        #expect(Settings.startOnlyKeys.filter { !keys.contains($0) } == [])
    }

    @Test func onlyStartOnlyChangesAreNamed() throws {
        let old = try ConfigLoader.load(sources: [], overrides: [])
        let fresh = try ConfigLoader.load(
            sources: [],
            overrides: [
                "theme.background=#102030", "input.stuck_after=5", "action.hook=/bin/true", "input.button=chip:3",
                "audit.recordings=off", "door.open_window=20", "tamper.lockdown=on",
            ])
        #expect(
            old.startOnlyChanges(to: fresh) == [
                "input.button", "door.open_window", "tamper.lockdown", "audit.recordings",
            ])
        #expect(old.startOnlyChanges(to: old) == [])
    }

    /// A reload while the unlock hook runs keeps the session busy, so its outcome shows; a
    /// reload to another `action.on_unlock` starts locked, and the old outcome is ignored.
    @Test(arguments: [(UnlockMode.hook, LockState.unlocked), (.exit, .locked)])
    func aReloadMidHookKeepsTheActionUnderTheSameMode(mode: UnlockMode, after: LockState) {
        var settings = Settings()
        settings.action.mode = .hook
        settings.action.cooldown = 30
        var g = Glass(settings)
        let thumb = g.session.layout.thumb(progress: 0)
        let end = g.session.layout.thumb(progress: 1)
        let y = thumb.minY + thumb.height / 2
        g.stroke(thumb.minX + thumb.width / 2, end.maxX + 10, from: 1, seconds: 0.4, hz: 60, y: y)
        g.lift(at: 1.45)
        #expect(g.session.state == .busy, "\(g.log)")
        var fresh = settings
        fresh.action.mode = mode
        g.session = LockSession(settings: fresh, layout: g.session.layout, reloadedFrom: g.session, time: 1.5)
        g.apply(.actionFinished(success: true, time: 1.6))
        #expect(g.session.state == after, "\(g.log)")
        #expect(g.log.contains("ignored-action") == (after == .locked))
        // The cooldown of the unlock stays either way.
        #expect(g.session.cooldownUntil > 30)
    }
}
