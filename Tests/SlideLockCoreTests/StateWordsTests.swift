import Testing

@testable import SlideLockCore

/// What the track says in each state, and where the text and the track go when grouped.
@Suite struct StateWordsTests {
    static func scene(_ state: LockState, progress: Double) -> Scene {
        scene(Settings(), state, progress: progress)
    }

    static func scene(_ settings: Settings, _ state: LockState, progress: Double, lockdown: Bool = false) -> Scene {
        var v = ControlVisual(state: state, progress: progress)
        v.notice.lockdown = lockdown
        return SceneBuilder(settings: settings, width: 800, height: 480).scene(v)
    }

    @Test func eachCompletedStateSaysWhatHappenedAndTheLabelComesBack() {
        #expect(Self.scene(.busy, progress: 1).words?.text == "Opening…")
        #expect(Self.scene(.unlocked, progress: 1).words?.text == "Unlocked")
        #expect(Self.scene(.failed, progress: 1).words?.text == "Try again")
        for state in [LockState.busy, .unlocked, .failed] {
            let s = Self.scene(state, progress: 1)
            #expect(s.label.opacity == 0 && s.words?.opacity == 1)
            #expect(s.words?.center == s.track.rect.center && s.words?.clip == s.track.rect)
        }
        // The relock: the thumb on its way home, the label back, no words.
        let relocked = Self.scene(.locked, progress: 0.2)
        #expect(relocked.words == nil && relocked.label.opacity > 0 && relocked.label.text == "Slide to unlock")
    }

    @Test func emptyWordsLeaveWhatTheTrackShowsWithout() {
        var settings = Settings()
        settings.theme.words.failed = ""
        settings.theme.words.lockdown = ""
        #expect(Self.scene(settings, .failed, progress: 1).words == nil)
        let shut = Self.scene(settings, .locked, progress: 0, lockdown: true)
        #expect(shut.words == nil && shut.label.opacity > 0)
        // No pressed words (the default): the label, fading as the thumb nears it.
        let held = Self.scene(.dragging, progress: 0.3)
        #expect(held.label.text == "Slide to unlock" && held.label.opacity < 1 && held.words == nil)
    }

    @Test func pressedWordsReplaceTheLabelWhileHeld() {
        var settings = Settings()
        settings.theme.words.pressed = "Keep going"
        #expect(Self.scene(settings, .pressed, progress: 0).label.text == "Keep going")
        #expect(Self.scene(settings, .dragging, progress: 0.3).label.text == "Keep going")
        #expect(Self.scene(settings, .locked, progress: 0).label.text == "Slide to unlock")
    }

    /// The label's size rule: long words shrink to clear the thumb at either end.
    @Test func longWordsShrinkAsTheLabelDoes() {
        var settings = Settings()
        settings.theme.words.unlocked = String(repeating: "Door open ", count: 6)
        let s = Self.scene(settings, .unlocked, progress: 1)
        let label = Self.scene(.locked, progress: 0).label
        #expect(s.words!.pixelSize < label.pixelSize)
        #expect(Double(s.words!.text.count) * 0.55 * s.words!.pixelSize <= s.track.rect.width - 2 * s.track.rect.height)
    }

    @Test func aLabelThatDoesNotFadeStaysWhole() {
        var settings = Settings()
        settings.theme.labelFades = false
        #expect(Self.scene(settings, .dragging, progress: 0.9).label.opacity == 1)
        #expect(Self.scene(settings, .unlocked, progress: 1).label.opacity == 0)
    }

    /// Words read best in the theme colour that contrasts more with what is under them.
    @Test func wordsTakeTheThemeColourThatReads() {
        // The default theme's green: the dark background colour reads, white does not.
        let green = Self.scene(.unlocked, progress: 1).words!
        #expect(green.color == Theme.default.background)
        // Its violet fill while busy: white.
        #expect(Self.scene(.busy, progress: 1).words!.color == Theme.default.labelColor)
        var mint = Settings()
        mint.theme = .mint
        #expect(Self.scene(mint, .unlocked, progress: 1).words!.color == Theme.mint.background)
        // Words half over the fill, half over the track: the colour that reads on both.
        let half = Self.scene(.busy, progress: 0.3)
        #expect(half.words!.color == Theme.default.labelColor)
    }

    @Test func contrastIsWCAGs() {
        #expect(abs(Color.white.contrast(with: .black) - 21) < 1e-9)
        #expect(abs(Color(rgb: 0x777777).contrast(with: .white) - 4.48) < 0.01)
        #expect(Color(rgb: 0x2BB673).contrast(with: .white) < 3)
    }

    /// Grouped, the text and the track are one block in the middle: as much room above the
    /// clock as below the track, the track moved and the touch layout with it.
    @Test(arguments: [(800, 480), (480, 800), (320, 240), (1920, 1080)])
    func groupCentresTextAndTrack(width: Int, height: Int) {
        var settings = Settings()
        settings.layout.group = .centre
        for clock in [true, false] {
            settings.display.text.clock = clock
            let builder = SceneBuilder(settings: settings, width: width, height: height)
            let t = builder.textLayout
            let track = builder.layout.track
            let top = clock ? t.clock.minY : t.message.minY
            #expect(abs(top - (Double(height) - track.maxY)) <= 2, "\(width)x\(height) clock \(clock): \(t) \(track)")
            #expect(t.message.maxY < track.minY && t.date.maxY <= t.message.minY && t.clock.maxY <= t.date.minY)
            #expect(t.clockSize > 0 && t.messageSize > 0)
            #expect(builder.layout.thumb(progress: 0).minY > track.minY)
        }
    }
}
