/// Touch input tunables: device handling and the ghost-touch defences (`GhostFilter`).
/// The defences are on by default because cheap resistive and capacitive panels do
/// produce phantom contacts, and a lock screen must not react to them.
public struct TouchSettings: Equatable, Sendable {
    /// Run the ghost filter at all.
    public var ghostFilter = true
    /// A contact reaches the session once it has lasted this long...
    public var minimumContactSeconds = 0.03
    /// ...or has produced this many samples (its down plus moves), whichever comes first.
    /// A contact that ends before either is ignored. 1 (or 0 seconds) disables the delay.
    public var minimumContactSamples = 3
    /// A step between consecutive samples longer than this fraction of the screen
    /// diagonal cancels the contact: fingers do not teleport, noisy controllers do.
    public var maximumJumpFraction = 0.25
    /// A contact whose down lands within this many pixels (on both axes) of a screen
    /// corner is ignored for its whole life: where failing panels pin their ghosts.
    public var cornerMargin = 4.0
    /// Accept relative mice (button held = contact). Off: a lock screen on a kiosk should
    /// not be operable by whatever is plugged into USB unless asked for.
    public var mouse = false
    /// libinput-style calibration applied to every absolute device.
    public var calibration = CalibrationMatrix.identity

    public init() {}
}
