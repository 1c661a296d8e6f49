/// A touch calibration with libinput's `LIBINPUT_CALIBRATION_MATRIX` meaning: six numbers
/// `a b c d e f`, the top two rows of a 3x3 affine matrix applied to normalised device
/// coordinates (0..1 across each axis, origin top-left of the device):
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. The result is normalised coordinates on the
/// panel, so a udev rule written for libinput works unchanged (e.g. `0 -1 1 1 0 0` for a
/// sensor turned 90 degrees clockwise relative to its panel, `-1 0 1 0 1 0` for a
/// mirrored X axis).
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    /// Row one (`x' = a·x + b·y + c`) and row two (`y' = d·x + e·y + f`).
    public var a, b, c, d, e, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// From exactly six values in `a b c d e f` order; nil otherwise.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// From the udev property's text, six numbers separated by spaces (or tabs/commas).
    public init?(parsing text: String) {
        let fields = text.split { $0 == " " || $0 == "\t" || $0 == "," }
        let values = fields.compactMap { Double($0) }
        guard values.count == fields.count else { return nil }
        self.init(values)
    }

    /// Largest magnitude of an entry the configuration accepts.
    public static let limit = 10.0
    /// Smallest area scale (|a·e - b·d|) the configuration accepts: below it the panel
    /// shrinks to a sliver of the screen.
    public static let smallestScale = 0.01

    /// Leaves every point where it is.
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// The six numbers in udev's order.
    public var values: [Double] { [a, b, c, d, e, f] }

    /// The six numbers as udev spells them, `a b c d e f`.
    public var description: String { values.map { "\($0)" }.joined(separator: " ") }

    /// Applies the matrix to a normalised point.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }
}
