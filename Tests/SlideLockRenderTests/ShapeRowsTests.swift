import Testing
@testable import SlideLockCore
@testable import SlideLockRender

/// The cached rows of a rounded rectangle must give every pixel the coverage of its own
/// signed distance, which is what the shape means: the spans, rims and live bounds are only
/// a faster way to read it.
@Suite struct ShapeRowsTests {
    static let shapes: [(Rect, Double)] = [
        (Rect(x: 10.3, y: 5.7, width: 57.456, height: 57.456), 19.152),   // the thumb, pressed
        (Rect(x: 75.0, y: 203.0, width: 650.0, height: 74.0), 23.68),     // the track
        (Rect(x: 75.2, y: 203.4, width: 101.37, height: 74.0), 23.68),    // a fill
        (Rect(x: 0.5, y: 0.5, width: 3.2, height: 40.0), 30),             // radius past half the width
        (Rect(x: -4.6, y: 2.25, width: 30.0, height: 12.5), 0),           // square corners, off the left edge
        (Rect(x: 3.0, y: 3.0, width: 0.7, height: 0.4), 2),               // under a pixel
    ]

    @Test(arguments: 0..<6)
    func everyPixelHasTheCoverageOfItsDistance(index: Int) {
        let (rect, radius) = Self.shapes[index]
        let rows = ShapeRows(rect: rect, radius: radius)
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let box = RoundedBox(rect: rect, radius: r)
        let pixels = rect.enclosingPixels.outset(2)
        var wrong = 0
        for y in pixels.y..<pixels.maxY {
            let row = rows.row(y)
            for x in pixels.x..<pixels.maxX {
                let expected = coverage(0.5 - box.distance(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let actual = row.map { $0.at(x) } ?? 0
                if actual != expected { wrong += 1 }
                if let row, actual > 0 { #expect(x >= row.liveStart && x < row.liveEnd, "(\(x), \(y)) outside the live span") }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels of shape \(index) differ from their distance's coverage")
    }
}
