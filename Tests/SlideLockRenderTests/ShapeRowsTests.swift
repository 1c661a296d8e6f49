import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The rows of a rounded rectangle must give every pixel the coverage of its own signed
/// distance, which is what the shape means: the middle spans, the rims and the corners'
/// pixels counted as empty are only a faster way to read it.
@Suite struct ShapeRowsTests {
    static let shapes: [(Rect, Double)] = [
        (Rect(x: 10.3, y: 5.7, width: 57.456, height: 57.456), 19.152), // the thumb, pressed
        (Rect(x: 75.0, y: 203.0, width: 650.0, height: 74.0), 23.68), // the track
        (Rect(x: 75.2, y: 203.4, width: 101.37, height: 74.0), 23.68), // a fill
        (Rect(x: 0.5, y: 0.5, width: 3.2, height: 40.0), 30), // radius past half the width
        (Rect(x: -4.6, y: 2.25, width: 30.0, height: 12.5), 0), // square corners, off the left edge
        (Rect(x: 3.0, y: 3.0, width: 0.7, height: 0.4), 2), // under a pixel
        (Rect(x: 700.5, y: 100.5, width: 200, height: 120), 60), // past the canvas's right edge
        (Rect(x: 20, y: 20, width: 160, height: 160), 80), // a circle
    ]

    /// Coverage of pixel (x, y) as the rows give it, 0 outside them.
    static func drawn(_ shape: ShapeRows, x: Int, y: Int) -> UInt32 {
        guard y >= shape.y0 && y < shape.y0 + shape.rows.count else { return 0 }
        let row = shape.rows[y - shape.y0]
        if x < row.start || x >= row.end { return 0 }
        if x < row.midStart { return UInt32(shape.rims[row.rim + x - row.start]) }
        if x < row.midEnd { return row.coverage }
        return UInt32(shape.rims[row.rim + (row.midStart - row.start) + x - row.midEnd])
    }

    @Test(arguments: 0..<8)
    func everyPixelHasTheCoverageOfItsDistance(index: Int) {
        let (rect, radius) = Self.shapes[index]
        let canvas = PixelRect(x: 0, y: 0, width: 800, height: 480)
        let rows = ShapeRows(rect: rect, radius: radius, within: canvas)
        let box = RoundedBox(rect: rect, radius: radius)
        let pixels = rect.enclosingPixels.outset(2).intersection(canvas)
        var wrong = 0
        var partial = 0
        for y in pixels.y..<pixels.maxY {
            for x in pixels.x..<pixels.maxX {
                let expected = coverage(0.5 - box.distance(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if expected > 0 && expected < 255 { partial += 1 }
                if Self.drawn(rows, x: x, y: y) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels of shape \(index) differ from their distance's coverage")
        #expect(partial > 0)
    }

    /// Shapes whose numbers no theme gives, or far off the canvas, hold no rows and never trap.
    @Test func brokenShapesHoldNothing() {
        let canvas = PixelRect(x: 0, y: 0, width: 64, height: 64)
        for rect in [
            Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10),
            Rect(x: -1e300, y: 0, width: 10, height: 10), Rect(x: 1e12, y: 1e12, width: 1e12, height: 1e12),
        ] {
            let rows = ShapeRows(rect: rect, radius: 4, within: canvas)
            #expect(rows.rows.count <= 64)
            let c = Canvas(width: 64, height: 64)
            c.fillRoundedRect(rect, radius: .nan, paint: .solid(.white))
            c.fillRoundedRect(rect, radius: 1e300, paint: .solid(.white))
        }
    }

    /// A frame draws a shape once per damaged rectangle: the rows are worked out once.
    @Test func aShapeDrawnAgainIsReused() {
        let canvas = Canvas(width: 200, height: 100)
        let rect = Rect(x: 10.5, y: 20.25, width: 120, height: 50)
        for clip in [canvas.bounds, PixelRect(x: 0, y: 0, width: 50, height: 50), canvas.bounds] {
            canvas.withClip(clip) { canvas.fillRoundedRect(rect, radius: 12, paint: .solid(.white), opacity: 0.5) }
        }
        #expect(canvas.shapes.made == 1)
    }
}
