import FuzzOracle

// The one file that knows the implementation's API (the unlock authority's: uncertain,
// hidden and shown moments are events): it builds the lock the way the runtime's loop does
// (touch pipeline -> idle gate -> session) and turns what the harness does to the world
// into the implementation's calls. Switch this file, and only this one, when the API
// changes (the glue for the API before the authority is in this file's history).
@testable import SlideLockCore

struct LockUnderTest {
    private(set) var config: FuzzConfig
    let axes: [UInt16: AxisRange]
    var settings: Settings
    var pipeline: TouchPipeline
    var session: LockSession
    var idle: IdleGate
    var nextID = 1
    var observed: [Observation] = []
    /// The device is gone (removed, not yet adopted again): nothing is read from it.
    var removed = false
    /// When the idle gate last woke the panel: the lock shows from the next frame on.
    var wokeAt = -Double.infinity

    /// A lock with a multitouch panel of `deviceWidth` x `deviceHeight` units.
    init(config: FuzzConfig, deviceWidth: Int32, deviceHeight: Int32, time: Double) {
        self.config = config
        axes = [
            Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 3),
            Evdev.ABS_MT_TRACKING_ID: AxisRange(minimum: 0, maximum: 65535),
            Evdev.ABS_MT_POSITION_X: AxisRange(minimum: 0, maximum: deviceWidth - 1),
            Evdev.ABS_MT_POSITION_Y: AxisRange(minimum: 0, maximum: deviceHeight - 1),
        ]
        settings = LockUnderTest.settings(config)
        pipeline = LockUnderTest.pipeline(axes: axes, config: config, settings: settings)
        session = LockSession(settings: settings, width: config.screenWidth, height: config.screenHeight)
        idle = IdleGate(settings: settings, now: time)
        // No touch counts before the first frame is on screen; here it is at once.
        note(session.handle(.hidden(.startup, time: time)), time: time)
        note(session.handle(.shown(.startup, time: time)), time: time)
    }

    static func settings(_ c: FuzzConfig) -> Settings {
        var s = Settings()
        s.input.touch.ghostFilter = c.ghostFilter
        s.input.touch.calibration = CalibrationMatrix(c.calibration) ?? .identity
        s.input.touch.minimumContactSeconds = c.minContactSeconds
        s.input.touch.minimumContactSamples = c.minContactSamples
        s.input.touch.cornerMargin = c.cornerMargin
        s.input.stuck.after = c.stuckAfter
        s.input.stuck.radius = c.stuckRadius
        s.input.touch.maximumJumpFraction = c.maxJumpFraction
        s.gesture.threshold = c.threshold
        s.gesture.fling = c.fling
        s.gesture.flingProjection = c.flingProjection
        s.gesture.hitSlop = c.hitSlop
        s.gesture.maxSpeed = c.maxSpeed
        s.gesture.minDuration = c.minDuration
        s.gesture.tapToOpen = c.tapToOpen
        s.layout.direction = c.rightToLeft ? .rtl : .ltr
        s.display.rotate = c.rotationDegrees
        s.display.power.dimAfter = c.dimAfter
        s.display.power.blankAfter = c.blankAfter
        s.action.mode = c.hookMode ? .hook : .exit
        return s
    }

    static func pipeline(axes: [UInt16: AxisRange], config c: FuzzConfig, settings: Settings) -> TouchPipeline {
        guard
            let p = TouchPipeline(
                axes: axes, screen: Size(width: Double(c.screenWidth), height: Double(c.screenHeight)),
                rotation: ImageRotation(degrees: c.rotationDegrees) ?? .upright, settings: settings.input.touch)
        else { fatalError("no pipeline for \(axes)") }
        return p
    }

    /// The layout's geometry and the touch mapping, as plain data for the oracle.
    var geometry: OracleGeometry {
        let layout = session.layout
        let thumb = layout.thumb(offset: 0)
        let x = axes[Evdev.ABS_MT_POSITION_X]!
        let y = axes[Evdev.ABS_MT_POSITION_Y]!
        return OracleGeometry(
            screenWidth: layout.screen.width, screenHeight: layout.screen.height,
            thumb: OracleRect(x: thumb.x, y: thumb.y, width: thumb.width, height: thumb.height),
            travel: layout.travel, rightToLeft: layout.rightToLeft, rotationDegrees: config.rotationDegrees,
            calibration: config.calibration,
            axisX: OracleAxis(minimum: Double(x.minimum), maximum: Double(x.maximum)),
            axisY: OracleAxis(minimum: Double(y.minimum), maximum: Double(y.maximum)))
    }

    /// Everything observed since the last call.
    mutating func take() -> [Observation] {
        defer { observed.removeAll() }
        return observed
    }

    // MARK: - The world

    /// One raw event read from the device.
    mutating func raw(type: UInt16, code: UInt16, value: Int32, time: Double) {
        guard !removed else { return }
        var events = pipeline.advance(to: time, nextID: &nextID).events
        events += pipeline.feed(RawInputEvent(time: time, type: type, code: code, value: value), nextID: &nextID).events
        run(events, now: time)
    }

    /// Time passed with nothing read.
    mutating func advance(to time: Double) {
        run(removed ? [] : pipeline.advance(to: time, nextID: &nextID).events, now: time)
    }

    /// SYN_DROPPED: the device's state read back (libevdev's resync).
    mutating func resync(
        slots: [(trackingID: Int32, x: Int32, y: Int32)], currentSlot: Int, time: Double, why: Uncertainty = .resync
    ) {
        guard !removed else { return }
        let state = slots.map { SlotState(trackingID: $0.trackingID, x: $0.x, y: $0.y) }
        run(
            pipeline.resync(slots: state, currentSlot: currentSlot, time: time, why: why, nextID: &nextID).events,
            now: time)
    }

    mutating func deviceRemoved(time: Double) {
        guard !removed else { return }
        removed = true
        run(pipeline.deviceRemoved(time: time).events, now: time)
    }

    /// The device is back (or another one appeared): adopted from its current state.
    mutating func readopt(slots: [(trackingID: Int32, x: Int32, y: Int32)], currentSlot: Int, time: Double) {
        removed = false
        pipeline = LockUnderTest.pipeline(axes: axes, config: config, settings: settings)
        resync(slots: slots, currentSlot: currentSlot, time: time, why: .deviceAdopted)
    }

    /// The touch output came back with another mode: the runtime's followTouchOutput (the
    /// input's remap reads the device's state again).
    mutating func remap(
        width: Int, height: Int, rotationDegrees: Int, time: Double,
        slots: [(trackingID: Int32, x: Int32, y: Int32)], currentSlot: Int
    ) {
        config.screenWidth = width
        config.screenHeight = height
        config.rotationDegrees = rotationDegrees
        var queued: [LockEvent] = []
        if !removed {
            queued = pipeline.deviceRemoved(time: time, why: .remap).events
            pipeline = LockUnderTest.pipeline(axes: axes, config: config, settings: settings)
            let state = slots.map { SlotState(trackingID: $0.trackingID, x: $0.x, y: $0.y) }
            queued +=
                pipeline.resync(slots: state, currentSlot: currentSlot, time: time, why: .remap, nextID: &nextID)
                .events
        }
        let layout = SceneBuilder(settings: session.settings, width: width, height: height).layout
        if layout != session.layout { note(session.relayout(layout, time: time), time: time) }
        run(queued, now: time)
    }

    /// SIGHUP with a new configuration (the touch settings stay: the loop keeps its input).
    mutating func reload(_ new: FuzzConfig, time: Double) {
        var c = new
        c.ghostFilter = config.ghostFilter
        c.calibration = config.calibration
        c.screenWidth = config.screenWidth
        c.screenHeight = config.screenHeight
        c.rotationDegrees = config.rotationDegrees
        c.minContactSeconds = config.minContactSeconds
        c.minContactSamples = config.minContactSamples
        c.cornerMargin = config.cornerMargin
        c.maxJumpFraction = config.maxJumpFraction
        config = c
        settings = LockUnderTest.settings(c)
        let layout = SceneBuilder(settings: settings, width: c.screenWidth, height: c.screenHeight).layout
        session = LockSession(settings: settings, layout: layout, reloadedFrom: session, time: time)
        step(idle.wake(at: time), time: time)
        idle = IdleGate(settings: settings, now: time)
        // No touch counts before the first frame is on screen; here it is at once.
        note(session.handle(.hidden(.startup, time: time)), time: time)
        note(session.handle(.shown(.startup, time: time)), time: time)
    }

    mutating func sigusr1(time: Double) {
        note(session.handle(.reset(time: time)), time: time)
    }

    mutating func sigusr2(time: Double) {
        step(idle.wake(at: time), time: time)
    }

    mutating func masterLost(time: Double) {
        note(session.handle(.hidden(.master, time: time)), time: time)
    }

    mutating func masterBack(time: Double) {
        if session.authority.hiddenBy.contains(.master) {
            note(session.handle(.shown(.master, time: time)), time: time)
        }
    }

    /// An idle step outside the loop's turn: its effects, then its events to the session.
    mutating func step(_ s: IdleStep, time: Double) {
        noteIdle(s.effects, time: time)
        for event in s.forward where LockUnderTest.isNotIdleShow(event) { note(session.handle(event), time: time) }
    }

    /// The loop says a woken panel shows the lock once a frame is on it, not at the wake.
    static func isNotIdleShow(_ event: LockEvent) -> Bool {
        if case .shown(.idle, _) = event { return false }
        return true
    }

    mutating func actionFinished(success: Bool, time: Double) {
        run([.actionFinished(success: success, time: time)], now: time)
    }

    // MARK: - The loop's order

    /// One turn of the loop: input, then a tick, through the idle gate into the session.
    mutating func run(_ input: [LockEvent], now: Double) {
        // The loop draws the first frame after the wake one refresh (60 Hz) later: the lock
        // is on screen from then.
        let lit = wokeAt + 1.0 / 60
        if now >= lit && idle.power == .awake && session.authority.hiddenBy.contains(.idle) {
            note(session.handle(.shown(.idle, time: lit)), time: now)
        }
        if input.contains(where: { if case .touchCancel = $0 { true } else { false } }) {
            observed.append(.cancel(time: now))
        }
        if !session.isAtRest || session.authority.contactsDown > 0 { idle.noteActivity(at: now) }
        var forwarded: [LockEvent] = []
        for event in input + [.tick(time: now)] {
            let step = idle.handle(event)
            noteIdle(step.effects, time: now)
            forwarded += step.forward.filter(LockUnderTest.isNotIdleShow)
        }
        let due = idle.advance(to: now)
        noteIdle(due.effects, time: now)
        forwarded += due.forward.filter(LockUnderTest.isNotIdleShow)
        for event in forwarded { note(session.handle(event), time: now) }
        _ = session.takeLog()
        _ = idle.takeLog()
    }

    mutating func note(_ effects: [LockEffect], time: Double) {
        for effect in effects {
            if case .unlock = effect { observed.append(.unlock(time: time)) }
        }
    }

    mutating func noteIdle(_ effects: [IdleEffect], time: Double) {
        for effect in effects {
            guard case .power(let p) = effect else { continue }
            switch p {
            case .awake:
                observed.append(.power(.awake, time: time))
                wokeAt = time
            case .dim: observed.append(.power(.dim, time: time))
            case .blank: observed.append(.power(.blank, time: time))
            }
        }
    }
}

