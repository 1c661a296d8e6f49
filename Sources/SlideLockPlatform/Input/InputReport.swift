import SlideLockCore

/// The `list-inputs` report: every evdev node with its name, kind, capabilities and axis
/// ranges, whether slidelock would read it and why not.
public enum InputReport {
    /// The report text. `options.device`, `acceptMouse` and `acceptTablet` decide "used".
    public static func make(options: TouchInputOptions) -> String {
        let paths = TouchInput.eventPaths(options.directory)
        guard !paths.isEmpty else {
            return
                "no input devices in \(options.directory)\nslidelock would use: nothing yet (waits for a touchscreen)\n"
        }
        var lines: [String] = []
        var used: [String] = []
        for path in paths {
            let device: EvdevDevice
            do { device = try EvdevDevice(path: path) } catch {
                lines.append(
                    "\(path): cannot open: \(SystemError(operation: "", errno: error.errno).description.dropFirst(2))")
                continue
            }
            let caps = device.capabilities
            let named = options.device.map { $0 == path || $0 == device.name } ?? false
            var decision = caps.decision(
                acceptMouse: options.acceptMouse, acceptTablet: options.acceptTablet, named: named)
            if options.device != nil && !named { decision = (false, "not the --input device") }
            var kind = caps.kind.rawValue
            if caps.isMultitouch, let slots = caps.axes[Evdev.ABS_MT_SLOT] { kind += ", MT \(slots.maximum + 1) slots" }
            lines.append("\(path): \"\(device.name)\" (\(kind))")
            lines.append("  " + caps.summary(codeName: EvdevDevice.codeName(type:code:)))
            lines.append(decision.use ? "  used: \(decision.why)" : "  not used: \(decision.why)")
            if decision.use { used.append(path) }
        }
        lines.append(
            "slidelock would use: "
                + (used.isEmpty ? "nothing yet (waits for a touchscreen)" : used.joined(separator: " ")))
        return lines.joined(separator: "\n") + "\n"
    }
}
