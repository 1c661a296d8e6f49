import Testing

@testable import SlideLockCore

/// The door's words on the glass: the message line says "Please close the door" while the
/// door is held open and "Tampered: call service" while tampered, in the warning colour,
/// and goes back to what it showed once the state clears. Words only: the control is as
/// it was.
@Suite struct DoorWordsTests {
    static let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
    static let warning = Settings().theme.warningColor

    @Test func heldOpenShowsItsWordsOverTheMessageAndGoesWhenClosed() {
        var v = ControlVisual()
        v.notice.message = "Deliveries: door 3"
        let before = Self.builder.scene(v)
        v.notice.heldOpen = true
        let held = Self.builder.scene(v)
        #expect(held.message.text == "Please close the door")
        #expect(held.message.color == Self.warning && held.message.opacity == 1)
        #expect(held.message.box == before.message.box)
        #expect(held.track == before.track && held.thumb == before.thumb && held.label == before.label)
        #expect(held.words == nil)
        v.notice.heldOpen = false
        #expect(Self.builder.scene(v) == before)
    }

    @Test func tamperedShowsItsWordsUntilCleared() {
        var v = ControlVisual()
        let before = Self.builder.scene(v)
        v.notice.tampered = true
        let tampered = Self.builder.scene(v)
        #expect(tampered.message.text == "Tampered: call service")
        #expect(tampered.message.color == Self.warning && tampered.message.opacity == 1)
        v.notice.tampered = false
        #expect(Self.builder.scene(v) == before)
        #expect(before.message.opacity == 0)
    }

    /// One line, the most urgent thing: tampered, lockdown's reason, held open, the message.
    @Test(arguments: [
        (true, true, true, "Tampered: call service"),
        (true, false, true, "Tampered: call service"),
        (false, true, true, "Fire alarm"),
        (false, false, true, "Please close the door"),
        (false, false, false, "Deliveries"),
    ])
    func oneLineShowsTheMostUrgent(tampered: Bool, lockdown: Bool, heldOpen: Bool, shown: String) {
        var v = ControlVisual()
        v.notice.tampered = tampered
        v.notice.heldOpen = heldOpen
        v.notice.lockdown = lockdown
        v.notice.message = lockdown ? "Fire alarm" : "Deliveries"
        #expect(Self.builder.scene(v).message.text == shown)
    }

    /// Lockdown with no reason to show leaves the line to an open door.
    @Test func lockdownWithoutAReasonStillAsksForTheDoor() {
        var v = ControlVisual()
        v.notice.lockdown = true
        v.notice.heldOpen = true
        #expect(Self.builder.scene(v).message.text == "Please close the door")
        v.notice.heldOpen = false
        #expect(Self.builder.scene(v).message.text == "")
    }

    @Test func emptyWordsGiveWayToTheNextThing() throws {
        var settings = Settings()
        settings.theme.words.tampered = ""
        settings.theme.words.heldOpen = ""
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        var v = ControlVisual()
        v.notice.message = "Deliveries"
        v.notice.tampered = true
        v.notice.heldOpen = true
        let scene = builder.scene(v)
        #expect(scene.message.text == "Deliveries" && scene.message.color == settings.theme.labelColor)
    }

    /// Out of service outranks tamper: its screen, not the tamper words, fills the glass.
    @Test func outOfServiceOutranksTamper() {
        var v = ControlVisual()
        v.notice.outOfService = OutOfService(problems: ["x.conf:3: theme.name: no such theme"])
        let plain = Self.builder.scene(v)
        v.notice.tampered = true
        v.notice.heldOpen = true
        #expect(Self.builder.scene(v) == plain)
    }
}
