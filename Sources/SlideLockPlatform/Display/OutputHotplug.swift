/// What a re-probe changed.
public struct OutputHotplug {
    /// Newly lit outputs: render a whole frame for each and present it (the first present
    /// is the modeset that lights it).
    public var added: [PanelOutput] = []
    /// Connector names of outputs let go (switched off, buffers freed).
    public var removed: [String] = []
    /// Connectors that came but could not be lit, with why (no free CRTC, no mode, ...).
    public var failed: [(connector: String, error: Error)] = []

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && failed.isEmpty }

    public init() {}
}
