import SlideLockCore
import SlideLockPlatform

/// `display.physical_size = auto` made concrete: the configured size, else what the touch
/// panel reports, at start and on every reload (the panel as it is then: a monitor plugged
/// in its place may report another size). The layout, the log and the flight recorder's
/// headers (which `play` reads back) then all see one size. Says how the thumb was sized in
/// one log line, at start and again when a reload changes it.
public final class PhysicalSizing {
    let log: Logger
    let rotation: ImageRotation
    /// The sizing line said last.
    public private(set) var line: String?

    public init(log: Logger, rotation: ImageRotation) {
        self.log = log
        self.rotation = rotation
    }

    /// `loaded` with its physical size filled in from `panel`'s report.
    public func settings(_ loaded: Settings, panel: PanelOutput) -> Settings {
        let description = PhysicalSizing.description(loaded, panel: panel, rotation: rotation)
        if description != line {
            line = description
            log.info(description)
        }
        return PhysicalSizing.filled(loaded, reported: panel.physicalSize)
    }

    /// `settings` with `auto` replaced by the `reported` size. A report of 0x0 (unknown) or
    /// one the key itself refuses (a side over 10 m: a header could not be read back) stays
    /// `auto`; an implausible one is kept, and `Layout` lays it out proportionally.
    public static func filled(_ settings: Settings, reported: Size) -> Settings {
        guard settings.display.physicalSize == nil, !settings.display.ignoresReportedSize, reported.width > 0,
            reported.height > 0
        else { return settings }
        guard case .success(let size?) = DisplaySettings.physicalSize(parsing: "\(reported.width)x\(reported.height)")
        else { return settings }
        var settings = settings
        settings.display.physicalSize = size
        return settings
    }

    /// The sizing line for `panel` with the `loaded` settings (before `filled`), and where
    /// the size came from.
    public static func description(_ loaded: Settings, panel: PanelOutput, rotation: ImageRotation) -> String {
        let screen = rotation.panelSize(logicalSize: Size(width: Double(panel.width), height: Double(panel.height)))
        if let configured = loaded.display.physicalSize {
            return Layout.sizingDescription(screen: screen, millimetres: configured, settings: loaded.layout)
                + " (size from display.physical_size)"
        }
        let reported = panel.physicalSize
        if loaded.display.ignoresReportedSize {
            return Layout.sizingDescription(screen: screen, millimetres: nil, settings: loaded.layout)
                + " (display.physical_size = none: \(panel.name)'s report ignored)"
        }
        guard reported.width > 0, reported.height > 0 else {
            return Layout.sizingDescription(screen: screen, millimetres: nil, settings: loaded.layout)
        }
        // A report `filled` refuses is still named here (as implausible), not called unknown.
        return Layout.sizingDescription(screen: screen, millimetres: reported, settings: loaded.layout)
            + " (size reported by \(panel.name))"
    }
}
