import SlideLockCore

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
