import Testing

@testable import SlideLockCore

/// The `fade-scale` unlocked icon: hidden through the delay, then fading in while it grows, as a
/// function of the seconds since the unlock; finished at `end`, never holding up the exit,
/// the hook or the relock, and never keeping the session animating.
@Suite struct IconTransitionTests {
    /// The default theme with the `fade-scale` transition, the ambient hue off (so only the
    /// control's own animations keep frames coming).
    static func seed(_ mode: UnlockMode = .hook) -> Settings {
        var s = Settings()
        s.theme.iconTransition = .fadeScale
        s.animation.hueEnabled = false
        s.action.mode = mode
        return s
    }

    static let fade = IconTransition(Theme(seedTransitionOf: .default))

    @Test func hiddenThroughTheDelayThenFadesAndGrowsIn() {
        let t = Self.fade
        #expect(t.delay == 0.55 && t.duration == 0.35 && t.fromScale == 0.5)
        #expect(abs(t.end - 0.9) < 1e-12)
        for s in [0, 0.1, 0.3, 0.549] { #expect(t.appearance(seconds: s) == (0, 0.5)) }
        let mid = t.appearance(seconds: 0.55 + 0.35 / 2)
        #expect(abs(mid.opacity - 0.5) < 1e-6 && abs(mid.scale - 0.75) < 1e-6)
        // Eased: slow at both ends, opacity and scale in step, never back.
        let early = t.appearance(seconds: 0.55 + 0.035)
        #expect(early.opacity > 0 && early.opacity < 0.05)
        var last = -1.0
        for step in 0...70 {
            let a = t.appearance(seconds: 0.55 + 0.005 * Double(step))
            #expect(a.opacity >= last && a.opacity >= 0 && a.opacity <= 1)
            #expect(abs(a.scale - (0.5 + 0.5 * a.opacity)) < 1e-12)
            last = a.opacity
        }
        for s in [0.9, 0.95, 1.5, 300] { #expect(t.appearance(seconds: s) == (1, 1)) }
    }

    @Test func finishesAndThenNoLongerRuns() {
        let t = Self.fade
        #expect(t.isRunning(seconds: 0) && t.isRunning(seconds: 0.899))
        #expect(!t.isRunning(seconds: 0.9) && !t.isRunning(seconds: 10) && !t.isRunning(seconds: .infinity))
        #expect(!t.isRunning(seconds: .nan) && t.appearance(seconds: .nan) == (1, 1))
    }

    @Test func aCutIsTheIconAtOnceAndNeverRuns() {
        let cut = IconTransition(Theme.default)
        #expect(cut.style == .cut && cut.end == 0)
        for s in [0, 0.3, 0.7, 2] {
            #expect(cut.appearance(seconds: s) == (1, 1) && !cut.isRunning(seconds: s))
        }
    }

    @Test func aDelayIsKeptWhateverTheDuration() {
        let t = IconTransition(style: .fadeScale, delay: 0.5, duration: 0, fromScale: 0)
        #expect(t.appearance(seconds: 0.49) == (0, 0) && t.appearance(seconds: 0.5) == (1, 1))
        let none = IconTransition(style: .fadeScale, delay: 0, duration: 0.2, fromScale: 1)
        #expect(none.appearance(seconds: 0) == (0, 1) && none.appearance(seconds: 0.2) == (1, 1))
    }

    /// Every built-in theme cuts (see `Theme.iconTransition`), with the seed's timings ready.
    @Test(arguments: Theme.builtIn)
    func builtInThemesCut(theme: Theme) {
        #expect(theme.iconTransition == .cut)
        #expect(theme.iconTransitionDelay == 0.55 && theme.iconTransitionDuration == 0.35)
    }

    // MARK: In the session

    @Test func hookModeAnimatesThroughTheTransitionThenSleeps() {
        var run = Run(Self.seed())
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        run.tick(from: 0.4, to: 0.99)
        #expect(run.session.state == .busy && run.session.visual(at: 0.99).stateSeconds > 0.5)
        run.feed([.actionFinished(success: true, time: 1.0)])
        // The relock is where it always was: the transition takes nothing from it.
        #expect(run.session.nextDeadline == 2.5)
        let v = run.session.visual(at: 1.0 + 0.725)
        #expect(v.state == .unlocked && abs(v.stateSeconds - 0.725) < 1e-9)
        run.tick(from: 1.0, to: 1.85)
        #expect(run.session.isControlAnimating && run.session.isAnimating)
        run.tick(from: 1.91, to: 1.91)
        #expect(run.session.state == .unlocked && !run.session.isControlAnimating && !run.session.isAnimating)
        run.tick(from: 2.5, to: 4)
        #expect(run.session.state == .locked && run.session.isAtRest)
        #expect(run.log == ["pressed", "slide", "unlock", "unlocked", "relock"])
    }

    @Test func aShortUnlockedStateRelocksMidTransition() {
        var settings = Self.seed()
        settings.animation.unlockedDuration = 0.3
        var run = Run(settings)
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        run.feed([.actionFinished(success: true, time: 1.0)])
        run.tick(from: 1.0, to: 1.3)
        #expect(run.session.state == .locked && run.entries.last?.time == 1.3)
        run.tick(from: 1.3, to: 3)
        #expect(run.session.isAtRest && !run.session.isAnimating)
    }

    /// The same slide, cut or seed transition: the same effects at the same times, the exit
    /// included (it comes at the slide-off's end, before the icon's delay is over).
    @Test(arguments: [UnlockMode.exit, .hook], [UnlockTransition.none, .slide, .fade, .interactive])
    func neverMovesAnEffect(mode: UnlockMode, transition: UnlockTransition) {
        func effects(_ style: IconTransitionStyle) -> [(String, Double)] {
            var settings = Self.seed(mode)
            settings.animation.unlockTransition = transition
            settings.theme.iconTransition = style
            var session = LockSession(settings: settings, width: 800, height: 480)
            var out: [(String, Double)] = []
            var events = [down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)]
            events += stride(from: 0.4, through: 3, by: 1.0 / 60).map { LockEvent.tick(time: $0) }
            events.insert(.actionFinished(success: true, time: 0.7), at: events.firstIndex { $0.time > 0.7 }!)
            for e in events { out += session.handle(e).map { (effectName($0), e.time) } }
            return out
        }
        let cut = effects(.cut)
        let seed = effects(.fadeScale)
        #expect(cut.map(\.0) == seed.map(\.0) && cut.map(\.1) == seed.map(\.1))
        #expect(cut.map(\.0).contains(mode == .exit ? "exit" : "unlock"))
    }

    @Test func exitModeStopsAnimatingAtTheExit() {
        var settings = Self.seed(.exit)
        settings.animation.unlockTransition = .slide
        var run = Run(settings)
        run.feed([down(homeX, 0)] + slide(homeX, endX + 30, from: 0, seconds: 0.3) + [up(0.4)])
        run.tick(from: 0.4, to: 0.8)
        #expect(run.effects.last == "exit" && !run.session.isAnimating && run.session.isAtRest)
    }

    // MARK: In the scene

    @Test func theSceneFadesAndScalesOnlyTheUnlockedIcon() {
        var settings = Self.seed()
        settings.theme.iconSize = 0.5
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        func thumb(_ state: LockState, _ seconds: Double) -> ThumbLayer {
            var v = ControlVisual(state: state, progress: 1)
            v.stateSeconds = seconds
            return builder.scene(v).thumb
        }
        let full = thumb(.unlocked, 2)
        #expect(full.icon == .lockOpen && full.iconOpacity == 1)
        let before = thumb(.unlocked, 0.3)
        #expect(before.icon == .lockOpen && before.iconOpacity == 0)
        #expect(abs(before.iconSize - full.iconSize / 2) < 1e-9)
        let mid = thumb(.unlocked, 0.725)
        #expect(abs(mid.iconOpacity - 0.5) < 1e-6 && abs(mid.iconSize - full.iconSize * 0.75) < 1e-6)
        // The thumb itself, its colour and place, do not change with the icon.
        #expect(mid.rect == full.rect && mid.iconColor == full.iconColor && mid.opacity == full.opacity)
        // Busy's spinner and failed's icon are as they were, however long the state lasts.
        for state in [LockState.busy, .failed, .locked] {
            let t = thumb(state, 0.3)
            #expect(t.iconOpacity == 1 && t.iconSize == full.iconSize)
        }
        #expect(thumb(.busy, 0.3).icon == .spinner)
    }

    @Test func lockdownDimsTheTransitioningIconWithTheThumb() {
        let builder = SceneBuilder(settings: Self.seed(), width: 800, height: 480)
        var v = ControlVisual(state: .unlocked, progress: 1)
        v.stateSeconds = 0.725
        v.notice.lockdown = true
        let thumb = builder.scene(v).thumb
        #expect(abs(thumb.opacity - SceneBuilder.lockdownOpacity) < 1e-9 && abs(thumb.iconOpacity - 0.5) < 1e-6)
    }

    @Test func aStillFrameOfUnlockedTakesItsTimeAsTheTransitionsClock() {
        let v = StillFrame.visual(state: .unlocked, progress: 1, time: 0.725, settings: Self.seed())
        #expect(v.stateSeconds == 0.725)
        #expect(StillFrame.visual(state: .locked, progress: 0, time: 0.725, settings: Self.seed()).stateSeconds == 0)
    }
}

extension Theme {
    /// `theme` with the `fade-scale` icon transition.
    init(seedTransitionOf theme: Theme) {
        self = theme
        iconTransition = .fadeScale
    }
}
