import SlideLockCore

extension EvdevDevice {
    /// The device as the flight recorder writes it: name, properties, axes and codes.
    public var recordingDescription: EvemuRecording {
        var codes: [UInt16: Set<UInt16>] = [Evdev.EV_SYN: [Evdev.SYN_REPORT]]
        if !capabilities.keys.isEmpty { codes[Evdev.EV_KEY] = capabilities.keys }
        if !capabilities.relativeAxes.isEmpty { codes[Evdev.EV_REL] = capabilities.relativeAxes }
        return EvemuRecording(
            name: name, properties: capabilities.properties, axes: capabilities.axes, supportedCodes: codes)
    }
}
