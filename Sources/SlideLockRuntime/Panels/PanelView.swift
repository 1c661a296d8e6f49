import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// One lit output: renders the session's visual at the output's own size and rotation
/// and hands only the damaged pixels to the display. Rendering and presenting are separate
/// steps, so the next frame can be drawn while the current flip waits for its vblank.
/// It also keeps the output's frame bookkeeping: what was shown, flips in flight (and
/// whether one hangs), and the timings the trace reports.
public final class PanelView {
    public let output: PanelOutput
    public let rotation: ImageRotation
    let builder: SceneBuilder
    let renderer: SceneRenderer
    /// The rotated image in panel orientation; nil when upright (the canvas is presented).
    private let panel: Canvas?
    /// Seconds between vblanks, from the mode's refresh rate.
    public let frameInterval: Double
    /// Changed rectangles (panel coordinates) rendered but not presented yet.
    private var pendingDamage: [PixelRect] = []
    /// Set when a frame was drawn ahead for the next vblank: the session version it saw.
    var preparedVersion: Int?
    /// The session version of the last frame handed to the output (nil before the first).
    var shownVersion: Int?
    /// When the flip in flight was queued, and how many flips in a row were given up on.
    private(set) var flipQueuedAt: Double?
    private(set) var hangs = 0
    /// Set when the output could not be set up again: nothing is drawn on it any more.
    var isLost = false
    /// Timings of the frame rendered last, of the one in flight, and of those that completed.
    private var rendered: FrameRecord?
    private var inFlight: FrameRecord?
    /// The input time the last presented frame reflected: a frame after it that shows no
    /// newer touch (the hue animating on) is no latency sample and records no input.
    private var presentedInput: Double?
    private var completed: [FrameRecord] = []
    /// How long drawing a frame and handing it to the output took lately: the newest, or
    /// a slowly forgotten maximum.
    private(set) var renderCost = 0.0
    private(set) var presentCost = 0.0
    private var seenFlips = 0
    /// Vblanks caught and missed while frames were wanted back to back.
    public private(set) var ledger = VblankLedger()

    /// Refresh intervals (at least `minimumHangSeconds`) after which a flip counts as hung.
    public static let hangIntervals = 15.0
    public static let minimumHangSeconds = 0.25
    /// Consecutive hung flips tolerated before the output counts as lost.
    public static let maxRecoveries = 3

    /// With `fonts`, the label is drawn with fonts opened once for every output.
    public init(output: PanelOutput, rotation: ImageRotation, settings: Settings, fonts: LabelFonts? = nil) {
        self.output = output
        self.rotation = rotation
        let logicalWidth = rotation.swapsAxes ? output.height : output.width
        let logicalHeight = rotation.swapsAxes ? output.width : output.height
        builder = SceneBuilder(settings: settings, width: logicalWidth, height: logicalHeight)
        renderer = SceneRenderer(width: logicalWidth, height: logicalHeight, fonts: fonts)
        panel = rotation == .upright ? nil : Canvas(width: output.width, height: output.height)
        frameInterval = output.frameInterval
        seenFlips = output.flipCount
    }

    /// Logical (unrotated) size: the touch and layout coordinate space.
    public var logicalSize: Size { Size(width: Double(renderer.canvas.width), height: Double(renderer.canvas.height)) }

    /// Checks the fonts before the panel is touched.
    func prepare(_ visual: ControlVisual) throws {
        try renderer.prepare(builder.scene(visual))
    }

    /// Draws `visual` into the shadow image; nothing reaches the screen until `present`.
    func render(_ visual: ControlVisual, time: Double, inputTime: Double?, clock: EventWaiter) throws {
        let start = clock.now()
        let damage = try renderer.render(builder.scene(visual))
        if let panel {
            pendingDamage += damage.map { renderer.canvas.blitRotated($0, by: rotation.degrees, into: panel) }
        } else {
            pendingDamage += damage
        }
        let end = clock.now()
        renderCost = max(end - start, renderCost * 0.95)
        rendered = FrameRecord(
            output: output.name, input: inputTime, renderStart: start, renderEnd: end,
            visual: time)
    }

    /// Presents what was rendered since the last present; false when nothing changed.
    @discardableResult
    func present(now: Double) throws -> Bool {
        preparedVersion = nil
        guard !pendingDamage.isEmpty else { return false }
        let image = panel ?? renderer.canvas
        try output.present(shadow: image.pixels, stride: image.width, damage: Damage.merge(pendingDamage))
        pendingDamage.removeAll()
        inFlight = rendered.map {
            var r = $0
            r.queued = now
            return r
        }
        if let input = inFlight?.input {
            if input == presentedInput { inFlight?.input = nil } else { presentedInput = input }
        }
        noteShown(at: now)
        if output.isFlipPending {
            flipQueuedAt = now
        } else {
            // A modeset or a framebuffer copy is on screen when the call returns.
            complete(at: now)
        }
        return true
    }

