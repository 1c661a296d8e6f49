import SlideLockCore

/// One output slidelock would light: which connector, on which CRTC, in which mode and why.
public struct PlannedOutput {
    public var connector: DRMConnectorInfo
    public var crtcID: UInt32
    public var modeIndex: Int
    public var reason: ModeChoiceReason
    public var mode: DisplayMode { connector.displayModes[modeIndex] }
}
