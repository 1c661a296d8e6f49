import SlideLockCore

/// The panel as `Selftest` sees it: each step of the self-test, carried out by the real
/// display, touch and hook code (`PanelRig`) or by a fake in tests. Steps are called in
/// order; a step may throw, and its error becomes that check's FAIL line.
public protocol SelftestRig: AnyObject {
    /// Who else holds the screen (`slidelock (pid 412) is running`), nil when nobody does.
    func screenHolder() -> String?
    /// The lock's settings, loaded and checked exactly as the lock screen loads them.
    func loadSettings() throws -> Settings
    /// Opens the display the lock would use; a line naming it. Throws `SelftestRefusal`
    /// when another program is DRM master.
    func openDisplay(_ settings: Settings) throws -> String
    /// The touch devices the lock would use now (described), empty when there are none.
    func touchDevices(_ settings: Settings) throws -> [String]
    /// Shows the test pattern and compares what the kernel says is scanned out with it.
    func showPattern() throws -> PatternReadback
    /// The person's (or the injection's) answer to "are these the colours?": nil for none
    /// within `timeout` seconds.
    func confirmColours(timeout: Double) throws -> Bool?
    /// Shows the lock's slider and waits for a slide (or makes one); nil for none in time.
    func slide(timeout: Double) throws -> SlideReport?
    /// Runs the unlock hook as a test and watches the relay line.
    func pulse(_ settings: Settings) throws -> PulseReport
    /// True when touches are made by the rig itself (`--inject`).
    var injects: Bool { get }
}

/// Another program holds the screen: the self-test stops at once.
public struct SelftestRefusal: Error, Equatable {
    public var holder: String
    public init(holder: String) { self.holder = holder }
}

/// The test pattern against the kernel's view of the screen, per output.
public struct PatternReadback: Equatable, Sendable {
    public struct Output: Equatable, Sendable {
        public var name: String
        /// `fb 42 800x480 XRGB8888`, or why it could not be read.
        public var source: String
        /// Pixels compared and pixels that differ; nil when it could not be read.
        public var compared: Int?
        public var differing: Int
        public init(name: String, source: String, compared: Int?, differing: Int = 0) {
            self.name = name
            self.source = source
            self.compared = compared
            self.differing = differing
        }
    }
    public var outputs: [Output]
    /// Set when nothing can be read back at all (fbdev): the SKIP reason.
    public var unsupported: String?
    public init(outputs: [Output], unsupported: String? = nil) {
        self.outputs = outputs
        self.unsupported = unsupported
    }
}

/// Where a slide's finger landed against where the thumb was drawn (logical pixels).
public struct SlideReport: Equatable, Sendable {
    public var landed: Point
    public var thumb: Rect
    /// Pixels the finger went along the track from where it landed before lifting.
    public var travel: Double
    public init(landed: Point, thumb: Rect, travel: Double) {
        self.landed = landed
        self.thumb = thumb
        self.travel = travel
    }
}

/// The unlock hook's test run and what the relay line showed meanwhile.
public struct PulseReport: Equatable, Sendable {
    /// The command run.
    public var command: String
    /// True when it exited 0; `status` says how it ended (`exit 0 in 312 ms`, `exited with status 4`).
    public var succeeded: Bool
    public var status: String
    public var line: RelayLineReport
    public init(command: String, succeeded: Bool, status: String, line: RelayLineReport) {
        self.command = command
        self.succeeded = succeeded
        self.status = status
        self.line = line
    }
}

/// The relay line, as GPIO line info showed it while the hook ran.
public enum RelayLineReport: Equatable, Sendable {
    /// Nothing to watch, and why (the hook is not the relay script).
    case notWatched(String)
    /// The chip or line does not exist (or could not be asked).
    case missing(String)
    /// `chip`/`line` held meanwhile by `consumer` in `direction`.
    case held(line: String, consumer: String, direction: String)
    /// The line exists but nobody requested it while the hook ran.
    case neverHeld(line: String)
}
