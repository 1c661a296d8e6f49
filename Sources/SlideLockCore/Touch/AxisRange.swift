/// The range of one absolute axis, as `struct input_absinfo` (or an evemu `A:` line)
/// reports it. Values are in device units.
public struct AxisRange: Equatable, Sendable {
    /// Smallest value the device reports.
    public var minimum: Int32
    /// Largest value the device reports (inclusive).
    public var maximum: Int32
    /// Noise band the kernel filters out.
    public var fuzz: Int32
    /// Dead zone (joysticks; 0 on panels).
    public var flat: Int32
    /// Units per millimetre (0 when the driver does not say).
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Number of distinct positions, `maximum - minimum + 1` (at least 1).
    public var span: Double { max(1, Double(maximum) - Double(minimum) + 1) }

    /// `value` as a fraction of the axis: `(value - minimum) / (maximum - minimum + 1)`.
    ///
    /// The `+ 1` is libinput's convention (`evdev_device_transform_x`): an axis 0...799
    /// on an 800-pixel panel maps device unit `n` to pixel `n`, so the last unit lands on
    /// the last pixel rather than one past the edge. Not clamped: a value outside the
    /// advertised range stays outside 0..<1.
    public func normalise(_ value: Int32) -> Double {
        (Double(value) - Double(minimum)) / span
    }
}
