import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The cached rows of a rounded rectangle must give every pixel the coverage of its own
/// signed distance, which is what the shape means: the spans, rims and live bounds are only
/// a faster way to read it. The rims are measured from the nearer corner, with the edge
/// snapped to 1/256 of a pixel (`EndCache`): a coverage may round one step the other way.
@Suite struct ShapeRowsTests {
    static let shapes: [(Rect, Double)] = [
        (Rect(x: 10.3, y: 5.7, width: 57.456, height: 57.456), 19.152), // the thumb, pressed
        (Rect(x: 75.0, y: 203.0, width: 650.0, height: 74.0), 23.68), // the track
        (Rect(x: 75.2, y: 203.4, width: 101.37, height: 74.0), 23.68), // a fill
        (Rect(x: 0.5, y: 0.5, width: 3.2, height: 40.0), 30), // radius past half the width
        (Rect(x: -4.6, y: 2.25, width: 30.0, height: 12.5), 0), // square corners, off the left edge
        (Rect(x: 3.0, y: 3.0, width: 0.7, height: 0.4), 2), // under a pixel
    ]

    @Test(arguments: 0..<6)
    func everyPixelHasTheCoverageOfItsDistance(index: Int) {
        let (rect, radius) = Self.shapes[index]
        let rows = ShapeRows(rect: rect, radius: radius)
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let box = RoundedBox(rect: rect, radius: r)
        let pixels = rect.enclosingPixels.outset(2)
        var wrong = 0
        var rounded = 0
        var partial = 0
        for y in pixels.y..<pixels.maxY {
            let row = rows.row(y)
            for x in pixels.x..<pixels.maxX {
                let expected = coverage(0.5 - box.distance(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let actual = row.map { $0.at(x) } ?? 0
                if expected > 0 && expected < 255 { partial += 1 }
                if actual != expected {
                    if max(actual, expected) - min(actual, expected) == 1 { rounded += 1 } else { wrong += 1 }
                }
                if let row, actual > 0 {
                    #expect(x >= row.liveStart && x < row.liveEnd, "(\(x), \(y)) outside the live span")
                }
            }
        }
        #expect(
            wrong == 0, "\(wrong) pixels of shape \(index) differ from their distance's coverage by more than a step")
        // Edges on the 1/256 grid, and shapes under a pixel wide (the box's own distance),
        // round as the box does: only a moved edge may shift a step.
        let f = rect.minX - rect.minX.rounded(.down)
        let g = rect.maxX.rounded(.up) - rect.maxX
        if rect.width < 1 || (EndCache.snap(f) == f && EndCache.snap(g) == g) {
            #expect(rounded == 0, "\(rounded) of \(partial) edge pixels of shape \(index) are a step off")
        }
    }

    /// A shape moved by whole pixels is the same shape there, made of the same two ends: a
    /// dragged thumb computes no distances once its quarter-pixel steps have been seen.
    @Test func wholePixelMovesShareTheEnds() {
        var cache = ShapeCache()
        let a = cache.rows(Rect(x: 100.25, y: 10.3, width: 57.456, height: 57.456), radius: 19.152)
        let b = cache.rows(Rect(x: 137.25, y: 10.3, width: 57.456, height: 57.456), radius: 19.152)
        #expect(cache.endsMade == 2, "the second thumb reused the first's ends")
        var differ = 0
        for y in a.y0..<a.y1 {
            for x in a.x0 - 1...a.x1 where a.row(y)!.at(x) != b.row(y)!.at(x + 37) { differ += 1 }
        }
        #expect(differ == 0, "\(differ) pixels differ between the shape and itself 37 pixels on")
        // A fill growing by a quarter pixel keeps its left end and makes one right end.
        _ = cache.rows(Rect(x: 75, y: 203, width: 101.25, height: 74), radius: 23.68)
        _ = cache.rows(Rect(x: 75, y: 203, width: 101.5, height: 74), radius: 23.68)
        #expect(cache.endsMade == 2 + 3)
    }

    /// The cache hands out a moved copy of a shape it holds when only the ends moved by
    /// whole pixels (a dragged thumb, a growing fill): it must be the very rows computing the
    /// shape afresh gives, spans, live bounds and every coverage, down to the narrowest
    /// shapes where the rims meet (which it must compute, not move).
    @Test func movedShapesAreTheShapesComputedAfresh() {
        var cache = ShapeCache()
        for (x, width) in [
            (100.25, 57.456), (137.25, 57.456), (90.5, 57.456), (75.0, 101.25), (75.0, 140.25),
            (75.0, 48.25), (75.0, 47.25), (75.0, 3.25), (76.0, 2.25), (-30.25, 57.456), (1e13, 57.456),
        ] {
            for radius in [19.152, 23.68, 0, 40] {
                let rect = Rect(x: x, y: 10.3, width: width, height: 57.456)
                let fresh = ShapeRows(rect: rect, radius: radius)
                let hit = cache.rows(rect, radius: radius)
                #expect((hit.x0, hit.x1, hit.y0, hit.y1) == (fresh.x0, fresh.x1, fresh.y0, fresh.y1))
                #expect((hit.interiorStart, hit.interiorEnd) == (fresh.interiorStart, fresh.interiorEnd))
                var differ = 0
                for y in fresh.y0..<fresh.y1 {
                    let a = hit.row(y)!
                    let b = fresh.row(y)!
                    if [a.x0, a.x1, a.midStart, a.midEnd, a.liveStart, a.liveEnd, Int(a.coverage)]
                        != [b.x0, b.x1, b.midStart, b.midEnd, b.liveStart, b.liveEnd, Int(b.coverage)]
                    {
                        differ += 1
                    }
                    for x in fresh.x0 - 1...fresh.x1 where a.at(x) != b.at(x) { differ += 1 }
                }
                #expect(
                    differ == 0,
                    "\(differ) rows or pixels of \(rect) radius \(radius) differ from the shape made afresh")
            }
        }
        #expect(cache.moves >= 10, "moved copies made: \(cache.moves)")
    }

