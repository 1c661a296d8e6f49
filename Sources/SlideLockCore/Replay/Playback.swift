/// Plays a `TouchScript` against a `LockSession` on a virtual clock, frame by frame, the
/// way a panel would drive it, with no real time passing: headless runs and tests.
///
/// Frame `i` is at `i / fps` seconds. Before each frame, every script step due by then is
/// fed with its own timestamp, then a tick for the frame. After the last step the run
/// continues until the session is at rest (or has exited), plus `tail` seconds, and never
/// beyond `maxDuration` past the last step (a hook result that never comes, say).
///
/// Long gaps are not rendered: when the session is at rest (or has waited `maxDuration`
/// with no step) and the next step is more than `idleGap` away, the clock jumps to
/// `idleLead` before it. Script times are at most `TouchScript.maximumTime`, so the
/// frames of any run are bounded by its activity, not by its timestamps.
public struct Playback: Sequence, Sendable {
    /// Seconds of nothing happening that are skipped rather than rendered...
    public static let idleGap = 2.0
    /// ...resuming this long before the next step.
    public static let idleLead = 0.5

    /// One rendered moment.
    public struct Frame: Equatable, Sendable {
        /// 0-based frame number.
        public let index: Int
        /// Seconds on the virtual clock.
        public let time: Double
        /// What to draw for this frame.
        public let visual: ControlVisual
        /// Log lines written since the previous frame, formatted `t=1.234 unlocked`.
        public let log: [String]
        /// Effects emitted since the previous frame.
        public let effects: [LockEffect]
    }

    public let settings: Settings
    /// Screen size, pixels.
    public let width: Int
    public let height: Int
    /// Frames per virtual second.
    public let fps: Double
    public let script: TouchScript
    /// Seconds shown after the session comes to rest.
    public let tail: Double
    /// Hard cap, seconds after the last step.
    public let maxDuration: Double

    /// A run of `script` on a `width` x `height` screen at `fps` frames per second.
    public init(
        settings: Settings, width: Int, height: Int, fps: Double = 60, script: TouchScript,
        tail: Double = 0.25, maxDuration: Double = 30
    ) {
        self.settings = settings
        self.width = width
        self.height = height
        self.fps = fps > 0 ? fps : 60
        self.script = script
        self.tail = Swift.max(0, tail)
        self.maxDuration = Swift.max(0, maxDuration)
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    /// Steps the virtual clock one frame per `next()`.
    public struct Iterator: IteratorProtocol, Sendable {
        /// The session being driven (inspect it between frames).
        public private(set) var session: LockSession
        let playback: Playback
        var frameIndex = 0
        var nextStep = 0
        /// Virtual time at which the session was first seen at rest after the last step.
        var restSince: Double?
        /// Time of the latest step fed to the session.
        var lastStepTime = 0.0
        var finished = false

        init(_ playback: Playback) {
            self.playback = playback
            session = LockSession(settings: playback.settings, width: playback.width, height: playback.height)
        }

        public mutating func next() -> Frame? {
            guard !finished else { return nil }
            skipIdleGap()
            let steps = playback.script.steps
            // Index / fps, not an accumulated sum, so frame times carry no rounding drift.
            let time = Double(frameIndex) / playback.fps
            var effects: [LockEffect] = []
            while nextStep < steps.count && steps[nextStep].time <= time && !session.hasExited {
                effects += session.handle(steps[nextStep].event)
                lastStepTime = steps[nextStep].time
                nextStep += 1
            }
            effects += session.handle(.tick(time: time))
            let frame = Frame(
                index: frameIndex, time: time, visual: session.visual(at: time),
                log: session.takeLog().map(\.description), effects: effects)
            frameIndex += 1
            finished = isLastFrame(time)
            return frame
        }

        /// Moves the clock over a long idle stretch (see `Playback`).
        mutating func skipIdleGap() {
            let steps = playback.script.steps
            guard frameIndex > 0, nextStep < steps.count, !session.hasExited else { return }
            let now = Double(frameIndex) / playback.fps
            let next = steps[nextStep].time
            guard next - now > Playback.idleGap,
                session.isAtRest || now - lastStepTime >= playback.maxDuration
            else { return }
            frameIndex = Swift.max(frameIndex, clampedInt(((next - Playback.idleLead) * playback.fps).rounded(.down)))
        }

        /// True when `time` is the final frame: the script is done (or the session exited),
        /// the session has rested for `tail`, or the cap is reached.
        mutating func isLastFrame(_ time: Double) -> Bool {
            let steps = playback.script.steps
            guard nextStep >= steps.count || session.hasExited else { return false }
            let lastStepTime = steps.last?.time ?? 0
            if time >= lastStepTime + playback.maxDuration { return true }
            if session.isAtRest {
                let since = restSince ?? time
                restSince = since
                return time >= since + playback.tail
            }
            restSince = nil
            return false
        }
    }
}
