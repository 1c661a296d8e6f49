// The unlock oracle's picture of the screen, as plain numbers. This module imports nothing
// from SlideLockCore (fuzz.sh builds it on its own to prove that): the harness copies the
// configuration values and the layout's rectangles into these structs, and the oracle maps
// device units to screen pixels from the documented meaning of the settings alone.

/// A rectangle in logical screen pixels.
public struct OracleRect: Equatable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when (px, py) lies inside this rectangle grown by `margin` on every side.
    public func contains(_ px: Double, _ py: Double, margin: Double) -> Bool {
        px >= x - margin && px <= x + width + margin && py >= y - margin && py <= y + height + margin
    }

    public var description: String { "(\(x), \(y)) \(width)x\(height)" }
}

/// One device axis as the kernel reports it (`input_absinfo` minimum and maximum).
public struct OracleAxis: Equatable, Sendable {
    public var minimum, maximum: Double

    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// 0 at the minimum, 1 at the maximum (a degenerate axis maps everything to 0).
    func fraction(_ value: Double) -> Double {
        maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
    }
}

/// Where the thumb is, how far it travels, and how device units become screen pixels.
public struct OracleGeometry: Equatable, Sendable {
    /// The logical (UI) screen, pixels.
    public var screenWidth, screenHeight: Double
    /// The thumb at rest, before any press scaling.
    public var thumb: OracleRect
    /// Pixels the thumb travels from home to the end.
    public var travel: Double
    /// The slide goes towards smaller x.
    public var rightToLeft: Bool
    /// `display.rotate`: the picture is turned this many degrees clockwise on the panel.
    public var rotationDegrees: Int
    /// `input.calibration`, libinput's matrix over the device's 0...1 coordinates.
    public var calibration: [Double]
    /// The device's position axes.
    public var axisX, axisY: OracleAxis

    public init(
        screenWidth: Double, screenHeight: Double, thumb: OracleRect, travel: Double, rightToLeft: Bool,
        rotationDegrees: Int, calibration: [Double], axisX: OracleAxis, axisY: OracleAxis
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.thumb = thumb
        self.travel = travel
        self.rightToLeft = rightToLeft
        self.rotationDegrees = rotationDegrees
        self.calibration = calibration.count == 6 ? calibration : [1, 0, 0, 0, 1, 0]
        self.axisX = axisX
        self.axisY = axisY
    }

    /// Device units to logical screen pixels: normalise each axis to 0...1, apply the
    /// calibration matrix (as libinput does, on the panel's own axes), scale to the panel
    /// as mounted, then undo the clockwise turn of the picture.
    public func screenPoint(deviceX: Double, deviceY: Double) -> (x: Double, y: Double) {
        let u = axisX.fraction(deviceX)
        let v = axisY.fraction(deviceY)
        let m = calibration
        let cu = m[0] * u + m[1] * v + m[2]
        let cv = m[3] * u + m[4] * v + m[5]
        let quarterTurns = ((rotationDegrees / 90) % 4 + 4) % 4
        // The panel's own size: a quarter turn swaps the logical sides.
        let panelWidth = quarterTurns % 2 == 0 ? screenWidth : screenHeight
        let panelHeight = quarterTurns % 2 == 0 ? screenHeight : screenWidth
        let px = cu * panelWidth
        let py = cv * panelHeight
        switch quarterTurns {
        // A picture turned clockwise puts its left edge at the panel's top: x on the panel
        // is the picture's distance from its bottom edge.
        case 1: return (py, panelWidth - px)
        case 2: return (panelWidth - px, panelHeight - py)
        case 3: return (panelHeight - py, px)
        default: return (px, py)
        }
    }

    /// How far along the slide direction (pixels) a screen x lies, from an arbitrary origin.
    func along(_ x: Double) -> Double { rightToLeft ? -x : x }
}

/// The configuration values the oracle's rules read (`gesture.*`, `input.*`).
public struct OracleRules: Equatable, Sendable {
    /// `gesture.threshold`: share of the travel the contact itself must cover (the oracle
    /// reads anything under 0.5 as 0.5: the threshold is at least half the track).
    public var threshold = 1.0
    /// `gesture.hit_slop`: pixels around the thumb that still grab it.
    public var hitSlop = 8.0
    /// `gesture.max_speed`, pixels per second, any step of the contact.
    public var maxSpeed = 20_000.0
    /// `gesture.min_duration`, seconds the forward stroke that crosses the distance lasts.
    public var minDuration = 0.05
    /// `gesture.fling` and `gesture.fling_projection` (seconds of velocity projected).
    public var fling = false
    public var flingProjection = 0.2
    /// With fling on, the share of the travel the contact must still cross itself (the rest
    /// may be projected), as the lock states it; never more than the threshold's.
    public var flingShare = 0.3
    /// `input.ghost_filter` and its tunables: with the filter on, a contact that never
    /// counted (too short, or pinned at a corner) does not break the one-finger rule.
    public var ghostFilter = true
    public var minContactSeconds = 0.03
    public var minContactSamples = 3
    public var cornerMargin = 4.0
    /// `gesture.tap_to_open`: two taps may open too (`UnlockOracle+Tap.swift`).
    public var tapToOpen = false
    /// `input.stuck_after` and `input.stuck_radius`: a contact that stays within the radius
    /// (screen pixels) of where it landed for that many seconds (0: never) is stuck, and
    /// from then on does not count against contacts that land later.
    public var stuckAfter = 30.0
    public var stuckRadius = 4.0

    public init() {}
}