    /// A solid shape drawn whole again in the same place in its pixels is blended from its
    /// terms (`SolidTerms`): the same pixels as drawn the first time, for translucent and
    /// opaque colours, square and round corners, any whole-pixel move and clipped draws.
    @Test func aShapeFromItsTermsIsTheShapeDrawn() {
        let (w, h) = (160, 90)
        func noise(_ c: Canvas) {
            var seed: UInt32 = 7
            for i in 0..<(w * h) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                c.pixels[i] = (seed >> 8) & 0xFF_FFFF
            }
        }
        let reused = Canvas(width: w, height: h)
        var drawn = 0
        for (color, opacity, radius) in [
            (Color.white, 0.9, 19.152), (Color(rgb: 0x1E63E9), 1.0, 28.7), (Color.white, 0.5, 0),
        ] {
            for x in [10.272, 11.272, 40.272, 10.522, 13.522, 13.522, 90.022, 90.022] {
                for clip in [
                    PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 30, y: 20, width: 50, height: 30),
                ] {
                    let rect = Rect(x: x, y: 11.272, width: 57.456, height: 57.456)
                    let fresh = Canvas(width: w, height: h)
                    noise(fresh)
                    noise(reused)
                    fresh.withClip(clip) {
                        fresh.fillRoundedRect(rect, radius: radius, paint: .solid(color), opacity: opacity)
                    }
                    reused.withClip(clip) {
                        reused.fillRoundedRect(rect, radius: radius, paint: .solid(color), opacity: opacity)
                    }
                    let differ = (0..<(w * h)).filter { fresh.pixels[$0] != reused.pixels[$0] }.count
                    #expect(
                        differ == 0,
                        "x \(x), radius \(radius), opacity \(opacity), clip \(clip): \(differ) pixels differ")
                    drawn += 1
                }
            }
        }
        #expect(reused.solidTerms.made >= 6, "terms made: \(reused.solidTerms.made) of \(drawn) draws")
    }
}