    /// Outputs without vblank events (only those consult it): the frames keep to a grid of refresh intervals, so
    /// they never come faster than the refresh, and a frame a little early or late keeps
    /// its slot; one more than a refresh late starts the grid again.
    private(set) var nextDue: Double?
    private func noteShown(at now: Double) {
        if let due = nextDue, now < due + frameInterval {
            nextDue = due + frameInterval
        } else {
            nextDue = now + frameInterval
        }
    }

    /// True once the next frame's slot has come (outputs without vblank events); the half
    /// millisecond covers a wake-up timed in whole milliseconds.
    func isDue(now: Double) -> Bool {
        guard let nextDue else { return true }
        return now >= nextDue - 0.0005
    }

    /// When the next frame's slot comes (outputs without vblank events).
    func dueTime(now: Double) -> Double { max(now, nextDue ?? now) }

    /// Picks up flips the display reported complete since the last call; `animating`: the
    /// next frame is wanted at the next vblank.
    func noteCompletions(animating: Bool) {
        guard output.flipCount != seenFlips else { return }
        seenFlips = output.flipCount
        if let sequence = output.lastFlipSequence, let completed = output.lastFlipSeconds {
            ledger.record(
                queued: flipQueuedAt ?? completed, completed: completed, sequence: sequence,
                readAt: output.lastEventReadSeconds ?? completed, interval: frameInterval, wantsNext: animating)
        }
        flipQueuedAt = nil
        hangs = 0
        complete(at: output.lastFlipSeconds ?? 0)
    }

    private func complete(at seconds: Double) {
        guard var frame = inFlight else { return }
        frame.completed = seconds
        completed.append(frame)
        inFlight = nil
    }

    /// Frames that reached the screen since the last call, oldest first.
    func takeCompleted() -> [FrameRecord] {
        defer { completed.removeAll() }
        return completed
    }

    /// When the flip in flight counts as hung; nil when none is.
    var hangDeadline: Double? {
        guard output.isFlipPending, let queued = flipQueuedAt else { return nil }
        return queued + max(PanelView.minimumHangSeconds, PanelView.hangIntervals * frameInterval)
    }

    func isHung(now: Double) -> Bool { hangDeadline.map { now >= $0 } ?? false }

    /// Gives up on the flip in flight; the next present is a full frame set up afresh.
    func abandonFlip() {
        output.abandonFlip()
        flipQueuedAt = nil
        hangs += 1
        inFlight = nil
        pendingDamage = [PixelRect(x: 0, y: 0, width: output.width, height: output.height)]
    }

    /// The screen was someone else's for a while (DRM master taken): the next frame is drawn
    /// whole and presented as a modeset (the display forgot the screen when master came back).
    func redrawWhole() {
        ledger.restart()
        flipQueuedAt = nil
        hangs = 0
        inFlight = nil
        invalidate()
        pendingDamage = [PixelRect(x: 0, y: 0, width: output.width, height: output.height)]
        shownVersion = nil
    }

    /// The next frame is drawn and presented whole (waking from an idle blank).
    func invalidate() {
        renderer.invalidate()
        preparedVersion = nil
    }

    /// Takes over the output's bookkeeping from the view this one replaces (config reload).
    func inherit(from old: PanelView) {
        flipQueuedAt = old.flipQueuedAt
        hangs = old.hangs
        isLost = old.isLost
        inFlight = old.inFlight
        completed = old.completed
        seenFlips = old.seenFlips
        ledger = old.ledger
    }

    func notePresentCost(_ seconds: Double) { presentCost = max(seconds, presentCost * 0.95) }

    /// How much later than its latch time a latched frame was drawn lately (a slowly
    /// forgotten maximum, capped at a refresh): the wake-up's own delay, which the margin
    /// must cover too.
    private(set) var wakeLateness = 0.0
    func noteWakeLateness(_ seconds: Double) {
        wakeLateness = max(min(max(seconds, 0), frameInterval), wakeLateness * 0.95)
    }

    /// While a finger drags, the latest moment to draw and flip and still make the next
    /// vblank: a margin of twice the recent drawing and copying time plus twice the recent
    /// wake-up delay (at least 3 ms), at least 4 ms in all. nil before the first flip
    /// completes, and when the margin would exceed half a refresh: a slow or busy system
    /// gains nothing by waiting and would miss vblanks, so it flips as soon as it can instead.
    func latchTime() -> Double? {
        guard let last = output.lastFlipSeconds else { return nil }
        let margin = max(0.004, 2 * (renderCost + presentCost) + max(0.003, 2 * wakeLateness))
        guard margin <= frameInterval / 2 else { return nil }
        return last + frameInterval - margin
    }

    /// The time the next frame will be on screen: one refresh after the last flip, or now.
    func nextFrameTime(now: Double) -> Double {
        guard let last = output.lastFlipSeconds else { return now }
        return max(now, last + frameInterval)
    }
}
