/// Maps a touch device's normalised coordinates (`TouchDecoder` output) to logical
/// screen pixels, the UI's coordinate space before the image is rotated onto the panel.
///
/// The steps, in order:
/// 1. the calibration matrix, libinput's meaning (normalised device -> normalised panel);
/// 2. scale by the *panel's* size in its own pixels (`rotation.panelSize`), so device
///    unit `n` of an `0...799` axis on an 800-pixel-wide panel lands on pixel `n`;
/// 3. `rotation.unmap`: panel pixels back to logical pixels. The sensor is glued to the
///    panel, so when the picture is rotated the touch must be rotated identically.
///
/// Results are not clamped: a miscalibrated edge may map slightly off-screen, and the
/// layout's hit tests treat that as any other miss.
public struct TouchTransform: Equatable, Sendable {
    /// The logical (UI) screen size in pixels.
    public var screen: Size
    /// How the logical image is turned onto the panel (the renderer's setting).
    public var rotation: ImageRotation
    /// Sensor-to-panel correction, applied first.
    public var calibration: CalibrationMatrix

    public init(screen: Size, rotation: ImageRotation = .upright, calibration: CalibrationMatrix = .identity) {
        self.screen = screen
        self.rotation = rotation
        self.calibration = calibration
    }

    /// For a relative mouse: its decoder already works in logical-screen fractions, and a
    /// mouse on the desk does not turn with the panel.
    public static func pointer(screen: Size) -> TouchTransform {
        TouchTransform(screen: screen)
    }

    /// The panel's size in its own pixels.
    public var panelSize: Size { rotation.panelSize(logicalSize: screen) }

    /// A normalised device point to logical screen pixels.
    public func map(normalised p: Point) -> Point {
        let n = calibration.apply(p)
        let panel = panelSize
        return rotation.unmap(Point(x: n.x * panel.width, y: n.y * panel.height), logicalSize: screen)
    }

    /// The sample with its position mapped to logical screen pixels.
    public func map(_ sample: TouchSample) -> TouchSample {
        var s = sample
        s.position = map(normalised: sample.position)
        return s
    }
}
