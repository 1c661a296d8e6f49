import SlideLockCore

extension PanelOutput {
    /// The visible area in millimetres as the output reports it; 0x0 when unknown (every
    /// output but a DRM connector).
    public var reportedPhysicalSize: Size {
        (self as? DRMOutput)?.physicalSize ?? Size(width: 0, height: 0)
    }
}
