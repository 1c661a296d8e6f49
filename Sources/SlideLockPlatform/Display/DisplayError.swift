import SlideLockCore

/// Why the display could not be opened or driven, worded so a person can act on it.
/// `description` is one line: `<what>: <why>` (main prints it after `slidelock: `).
public enum DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `/dev/dri/card*` at all (no KMS driver loaded).
    case noDevice
    /// Cards exist but none does modesetting with dumb buffers (e.g. a render-only GPU).
    case noUsableDevice(checked: [String])
    /// `open` failed with EACCES.
    case permissionDenied(path: String)
    /// Another process (a display server, another slidelock) kept DRM master.
    case masterBusy(path: String, waitedSeconds: Double)
    case notKMS(path: String)
    case noDumbBuffers(path: String)
    case connector(path: String, ConnectorChoiceError)
    case mode(connector: String, ModeChoiceError)
    /// No CRTC left that the connector's encoders can drive.
    case noCRTC(connector: String)
    case flipPending(connector: String)
    /// Another program took DRM master: the kernel refuses our frames until it is back.
    case masterLost(connector: String)
    /// The driver refused buffers of the requested pixel format.
    case formatUnsupported(connector: String, format: String, reason: String)
    /// A framebuffer whose pixel layout slidelock cannot draw into.
    case framebufferFormat(path: String, layout: String)
    /// `display.fbdev` names no framebuffer driver this machine has.
    case noFramebuffer(name: String, available: [String])
    /// `display.backlight` names no backlight in `/sys/class/backlight`.
    case noBacklight(name: String, available: [String])
    /// A backlight's `max_brightness` or `brightness` that cannot be read or is no number.
    case backlightUnreadable(path: String, reason: String)
    /// A backlight's `brightness` that cannot be written (permissions, a read-only /sys).
    case backlightNotWritable(path: String, reason: String)
    case system(SystemError)

    public var description: String {
        switch self {
        case .noDevice:
            return "no DRM device: /dev/dri/card* does not exist (is a KMS driver loaded? try `ls /dev/dri`)"
        case .noUsableDevice(let checked):
            return "no DRM device with modesetting and dumb buffers among \(checked.joined(separator: ", "))"
        case .permissionDenied(let path):
            return "permission denied opening \(path): add the user to group `video` (or run as root)"
        case .masterBusy(let path, let waited):
            return "\(path) is in use by another display program (DRM master held for \(waited) s): stop it first"
        case .notKMS(let path):
            return "\(path) has no modesetting resources (a render-only GPU?): pick another card with --device"
        case .noDumbBuffers(let path):
            return "\(path) does not support dumb buffers (DRM_CAP_DUMB_BUFFER is 0)"
        case .connector(let path, .noneConnected(let all)):
            let names = all.isEmpty ? "it has no connectors" : "connectors: \(all.joined(separator: ", "))"
            return "no connected display on \(path) (\(names)): check the cable or panel overlay"
        case .connector(let path, .notFound(let name, let available)):
            return "no connector named \(name) on \(path) (available: \(available.joined(separator: ", ")))"
        case .connector(let path, .notConnected(let name)):
            return "connector \(name) on \(path) is not connected"
        case .mode(let connector, .noModes):
            return "connector \(connector) reports no modes"
        case .mode(let connector, .notFound(let request, let available)):
            let list = available.map(\.description).joined(separator: " ")
            return "mode \(request) not found on \(connector) (available: \(list))"
        case .noCRTC(let connector):
            return "no free CRTC can drive connector \(connector)"
        case .formatUnsupported(let connector, let format, let reason):
            return "\(connector) cannot scan out \(format) (\(reason)): use display.format = auto or xrgb8888"
        case .framebufferFormat(let path, let layout):
            return "\(path): its pixel layout (\(layout)) is not supported: slidelock drives 16-bit RGB565 "
                + "or BGR565 and 32-bit XRGB8888 framebuffers"
        case .noFramebuffer(let name, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "display.fbdev: no framebuffer named \(name) (framebuffers: \(list))"
        case .noBacklight(let name, let available):
            let list = available.isEmpty ? "there is none" : "available: " + available.joined(separator: ", ")
            return "display.backlight: no backlight named \(name) in /sys/class/backlight (\(list))"
        case .backlightUnreadable(let path, let reason):
            return "backlight: cannot read \(path): \(reason)"
        case .backlightNotWritable(let path, let reason):
            return "backlight: cannot write \(path): \(reason) (run as root or allow the path in the service; "
                + "display.backlight = none dims by drawing instead)"
        case .masterLost(let connector):
            return "cannot draw on \(connector): another program took DRM master"
        case .flipPending(let connector):
            return "present on \(connector) while a page flip is still pending"
        case .system(let error):
            return error.description
        }
    }
}
