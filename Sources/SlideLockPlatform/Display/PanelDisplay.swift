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

/// The screens slidelock owns, and how completions of their frames are learned.
public protocol PanelDisplay: AnyObject {
    var panels: [PanelOutput] { get }
    /// Polled for POLLIN when frames complete asynchronously (DRM events); nil otherwise.
    var eventDescriptor: Int32? { get }
    func handleEvents() throws
    var isFlipPending: Bool { get }
    /// Restores what was on screen before. Idempotent.
    func close()
    /// `card0 (virtio_gpu)` or `/dev/fb0 (fbdev)`, for logs.
    var deviceDescription: String { get }
    /// Switches every output off for an idle blank, keeping what is needed to light it
    /// again. Nothing may be presented until `unblank()`.
    func blank() throws
    /// Lights the outputs again; the caller then presents a whole frame (invalidate the
    /// renderer first: the scene may not have changed since the blank).
    func unblank() throws
    /// Follows a hotplug: lights newly connected outputs, lets unplugged ones go.
    func reprobe() throws -> OutputHotplug
    /// False while another program holds DRM master (our frames are refused meanwhile).
    var holdsMaster: Bool { get }
    /// Takes DRM master back if nobody holds it; then every output's next `present` sets
    /// its mode with a whole frame (whatever the other program left is not ours).
    func takeMasterBack() -> Bool
}

extension PanelDisplay {
    /// Displays that cannot switch off stay lit (dimming still works).
    public func blank() throws {}
    public func unblank() throws {}
    /// Displays without hotplug (fbdev) keep what they have.
    public func reprobe() throws -> OutputHotplug { OutputHotplug() }
    /// Displays without DRM master (fbdev) cannot lose it.
    public var holdsMaster: Bool { true }
    public func takeMasterBack() -> Bool { true }
}

extension DRMOutput: PanelOutput {
    /// Flips whose events carry a vblank counter that never moves come from a driver with
    /// no vblank (they complete at once): those are paced like a framebuffer.
    public var completesOnVblank: Bool { path == .pageFlips && (flipCount < 2 || countsVblanks) }
    /// `800x480@74.99 (damage uploads)`: the mode, and how frames reach the panel.
    public var modeDescription: String { "\(mode) (\(path.rawValue))" }
    public var frameInterval: Double { mode.refreshMillihertz > 0 ? 1000 / Double(mode.refreshMillihertz) : 1.0 / 60 }
}

extension DRMDisplay: PanelDisplay {
    public var panels: [PanelOutput] { outputs }
    public var eventDescriptor: Int32? { fd }
    public var deviceDescription: String { "\(device.path) (\(device.driverName))" }
    public func handleEvents() throws { _ = try handleFlipEvents() }
    public func blank() throws { try blankOutputs() }
    /// Nothing to do: each blanked output's next `present` is a modeset with a whole frame.
    public func unblank() throws {}
    public var holdsMaster: Bool { isMaster }
    public func takeMasterBack() -> Bool { retakeMaster() }
}

extension PanelOutput {
    public var lastFlipSequence: UInt32? { nil }
    public var lastEventReadSeconds: Double? { nil }
}
