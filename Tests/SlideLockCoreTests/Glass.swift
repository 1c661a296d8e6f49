@testable import SlideLockCore

/// A multitouch panel (the 800x480 `panelAxes`) wired as the loop wires it: raw events ->
/// `TouchPipeline` (ghost filter on unless told) -> `IdleGate` (when idle timings are set)
/// -> `LockSession`, with the loop's outside events (signals, reload, relayout) at hand.
struct Glass {
    var pipeline: TouchPipeline
    var gate: IdleGate?
    var session: LockSession
    var nextID = 1
    var effects: [String] = []
    /// Session log lines, `name detail`.
    var log: [String] = []
    /// Why contacts and requests were refused.
    var refusals = RefusalTrail()
    /// The state of each slot as the raw frames left it (for resync snapshots).
    var slots = Array(repeating: SlotState(), count: 10)

    init(
        _ settings: Settings = Settings(), screen: Size = Size(width: 800, height: 480),
        rotation: ImageRotation = .upright, axes: [UInt16: AxisRange] = panelAxes
    ) {
        pipeline = TouchPipeline(axes: axes, screen: screen, rotation: rotation, settings: settings.input.touch)!
        let power = settings.display.power
        gate = power.dimAfter > 0 || power.blankAfter > 0 ? IdleGate(settings: settings, now: 0) : nil
        // The panel's logical screen is the session's (a rotated panel's UI is portrait).
        session = LockSession(settings: settings, width: Int(screen.width), height: Int(screen.height))
    }

    var unlocked: Bool { effects.contains("unlock") }

    /// Events for the session, through the idle gate as the loop passes them.
    mutating func deliver(_ events: [LockEvent]) {
        for event in events {
            guard var g = gate else {
                apply(event)
                continue
            }
            if session.authority.activeContacts > 0 || !session.isAtRest { g.noteActivity(at: event.time) }
            let step = g.handle(event)
            gate = g
            for event in step.forward { apply(event) }
        }
    }

    mutating func apply(_ event: LockEvent) {
        effects += session.handle(event).map(effectName)
        let entries = session.takeLog()
        refusals.note(session.authority, entries)
        log += entries.map { e in e.detail.map { "\(e.name) \($0)" } ?? e.name }
    }

    mutating func raw(_ events: [RawInputEvent]) {
        for e in events {
            deliver(pipeline.advance(to: e.time, nextID: &nextID).events)
            deliver(pipeline.feed(e, nextID: &nextID).events)
        }
    }

    /// One report: each `(slot, x, y)` moves that slot's finger (landing it with a fresh
    /// tracking id when the slot was empty); each slot in `lift` lifts.
    mutating func frame(_ t: Double, _ touches: [(Int, Double, Double)], lift: [Int] = []) {
        var e: [RawInputEvent] = []
        func abs(_ code: UInt16, _ v: Int32) {
            e.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: code, value: v))
        }
        for (slot, x, y) in touches {
            abs(Evdev.ABS_MT_SLOT, Int32(slot))
            if !slots[slot].isActive {
                slots[slot].trackingID = Int32(100 + nextID * 10 + slot)
                abs(Evdev.ABS_MT_TRACKING_ID, slots[slot].trackingID)
            }
            slots[slot].x = Int32(x.rounded())
            slots[slot].y = Int32(y.rounded())
            abs(Evdev.ABS_MT_POSITION_X, slots[slot].x)
            abs(Evdev.ABS_MT_POSITION_Y, slots[slot].y)
        }
        for slot in lift {
            abs(Evdev.ABS_MT_SLOT, Int32(slot))
            abs(Evdev.ABS_MT_TRACKING_ID, -1)
            slots[slot].trackingID = -1
        }
        e.append(RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        raw(e)
    }

    /// A finger in `slot` from `x0` to `x1` over `seconds` at `hz` reports, starting at `t0`
    /// (landing at `x0` unless `landed`), with `drift` px of vertical wander.
    mutating func stroke(
        slot: Int = 0, _ x0: Double, _ x1: Double, from t0: Double, seconds: Double, hz: Double,
        landed: Bool = false, drift: Double = 0, y: Double = 240
    ) {
        let n = max(1, Int((seconds * hz).rounded()))
        if !landed { frame(t0, [(slot, x0, y)]) }
        for i in 1...n {
            let f = Double(i) / Double(n)
            frame(t0 + seconds * f, [(slot, x0 + (x1 - x0) * f, y + drift * sine(f * 7))])
        }
    }

    mutating func lift(_ slot: Int = 0, at t: Double) { frame(t, [], lift: [slot]) }

    /// The frame clock: ghost-filter releases, idle deadlines.
    mutating func tick(_ t: Double) {
        deliver(pipeline.advance(to: t, nextID: &nextID).events)
        deliver([.tick(time: t)])
    }

    /// `SYN_DROPPED`, then what libevdev reports after its sync (the slots as they are).
    mutating func overflowAndResync(at t: Double) {
        raw([RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0)])
        deliver(pipeline.resync(slots: slots, time: t, nextID: &nextID).events)
    }

    /// The device re-enumerates with the fingers still down: removed, then adopted anew.
    mutating func reenumerate(at t: Double, settings: Settings = Settings()) {
        deliver(pipeline.deviceRemoved(time: t).events)
        pipeline = TouchPipeline(
            axes: panelAxes, screen: Size(width: 800, height: 480), settings: settings.input.touch)!
        deliver(pipeline.resync(slots: slots, time: t + 0.001, why: .deviceAdopted, nextID: &nextID).events)
    }

    /// SIGUSR2, as `LockLoop.wakeFromSignal` does it.
    mutating func signalWake(at t: Double) {
        guard var g = gate else { return apply(.uncertain(.wake, time: t)) }
        let step = g.wake(at: t)
        gate = g
        for event in step.forward { apply(event) }
    }

    /// SIGHUP with the same settings, as `LockLoop.reloadSettings` does it.
    mutating func reload(at t: Double) {
        session = LockSession(settings: session.settings, layout: session.layout, reloadedFrom: session, time: t)
        signalWake(at: t)
        log += session.takeLog().map { e in e.detail.map { "\(e.name) \($0)" } ?? e.name }
    }
}
