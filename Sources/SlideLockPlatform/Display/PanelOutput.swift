import SlideLockCore

/// One screen the lock screen draws on: a DRM output or an fbdev framebuffer.
public protocol PanelOutput: FrameSink {
    /// Connector name (`HDMI-A-1`) or framebuffer path.
    var name: String { get }
    /// `800x480@60` and the like, for logs.
    var modeDescription: String { get }
    /// Seconds between refreshes.
    var frameInterval: Double { get }
    /// CLOCK_MONOTONIC seconds of the latest frame reaching the screen, nil before the first.
    var lastFlipSeconds: Double? { get }
    var firstFlipSeconds: Double? { get }
    var flipCount: Int { get }
    /// Clockwise picture rotation the panel asks for (DRM `panel orientation`), nil if unknown.
    var panelRotation: Int? { get }
    var pixelFormat: PixelFormat { get }
    /// The visible area in millimetres as the output reports it (a DRM connector's EDID or
    /// panel driver); 0x0 when unknown (vkms, fbdev, many SPI panels).
    var physicalSize: Size { get }
    /// The kernel's vblank counter at the latest completed flip, and when its event was read
    /// (nil where frames complete without events).
    var lastFlipSequence: UInt32? { get }
    var lastEventReadSeconds: Double? { get }
    /// Forgets a pending flip that never completed; the next `present` sets the mode afresh.
    func abandonFlip()
    /// True when a completed flip marks a vblank, so flip events pace the frames; false
    /// where a frame is on screen when `present` returns (drawn in place, uploaded, or
    /// copied into a framebuffer): the caller then keeps frames a refresh apart itself.
    var completesOnVblank: Bool { get }
}

extension PanelOutput {
    public var lastFlipSequence: UInt32? { nil }
    public var lastEventReadSeconds: Double? { nil }
    /// Unknown: fbdev has no size worth trusting.
    public var physicalSize: Size { Size(width: 0, height: 0) }
}

extension DRMOutput: PanelOutput {
    /// Flips whose events carry a vblank counter that never moves come from a driver with
    /// no vblank (they complete at once): those are paced like a framebuffer.
    public var completesOnVblank: Bool { path == .pageFlips && (flipCount < 2 || countsVblanks) }
    /// `800x480@74.99 (damage uploads)`: the mode, and how frames reach the panel.
    public var modeDescription: String { "\(mode) (\(path.rawValue))" }
    public var frameInterval: Double { mode.refreshMillihertz > 0 ? 1000 / Double(mode.refreshMillihertz) : 1.0 / 60 }
}
