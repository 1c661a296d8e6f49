import Testing

@testable import SlideLockCore

struct TouchTransformTests {
    private let landscape = Size(width: 800, height: 480)
    private let portrait = Size(width: 480, height: 800)

    @Test func uprightScalesNormalisedToPixels() {
        let t = TouchTransform(screen: landscape)
        #expect(t.map(normalised: Point(x: 0.5, y: 0.25)) == Point(x: 400, y: 120))
        // Device unit 799 of 0...799 lands on pixel 799, not off the edge.
        let axis = AxisRange(minimum: 0, maximum: 799)
        #expect(t.map(normalised: Point(x: axis.normalise(799), y: 0)).x == 799)
    }

    @Test func clockwise90SendsTheTopLeftCornerToThePanelsTopRight() {
        // A portrait UI (480x800) on a landscape panel (800x480), turned clockwise.
        let r = ImageRotation.clockwise90
        #expect(r.panelSize(logicalSize: portrait) == landscape)
        #expect(r.map(Point(x: 0, y: 0), logicalSize: portrait) == Point(x: 800, y: 0))
        #expect(r.map(Point(x: 480, y: 0), logicalSize: portrait) == Point(x: 800, y: 480))
        #expect(r.map(Point(x: 0, y: 800), logicalSize: portrait) == Point(x: 0, y: 0))
        // 270 goes the other way: the top-left corner ends at the panel's bottom-left.
        #expect(ImageRotation.clockwise270.map(Point(x: 0, y: 0), logicalSize: portrait) == Point(x: 0, y: 480))
        #expect(ImageRotation.upsideDown.map(Point(x: 10, y: 20), logicalSize: landscape) == Point(x: 790, y: 460))
    }

    @Test(arguments: ImageRotation.allCases)
    func unmapInvertsMap(rotation: ImageRotation) {
        for p in [Point(x: 0, y: 0), Point(x: 123.5, y: 7.25), Point(x: 479, y: 799), Point(x: 300, y: 650)] {
            let panel = rotation.map(p, logicalSize: portrait)
            #expect(near(rotation.unmap(panel, logicalSize: portrait), p))
            #expect(near(rotation.inverse.map(panel, logicalSize: rotation.panelSize(logicalSize: portrait)), p))
        }
    }

    @Test(arguments: ImageRotation.allCases)
    func pixelMapAgreesWithPointMap(rotation: ImageRotation) {
        let panel = rotation.panelSize(logicalSize: portrait)
        for (x, y) in [(0, 0), (479, 0), (0, 799), (479, 799), (17, 301)] {
            let centre = rotation.map(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logicalSize: portrait)
            let pixel = rotation.mapPixel(x: x, y: y, logicalWidth: 480, logicalHeight: 800)
            #expect(pixel.x == Int(centre.x.rounded(.down)) && pixel.y == Int(centre.y.rounded(.down)))
            #expect((0..<Int(panel.width)).contains(pixel.x) && (0..<Int(panel.height)).contains(pixel.y))
        }
    }

    /// The thumb follows the finger: a UI point drawn on the rotated panel, touched there,
    /// comes back as the same UI point.
    @Test(arguments: ImageRotation.allCases)
    func touchOnTheRotatedImageMapsBackToTheSameUIPoint(rotation: ImageRotation) {
        let ui = rotation.swapsAxes ? portrait : landscape
        let transform = TouchTransform(screen: ui, rotation: rotation)
        #expect(transform.panelSize == landscape)
        for p in [Point(x: 40, y: 60), Point(x: 200.5, y: 333), Point(x: 0, y: 0)] {
            let onPanel = rotation.map(p, logicalSize: ui)
            // The sensor is glued to the panel: normalised device = normalised panel.
            let device = Point(x: onPanel.x / landscape.width, y: onPanel.y / landscape.height)
            #expect(near(transform.map(normalised: device), p))
        }
    }

    @Test func calibrationHasLibinputsMeaningAndComesBeforeRotation() throws {
        let m = try #require(CalibrationMatrix(parsing: "0 -1 1 1 0 0"))
        #expect(m.apply(Point(x: 0.25, y: 0)) == Point(x: 1, y: 0.25))
        let mirror = try #require(CalibrationMatrix(parsing: "-1 0 1 0 1 0"))
        let t = TouchTransform(screen: landscape, rotation: .upsideDown, calibration: mirror)
        // (0.25, 0.5) -> mirrored (0.75, 0.5) -> panel (600, 240) -> turned back (200, 240).
        #expect(t.map(normalised: Point(x: 0.25, y: 0.5)) == Point(x: 200, y: 240))
        let sample = TouchSample(kind: .move, id: 3, position: Point(x: 0.25, y: 0.5), time: 1)
        #expect(t.map(sample) == TouchSample(kind: .move, id: 3, position: Point(x: 200, y: 240), time: 1))
    }

    @Test func calibrationParsing() {
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 0") == .identity)
        #expect(CalibrationMatrix(parsing: "1.02\t0 -0.01 0 0.98 0.01")?.values == [1.02, 0, -0.01, 0, 0.98, 0.01])
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1") == nil)
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 x") == nil)
        #expect(CalibrationMatrix([1, 0, 0, 0, 1, .nan]) == nil)
    }

    @Test func rotationFromDegrees() {
        #expect(ImageRotation(degrees: 90) == .clockwise90)
        #expect(ImageRotation(degrees: -90) == .clockwise270)
        #expect(ImageRotation(degrees: 450) == .clockwise90)
        #expect(ImageRotation(degrees: 45) == nil)
        #expect(ImageRotation.clockwise90.inverse == .clockwise270)
        #expect(ImageRotation.upsideDown.inverse == .upsideDown)
    }

    @Test func pointerTransformIgnoresThePanelsRotation() {
        let t = TouchTransform.pointer(screen: portrait)
        #expect(t.map(normalised: Point(x: 0.5, y: 0.5)) == Point(x: 240, y: 400))
    }
}
