import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// A multitouch panel behind a real `TouchPipeline` (ghost filter on), read the way
/// `TouchInput` reads a device: raw evdev frames arrive at their times; a `SYN_DROPPED`
/// is followed by libevdev's resync; the device can re-enumerate. Its axes are the
/// fixture's screen in pixels.
final class FakePanel: TouchSource {
    static let descriptor: Int32 = 1003
    unowned let world: FakeWorld
    var pipeline: TouchPipeline
    let settings: TouchSettings
    private var nextID = 1
    private var raw: [RawInputEvent] = []
    private var queued: [LockEvent] = []
    /// The slots as the frames so far left them (the device's own state).
    private(set) var slots = Array(repeating: SlotState(), count: 10)
    private var trackingID: Int32 = 10

    let axes: [UInt16: AxisRange]
    let screen: Size

    init(world: FakeWorld, screen: Size, settings: TouchSettings = TouchSettings()) {
        self.world = world
        self.settings = settings
        self.screen = screen
        axes = [
            Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 9),
            Evdev.ABS_MT_TRACKING_ID: AxisRange(minimum: 0, maximum: 65535),
            Evdev.ABS_MT_POSITION_X: AxisRange(minimum: 0, maximum: Int32(screen.width) - 1),
            Evdev.ABS_MT_POSITION_Y: AxisRange(minimum: 0, maximum: Int32(screen.height) - 1),
        ]
        pipeline = TouchPipeline(axes: axes, screen: screen, settings: settings)!
    }

    var pollDescriptors: [Int32] { [FakePanel.descriptor] }
    /// The flight recorder's feed, as `TouchInput.onRaw` (`/dev/input/event9`).
    var onRaw: ((RawInputNotice) -> Void)? {
        didSet { onRaw?(.adopted(path: "/dev/input/event9", description: EvemuRecording(name: "Fake", axes: axes))) }
    }

    func readAvailable() -> [LockEvent] {
        var events = queued
        queued.removeAll()
        for event in raw {
            onRaw?(.event(path: "/dev/input/event9", event: event))
            events += pipeline.feed(event, nextID: &nextID).events
        }
        raw.removeAll()
        return events
    }

    func advance(to seconds: Double) -> [LockEvent] { pipeline.advance(to: seconds, nextID: &nextID).events }
    func takeLog() -> [LogLine] { [] }
    func nextDeadline(now: Double) -> Double? { pipeline.hasPendingContacts ? now + 0.01 : nil }

    /// One report at `t`: each `(slot, x, y)` moves (or lands) that slot's finger; each
    /// slot in `lift` lifts. It is read at `t`, or at `readAt` (a loop busy elsewhere).
    func frame(_ t: Double, _ touches: [(Int, Double, Double)], lift: [Int] = [], readAt: Double? = nil) {
        var e: [RawInputEvent] = []
        func abs(_ code: UInt16, _ v: Int32) {
            e.append(RawInputEvent(time: t, type: Evdev.EV_ABS, code: code, value: v))
        }
        for (slot, x, y) in touches {
            abs(Evdev.ABS_MT_SLOT, Int32(slot))
            if !slots[slot].isActive {
                trackingID += 1
                slots[slot].trackingID = trackingID
                abs(Evdev.ABS_MT_TRACKING_ID, trackingID)
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
        world.at(readAt ?? t, fd: FakePanel.descriptor) { self.raw += e }
    }

    /// A finger in `slot` from `x0` to `x1` over `seconds`, reports at `hz`, from `t0`.
    func stroke(slot: Int = 0, _ x0: Double, _ x1: Double, y: Double, from t0: Double, seconds: Double, hz: Double) {
        let n = max(1, Int((seconds * hz).rounded()))
        frame(t0, [(slot, x0, y)])
        for i in 1...n {
            let f = Double(i) / Double(n)
            frame(t0 + seconds * f, [(slot, x0 + (x1 - x0) * f, y)])
        }
    }

    /// The kernel's buffer overflows at `t` (the finger in `slot` re-reported with a new
    /// tracking id when `relanded`), then libevdev's resync, as `TouchInput` reads them.
    func overflow(at t: Double, relanded slot: Int? = nil) {
        world.at(t, fd: FakePanel.descriptor) {
            if let slot {
                self.trackingID += 1
                self.slots[slot].trackingID = self.trackingID
            }
            for event in self.raw { self.queued += self.pipeline.feed(event, nextID: &self.nextID).events }
            self.raw.removeAll()
            let dropped = RawInputEvent(time: t, type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0)
            self.queued += self.pipeline.feed(dropped, nextID: &self.nextID).events
            self.queued += self.pipeline.resync(slots: self.slots, time: t, nextID: &self.nextID).events
        }
    }

    /// The device goes away at `t` and is adopted again with the fingers still down.
    func reenumerate(at t: Double) {
        world.at(t, fd: FakePanel.descriptor) {
            self.queued += self.pipeline.deviceRemoved(time: t).events
            self.pipeline = TouchPipeline(axes: self.axes, screen: self.screen, settings: self.settings)!
            self.queued +=
                self.pipeline.resync(slots: self.slots, time: t, why: .deviceAdopted, nextID: &self.nextID).events
        }
    }
}
