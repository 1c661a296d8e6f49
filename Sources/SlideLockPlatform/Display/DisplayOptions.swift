import SlideLockCore

/// What the user asked for on the command line about outputs.
public struct DisplayOptions: Sendable {
    /// `--device /dev/dri/cardN`; nil = the first card that can light a display.
    public var devicePath: String?
    /// `--connector NAME`; nil = every connected connector.
    public var connectorName: String?
    /// `--mode WxH[@Hz]`; nil = `ModeChoice`'s default rules.
    public var mode: ModeRequest?
    /// How long to wait for another program to release DRM master.
    public var masterWaitSeconds: Double
    /// Switch the VT to graphics mode while running (KD_GRAPHICS).
    public var switchVT: Bool
    /// Scanout format; nil = XRGB8888 unless the primary plane only takes RGB565.
    public var format: PixelFormat? = nil
    /// On close, switch the outputs off instead of restoring what they showed before, and
    /// leave the VT in graphics mode so fbcon does not draw the console over it. (The
    /// kernel still restores its fbdev console when the last DRM client closes the card:
    /// drm_lastclose.)
    public var leaveBlack = false
    /// Open the card even when no connector is connected (outputs come later through
    /// `DRMDisplay.reprobe()` on a hotplug) instead of failing with "no connected display".
    public var allowNoOutputs = false
    /// Told why start-up waits for the display (another program holds DRM master).
    public var onWait: @Sendable (String) -> Void = { _ in }

    public init(
        devicePath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil,
        masterWaitSeconds: Double = 5, switchVT: Bool = true
    ) {
        self.devicePath = devicePath
        self.connectorName = connectorName
        self.mode = mode
        self.masterWaitSeconds = masterWaitSeconds
        self.switchVT = switchVT
    }
}
