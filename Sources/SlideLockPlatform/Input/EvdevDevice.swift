import CEvdev
@preconcurrency import Glibc
import SlideLockCore

/// One open evdev node (`/dev/input/eventN`) read through libevdev: its name and
/// capabilities, an optional exclusive grab, and non-blocking reads that handle
/// `SYN_DROPPED` by resyncing. Closing (deinit) frees libevdev and closes the fd, which
/// also ends a grab (the kernel's `evdev_release` drops it with the last reference).
public final class EvdevDevice {
    /// What one `read()` produced, in order.
    public enum Input: Equatable, Sendable {
        /// An event as the kernel sent it (times on CLOCK_MONOTONIC, seconds).
        case event(RawInputEvent)
        /// Events were lost; this is the device's state after libevdev's sync.
        case resynced(slots: [SlotState], currentSlot: Int, time: Double)
    }

    /// `/dev/input/eventN`.
    public let path: String
    /// The kernel's device name (`EVIOCGNAME`).
    public let name: String
    /// The open descriptor, for `poll`.
    public let fd: Int32
    /// Properties, axes, keys and relative axes.
    public let capabilities: InputCapabilities
    /// True while this process holds the exclusive grab.
    public private(set) var isGrabbed = false
    let dev: OpaquePointer

    /// Opens `path` read-only, non-blocking, close-on-exec, and probes it.
    public init(path: String) throws(SystemError) {
        self.path = path
        // O_NONBLOCK: libevdev_next_event then returns -EAGAIN instead of blocking the loop.
        let fd = try systemCall("open \(path)") { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        var handle: OpaquePointer?
        do {
            try negativeErrnoCall("libevdev_new_from_fd \(path)") { libevdev_new_from_fd(fd, &handle) }
            // Event times on CLOCK_MONOTONIC (EVIOCSCLOCKID), the clock page-flip events use,
            // so touch and frame times compare; the default is CLOCK_REALTIME.
            try negativeErrnoCall("libevdev_set_clock_id \(path)") { libevdev_set_clock_id(handle, CLOCK_MONOTONIC) }
        } catch {
            if handle != nil { libevdev_free(handle) }
            close(fd)
            throw error
        }
        self.fd = fd
        dev = handle!
        name = String(cString: libevdev_get_name(dev))
        capabilities = EvdevDevice.probe(dev)
    }

    deinit {
        libevdev_free(dev)
        close(fd)
    }

    /// Takes the device for this process alone (`EVIOCGRAB`): no other reader (a console,
    /// another app) sees its events until we close it. Fails with EBUSY when someone else
    /// holds it.
    public func grab() throws(SystemError) {
        try negativeErrnoCall("grab \(path)") { libevdev_grab(dev, LIBEVDEV_GRAB) }
        isGrabbed = true
    }

    /// Reads everything available now. The error is set when the device is gone (ENODEV
    /// after an unplug) or broken; inputs read before it are still returned.
    public func read() -> (inputs: [Input], error: SystemError?) {
        var inputs: [Input] = []
        var ev = input_event()
        while true {
            let rc: Int32
            do {
                rc = try negativeErrnoCall("read \(path)") {
                    libevdev_next_event(dev, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &ev)
                }
            } catch {
                return (inputs, error.errno == EAGAIN ? nil : error)
            }
            if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                // SYN_DROPPED: the kernel's per-client buffer overflowed. libevdev has
                // re-read the device state (EVIOCGABS, EVIOCGMTSLOTS, EVIOCGKEY) and queued
                // the difference as sync events; its state is updated as they are
                // returned, so drain them all, then take a snapshot of the slots.
                var time = seconds(ev)
                while libevdev_next_event(dev, LIBEVDEV_READ_FLAG_SYNC.rawValue, &ev)
                    == LIBEVDEV_READ_STATUS_SYNC.rawValue
                {
                    time = max(time, seconds(ev))
                }
                let (slots, current) = snapshot()
                inputs.append(.resynced(slots: slots, currentSlot: current, time: time))
                continue
            }
            inputs.append(.event(RawInputEvent(time: seconds(ev), type: ev.type, code: ev.code, value: ev.value)))
        }
    }

    /// The contact state libevdev holds now: one entry per MT slot, or one for a
    /// single-touch device or mouse (the contact button as tracking id 0/-1).
    public func snapshot() -> (slots: [SlotState], currentSlot: Int) {
        let slotCount = libevdev_get_num_slots(dev)
        if capabilities.isMultitouch && slotCount > 0 {
            let slots = (0..<slotCount).map { slot -> SlotState in
                let value = { (code: UInt16) in libevdev_get_slot_value(self.dev, UInt32(slot), UInt32(code)) }
                return SlotState(
                    trackingID: value(Evdev.ABS_MT_TRACKING_ID), x: value(Evdev.ABS_MT_POSITION_X),
                    y: value(Evdev.ABS_MT_POSITION_Y))
            }
            return (slots, Int(max(0, libevdev_get_current_slot(dev))))
        }
        let value = { (type: UInt16, code: UInt16) in libevdev_get_event_value(self.dev, UInt32(type), UInt32(code)) }
        let down = value(Evdev.EV_KEY, Evdev.BTN_TOUCH) != 0 || value(Evdev.EV_KEY, Evdev.BTN_LEFT) != 0
        return (
            [
                SlotState(
                    trackingID: down ? 0 : -1, x: value(Evdev.EV_ABS, Evdev.ABS_X),
                    y: value(Evdev.EV_ABS, Evdev.ABS_Y))
            ], 0
        )
    }

    /// libevdev's name for a code (`ABS_MT_PRESSURE`), for reports.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    private func seconds(_ ev: input_event) -> Double {
        Double(ev.time.tv_sec) + Double(ev.time.tv_usec) / 1_000_000
    }

    private static func probe(_ dev: OpaquePointer) -> InputCapabilities {
        var caps = InputCapabilities()
        for prop in 0..<UInt16(INPUT_PROP_CNT) where libevdev_has_property(dev, UInt32(prop)) != 0 {
            caps.properties.insert(prop)
        }
        for code in 0...UInt16(ABS_MAX) where libevdev_has_event_code(dev, UInt32(EV_ABS), UInt32(code)) != 0 {
            guard let info = libevdev_get_abs_info(dev, UInt32(code))?.pointee else { continue }
            caps.axes[code] = AxisRange(
                minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                flat: info.flat, resolution: info.resolution)
        }
        for code in 0...UInt16(KEY_MAX) where libevdev_has_event_code(dev, UInt32(EV_KEY), UInt32(code)) != 0 {
            caps.keys.insert(code)
        }
        for code in 0...UInt16(REL_MAX) where libevdev_has_event_code(dev, UInt32(EV_REL), UInt32(code)) != 0 {
            caps.relativeAxes.insert(code)
        }
        return caps
    }
}