/// `slidelock play` on an evemu recording: the parser, the replay through the touch
/// pipeline and the session, as plain data for the evemu harness and its oracle.
enum EvemuUnderTest {
    struct Replay {
        /// The recording's raw events, in file order: time, type, code, value.
        var events: [(time: Double, type: UInt16, code: UInt16, value: Int32)]
        /// The session's layout and the touch mapping.
        var geometry: OracleGeometry
        /// The device has multitouch position axes.
        var multitouch: Bool
        /// When the session unlocked (frame times).
        var unlocks: [Double]
    }

    /// Nil when `text` is not a recording the replay takes.
    static func replay(_ text: String, ghostFilter: Bool, rotationDegrees: Int, threshold: Double) -> Replay? {
        _ = EvemuReplay.isRecording(text)
        guard let recording = try? EvemuRecording(parsing: text, fileName: "fuzz.events") else { return nil }
        for event in recording.events where !(0...TouchScript.maximumTime).contains(event.time) {
            fatalError("event at \(event.time) s passed the parser")
        }
        var touch = TouchSettings()
        touch.ghostFilter = ghostFilter
        let rotation = ImageRotation(degrees: rotationDegrees) ?? .upright
        guard
            let script = try? EvemuReplay.script(
                recording, fileName: "fuzz.events", screen: Size(width: 800, height: 480), rotation: rotation,
                settings: touch)
        else { return nil }
        var settings = Settings()
        settings.input.touch = touch
        settings.gesture.threshold = threshold
        var unlocks: [Double] = []
        var frames = 0
        for frame in Playback(settings: settings, width: 800, height: 480, fps: 30, script: script) {
            frames += 1
            _ = frame.visual
            for effect in frame.effects {
                if case .unlock = effect { unlocks.append(frame.time) }
            }
            if frames > 200_000 { fatalError("replay of \(script.steps.count) steps does not end") }
        }
        let layout = SceneBuilder(settings: settings, width: 800, height: 480).layout
        let thumb = layout.thumb(offset: 0)
        let mt = recording.axes[Evdev.ABS_MT_POSITION_X] != nil && recording.axes[Evdev.ABS_MT_POSITION_Y] != nil
        let x = recording.axes[mt ? Evdev.ABS_MT_POSITION_X : Evdev.ABS_X] ?? AxisRange(minimum: 0, maximum: 0)
        let y = recording.axes[mt ? Evdev.ABS_MT_POSITION_Y : Evdev.ABS_Y] ?? AxisRange(minimum: 0, maximum: 0)
        let geometry = OracleGeometry(
            screenWidth: 800, screenHeight: 480,
            thumb: OracleRect(x: thumb.x, y: thumb.y, width: thumb.width, height: thumb.height),
            travel: layout.travel, rightToLeft: layout.rightToLeft, rotationDegrees: rotationDegrees,
            calibration: touch.calibration.values,
            axisX: OracleAxis(minimum: Double(x.minimum), maximum: Double(x.maximum)),
            axisY: OracleAxis(minimum: Double(y.minimum), maximum: Double(y.maximum)))
        return Replay(
            events: recording.events.map { ($0.time, $0.type, $0.code, $0.value) }, geometry: geometry,
            multitouch: mt, unlocks: unlocks)
    }
}
