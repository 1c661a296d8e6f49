import Testing

@testable import SlideLockCore

/// The lock out of service (`OutOfService`): `UnlockAuthority` refuses every slide and tap,
/// the button and `ctl unlock` keep their own rules, and the screen shows why, not a track.
@Suite struct OutOfServiceTests {
    static let why = OutOfService(problems: [
        "/etc/slidelock/slidelock.conf:3: theme.name: unknown theme 'dark' (default, classic, mint, high-contrast)",
        "/etc/slidelock/slidelock.conf:9: display.rotate: 45 is not one of auto, 0, 90, 180, 270",
    ])!

    @Test func theFirstProblemAndHowManyMore() {
        #expect(Self.why.more == 1 && Self.why.first.hasPrefix("/etc/slidelock/slidelock.conf:3: theme.name:"))
        #expect(Self.why.status.hasPrefix("out of service: /etc/slidelock/slidelock.conf:3: "))
        #expect(Self.why.moreText == "1 more (see the log)")
        #expect(OutOfService(problems: ["x: y"])?.moreText == nil)
        #expect(OutOfService(problems: []) == nil)
    }

    @Test func aPerfectSlideIsRefusedAndAudited() {
        var g = Glass()
        g.session.putOutOfService(Self.why, time: 0.5)
        g.stroke(112, 760, from: 2, seconds: 0.5, hz: 60)
        g.lift(0, at: 2.6)
        #expect(!g.unlocked)
        #expect(g.session.takeDecisions().map { $0.refusal?.reason } == [.outOfService])
        // The thumb never moved: nothing on the glass may look like it could open.
        #expect(g.session.visual(at: 2.3).progress == 0)
    }

    /// A finger already down when the lock went out of service is out too.
    @Test func aStrokeUnderwayIsRefused() {
        var g = Glass()
        g.stroke(112, 400, from: 1, seconds: 0.3, hz: 60)
        g.session.putOutOfService(Self.why, time: 1.32)
        g.stroke(400, 760, from: 1.35, seconds: 0.3, hz: 60, landed: true)
        g.lift(0, at: 1.7)
        #expect(!g.unlocked)
    }

    @Test func tapsAreRefused() {
        var p = Taps()
        p.session.putOutOfService(Self.why, time: 0.5)
        p.tap(on: p.home, at: 1.0)
        p.tap(on: p.button, at: 2.0)
        #expect(!p.unlocked)
        #expect(!p.session.visual(at: 1.2).openButton)
        #expect(p.log.contains { $0.hasPrefix("out-of-service") })
    }

    /// Egress: the button and `ctl unlock` keep their rules.
    @Test func theButtonAndCtlStillOpen() {
        var s = LockSession(settings: Settings(), width: 800, height: 480)
        s.putOutOfService(Self.why, time: 0.5)
        _ = s.handle(.shown(.startup, time: 1))
        #expect(s.pressButton(time: 2) == [.unlock(source: .button, slideDuration: 0), .exit])
        var g = Glass()
        g.session.putOutOfService(Self.why, time: 0.5)
        g.apply(.control(.unlock(peer: ControlPeer(pid: 1, uid: 0, gid: 0), access: ControlAccess()), time: 1))
        #expect(g.unlocked)
        var refused = Glass()
        refused.session.putOutOfService(Self.why, time: 0.5)
        let nobody = ControlPeer(pid: 2, uid: 65534, gid: 65534)
        refused.apply(.control(.unlock(peer: nobody, access: ControlAccess()), time: 1))
        #expect(!refused.unlocked)
    }

    @Test func theStatusSaysOutOfServiceAndWhy() {
        var status = ControlStatus()
        status.outOfService = Self.why.status
        #expect(status.text.hasPrefix("state=out-of-service "))
        #expect(status.text.contains("why=\"out of service: /etc/slidelock/slidelock.conf:3: theme.name:"))
        #expect(status.json.contains("\"state\":\"out-of-service\""))
        #expect(ControlStatus().json.contains("\"out_of_service\":null"))
    }

    @Test func theScreenHasNoTrackAndSaysWhy() {
        var v = ControlVisual()
        v.notice.outOfService = Self.why
        for (w, h) in [(800, 480), (480, 800), (320, 240)] {
            let scene = SceneBuilder(settings: Settings(), width: w, height: h).scene(v)
            #expect(scene.track.opacity == 0 && scene.fill.opacity == 0 && scene.label.opacity == 0)
            #expect(scene.clock.text == "Out of service")
            #expect((scene.date.text + " " + scene.message.text).hasPrefix("/etc/slidelock/slidelock.conf:3:"))
            #expect(scene.words?.text == "1 more (see the log)")
            // Everything inside the screen, one line under the other.
            for box in [scene.thumb.rect, scene.clock.box, scene.date.box, scene.words!.clip] {
                #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(w) && box.maxY <= Double(h))
            }
            #expect(scene.thumb.rect.maxY <= scene.clock.box.minY && scene.clock.box.maxY <= scene.date.box.minY)
        }
    }

    @Test func longProblemsBreakAtASpaceAndShrink() {
        #expect(SceneBuilder.twoLines("a.conf:3: key: why", fit: 40) == ["a.conf:3: key: why"])
        #expect(SceneBuilder.twoLines("a.conf:3: key: why not", fit: 12) == ["a.conf:3:", "key: why not"])
        // No space in the second half: cut where it must.
        #expect(SceneBuilder.twoLines("/very/long/path/name.conf", fit: 10) == ["/very/long", "/path/name.conf"])
        let (lines, size) = SceneBuilder.wrapped(String(repeating: "word ", count: 40), wanted: 20, width: 300)
        #expect(lines.count == 2 && size < 20 && size >= 8)
    }

    @Test func withoutFontsOnlyTheBadgeShows() {
        var v = ControlVisual()
        var why = Self.why
        why.fontless = true
        v.notice.outOfService = why
        let scene = SceneBuilder(settings: Settings(), width: 800, height: 480).scene(v)
        #expect(scene.clock.opacity == 0 && scene.date.opacity == 0 && scene.message.opacity == 0)
        #expect(scene.words == nil && scene.label.opacity == 0 && scene.thumb.icon == .lock)
    }
}
