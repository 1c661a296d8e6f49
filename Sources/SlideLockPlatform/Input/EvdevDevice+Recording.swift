import CEvdev
import SlideLockCore

extension EvdevDevice {
    /// The device as the flight recorder writes it: name, properties, axes and codes; its
    /// `events` the state libevdev holds now (`recordingState`).
    public var recordingDescription: EvemuRecording {
        var codes: [UInt16: Set<UInt16>] = [Evdev.EV_SYN: [Evdev.SYN_REPORT]]
        if !capabilities.keys.isEmpty { codes[Evdev.EV_KEY] = capabilities.keys }
        if !capabilities.relativeAxes.isEmpty { codes[Evdev.EV_REL] = capabilities.relativeAxes }
        var description = EvemuRecording(
            name: name, properties: capabilities.properties, axes: capabilities.axes, supportedCodes: codes)
        description.events = recordingState
        return description
    }

    /// Every axis value libevdev holds now (read at open, `EVIOCGABS` / `EVIOCGMTSLOTS`), as
    /// events: each slot's, then the current slot, then the single-touch axes. The kernel
    /// sends a value only when it changes, so the first contact after the lock (re)started
    /// may carry no `ABS_MT_POSITION_X` at all: a replay needs the value it kept. Zero
    /// values are left out (a fresh decoder starts from zero).
    var recordingState: [RawInputEvent] {
        func event(_ code: UInt16, _ value: Int32) -> RawInputEvent {
            RawInputEvent(time: 0, type: Evdev.EV_ABS, code: code, value: value)
        }
        var out: [RawInputEvent] = []
        let axes = capabilities.axes.keys.sorted()
        let slotCount = min(64, libevdev_get_num_slots(dev))
        if capabilities.axes[Evdev.ABS_MT_SLOT] != nil, slotCount > 0 {
            for slot in 0..<slotCount {
                let values = axes.filter { $0 > Evdev.ABS_MT_SLOT && $0 != Evdev.ABS_MT_TRACKING_ID }.compactMap {
                    code -> RawInputEvent? in
                    let v = libevdev_get_slot_value(dev, UInt32(slot), UInt32(code))
                    return v == 0 ? nil : event(code, v)
                }
                if !values.isEmpty { out += [event(Evdev.ABS_MT_SLOT, slot)] + values }
            }
            out.append(event(Evdev.ABS_MT_SLOT, max(0, libevdev_get_current_slot(dev))))
        }
        for code in axes where code < Evdev.ABS_MT_SLOT {
            let v = libevdev_get_event_value(dev, UInt32(Evdev.EV_ABS), UInt32(code))
            if v != 0 { out.append(event(code, v)) }
        }
        return out
    }
}
