@preconcurrency import Glibc
import SlideLockCore

/// Which backlight `display.backlight` means on this machine, and why (for the log).
public struct BacklightSelection {
    /// The opened backlight; nil: dimming draws the frame darker.
    public let backlight: Backlight?
    /// `10-0045 (the only one)`, `none configured`, ...
    public let reason: String

    /// Resolves `choice` for the lit `connectors` (most important first, e.g. the touch
    /// output) on DRM card `card` (`card0`), under sysfs `root`.
    ///
    /// auto: a backlight the kernel registered as a child of a connector's device (i915,
    /// amdgpu and nouveau do: `/sys/class/drm/card0-eDP-1/intel_backlight`), or whose
    /// `device` link lies under it; else the only backlight there is; else none (several
    /// unrelated ones: guessing could dim the wrong screen).
    public static func resolve(
        _ choice: BacklightChoice, card: String, connectors: [String],
        root: String = "/sys"
    ) throws(DisplayError) -> BacklightSelection {
        switch choice {
        case .none:
            return BacklightSelection(backlight: nil, reason: "display.backlight = none")
        case .named(let name):
            return BacklightSelection(backlight: try Backlight(name: name, root: root), reason: "display.backlight")
        case .auto:
            let names = Backlight.names(root: root)
            for connector in connectors {
                if let name = names.first(where: { isTied($0, to: card + "-" + connector, root: root) }) {
                    return try open(name, root: root, reason: "tied to \(connector)")
                }
            }
            if names.count == 1 { return try open(names[0], root: root, reason: "the only one") }
            return BacklightSelection(
                backlight: nil,
                reason: names.isEmpty
                    ? "none in /sys/class/backlight"
                    : "several, none tied to the connector (\(names.joined(separator: ", "))): set display.backlight")
        }
    }

    /// auto's pick: one it may not write (a read-only /sys under the service's confinement)
    /// is left alone with the reason, and dimming draws instead; a lock that will not start
    /// because of a backlight is worse than one that stays bright. A backlight named in the
    /// config must work.
    static func open(_ name: String, root: String, reason: String) throws(DisplayError) -> BacklightSelection {
        do {
            return BacklightSelection(backlight: try Backlight(name: name, root: root), reason: reason)
        } catch .backlightNotWritable(let path, let why) {
            return BacklightSelection(backlight: nil, reason: "\(name) (\(reason)) but \(path) is not writable: \(why)")
        }
    }

    /// True when backlight `name` belongs to DRM connector directory `connectorDir`
    /// (`card0-eDP-1`).
    static func isTied(_ name: String, to connectorDir: String, root: String) -> Bool {
        let connector = root + "/class/drm/" + connectorDir
        guard FileIO.isDirectory(connector) else { return false }
        if FileIO.isDirectory(connector + "/" + name) { return true }
        guard let device = realPath(root + "/class/backlight/" + name + "/device"),
            let conn = realPath(connector)
        else { return false }
        return device == conn || device.hasPrefix(conn + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
