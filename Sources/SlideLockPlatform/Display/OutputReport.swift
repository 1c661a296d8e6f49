import CDRM
import SlideLockCore

/// The `list-outputs` report: every card, its driver, its connectors with status and modes
/// (`*` preferred, `+` current, `u` from the kernel's `video=`), and what slidelock would use.
public enum OutputReport {
    /// The report text, and the error slidelock would stop with (nil: it could light a display).
    public static func make(options: DisplayOptions = DisplayOptions()) -> (text: String, error: DisplayError?) {
        let paths = options.devicePath.map { [$0] } ?? DRMDevice.cardPaths()
        guard !paths.isEmpty else { return ("", DisplayError.noDevice) }
        var lines: [String] = []
        for path in paths { lines += describe(path: path) }
        let framebuffers = FramebufferSelection.candidates()
        if !framebuffers.isEmpty {
            // display.fbdev takes the path or the name: both are shown.
            lines.append("framebuffers: " + framebuffers.map { "\($0.path) (\($0.name))" }.joined(separator: ", "))
        }
        do {
            let (path, plan) = try OutputPlan.findDevice(options: options)
            for output in plan {
                lines.append(
                    "slidelock would use: \(path) \(output.connector.name) \(output.mode) (\(output.reason.rawValue))")
            }
            return (lines.joined(separator: "\n") + "\n", nil)
        } catch {
            lines.append("slidelock would fail: \(error)")
            return (lines.joined(separator: "\n") + "\n", error as? DisplayError ?? .noUsableDevice(checked: paths))
        }
    }

    static func describe(path: String) -> [String] {
        let device: DRMDevice
        do {
            device = try DRMDevice(path: path)
        } catch {
            return ["\(path): \(error)"]
        }
        let dumb = device.supportsDumbBuffers ? "dumb buffers" : "NO dumb buffers"
        guard let resources = try? device.resources() else {
            return ["\(path): driver \(device.driverName), \(dumb), no modesetting (render-only): passed over"]
        }
        var lines = [
            "\(path): driver \(device.driverName), \(dumb), \(resources.crtcs.count) CRTCs, \(resources.connectors.count) connectors"
        ]
        // Displays that upload what they show get frames drawn in place and only their damage
        // uploaded; panels scanned out from memory get page flips.
        if let way = DRMOutput.probePath(fd: device.fd) { lines.append("  frames: \(way.rawValue)") }
        for connector in resources.connectors {
            var line = "  \(connector.name): \(connector.status.rawValue)"
            if connector.currentCRTC != 0 { line += ", on CRTC \(connector.currentCRTC)" }
            // What `display.physical_size = auto` takes: shown so a misreport can be seen and overridden.
            let mm = connector.physicalSize
            if mm.width > 0, mm.height > 0 { line += ", \(Int(mm.width))x\(Int(mm.height)) mm" }
            lines.append(line)
            let modes = connector.displayModes.map { mode -> String in
                var marks = ""
                if mode.isPreferred { marks += "*" }
                if let current = connector.currentMode, mode.sameTiming(as: current) { marks += "+" }
                if mode.isUserDefined { marks += "u" }
                return mode.description + marks
            }
            // Modes wrap at roughly 100 columns; some monitors list 40 of them.
            var row = "    modes:"
            for mode in modes {
                if row.count + mode.count > 100 {
                    lines.append(row)
                    row = "          "
                }
                row += " " + mode
            }
            if !modes.isEmpty { lines.append(row) }
        }
        return lines
    }
}
