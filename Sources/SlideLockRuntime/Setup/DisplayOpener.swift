import SlideLockCore
import SlideLockPlatform

/// Opens the panel the settings describe, falling back from DRM to the framebuffer.
public enum DisplayOpener {
    /// Which card, connector, mode and format the settings ask for (the lock screen,
    /// `list-outputs` and `drm-smoke` choose alike).
    public static func options(_ settings: DisplaySettings) -> DisplayOptions {
        var options = DisplayOptions()
        options.devicePath = settings.device.isEmpty ? nil : settings.device
        options.connectorName = settings.connector.isEmpty ? nil : settings.connector
        options.mode = ModeRequest(parsing: settings.mode)
        options.masterWaitSeconds = settings.masterWait
        options.format = settings.format
        return options
    }

    /// DRM when a card can light a panel; else the framebuffer (asked for, or /dev/fb0 when
    /// there is no usable DRM card at all). Other DRM errors stand: they need a person.
    /// `allowNoOutputs`: a card with nothing connected is opened anyway (outputs come
    /// with hotplug) instead of failing with "no connected display".
    public static func open(_ settings: DisplaySettings, log: Logger, allowNoOutputs: Bool = false) throws
        -> PanelDisplay
    {
        if !settings.fbdev.isEmpty { return try FBDevOutput(path: FramebufferSelection.resolve(settings.fbdev)) }
        var options = DisplayOpener.options(settings)
        options.leaveBlack = settings.onExit == .black
        options.onWait = { log.info($0) }
        options.allowNoOutputs = allowNoOutputs
        do {
            return try DRMDisplay(options: options)
        } catch let error as DisplayError {
            switch error {
            case .noDevice, .noUsableDevice:
                guard options.devicePath == nil, FileIO.exists("/dev/fb0") else { throw error }
                log.info("\(error); falling back to the framebuffer /dev/fb0")
                return try FBDevOutput(path: "/dev/fb0")
            default: throw error
            }
        }
    }
}
