import Testing

@testable import SlideLockCore
@testable import SlideLockRender

@Suite struct TextTests {
    /// Draws `text` bold at 32 px on a black canvas; returns the canvas and the renderer.
    func draw(_ text: String, fonts: [String] = ["DejaVu Sans"]) throws -> (Canvas, TextRenderer) {
        let canvas = Canvas(width: 700, height: 80)
        let r = try TextRenderer(fonts: fonts, weight: .bold)
        r.draw(text, pixelSize: 32, center: Point(x: 350, y: 40), color: .white, opacity: 1, shimmerX: nil, on: canvas)
        return (canvas, r)
    }

    func inkedPixels(_ c: Canvas) -> Int { (0..<(c.width * c.height)).filter { c.pixels[$0] != 0 }.count }

    @Test func latinLabelIsCentredAndAntiAliased() throws {
        let (c, _) = try draw("Slide to unlock")
        var minX = c.width
        var maxX = 0
        var greys = 0
        for y in 0..<c.height {
            for x in 0..<c.width where c.pixel(x: x, y: y) != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                if c.pixel(x: x, y: y) != 0xFFFFFF { greys += 1 }
            }
        }
        #expect(abs((minX + maxX) / 2 - 350) <= 3)
        #expect(greys > 100, "edges should be anti-aliased")
    }

    @Test func kerningAndLigaturesComeFromHarfBuzz() throws {
        let (_, r) = try draw("AV")
        let line = r.line("AV", pixelSize: 32)
        let plain = r.line("A", pixelSize: 32).width + r.line("V", pixelSize: 32).width
        #expect(line.width < plain, "DejaVu kerns A-V")
    }

    @Test func cyrillicAndJapaneseRenderThroughFallback() throws {
        for label in ["Проведите для разблокировки", "スライドでロック解除"] {
            let (c, r) = try draw(label)
            let line = r.line(label, pixelSize: 32)
            #expect(inkedPixels(c) > 500, "\(label) drew nothing")
            if label.hasPrefix("ス") && !line.boxes.isEmpty {
                // No CJK font here (Debian: fonts-noto-cjk): boxes, and a warning saying so.
                #expect(!r.warnings.isEmpty)
            } else {
                #expect(line.boxes.isEmpty, "\(label): \(r.warnings)")
            }
        }
    }

    @Test func rightToLeftRunsAreShapedRightToLeft() throws {
        let (_, r) = try draw("שלום")
        let line = r.line("שלום", pixelSize: 32)
        // Visual order: HarfBuzz returns the last logical letter first for an RTL run.
        #expect(line.glyphs.count == 4)
        #expect(line.glyphs.map(\.x) == line.glyphs.map(\.x).sorted())
    }

    @Test func aGlyphNoFontHasIsABoxAndAWarning() throws {
        let (c, r) = try draw("a\u{10FFFD}b")
        let line = r.line("a\u{10FFFD}b", pixelSize: 32)
        #expect(line.boxes.count == 1)
        #expect(r.warnings.contains { $0.contains("U+10FFFD") })
        #expect(inkedPixels(c) > 50)
    }

    @Test func aMissingFontFileIsAnError() {
        #expect(throws: FontError.self) { try TextRenderer(fonts: ["/nonexistent/font.ttf"], weight: .bold) }
    }

    @Test func noFontsAtAllIsAnError() {
        #expect(throws: FontError.self) { try TextRenderer(fonts: [], weight: .regular) }
    }

    @Test func anUninstalledFamilyFallsBackToTheSystemFontWithAWarning() throws {
        let (c, r) = try draw("Hello", fonts: ["No Such Family 12345"])
        #expect(r.warnings.contains { $0.contains("No Such Family 12345") })
        #expect(inkedPixels(c) > 100)
    }
}

@Suite struct CanvasTests {
    /// Coverage sums to the shape's area: anti-aliasing neither grows nor shrinks it.
    @Test(arguments: [(0.0, 10.3), (12.0, 7.5), (40.0, 0.25)])
    func roundedRectCoverageMatchesArea(radius: Double, offset: Double) {
        let c = Canvas(width: 200, height: 120)
        let rect = Rect(x: offset + 20.0, y: 10.5, width: 120.4, height: 80)
        c.fillRoundedRect(rect, radius: radius, paint: .solid(.white))
        var sum = 0.0
        for i in 0..<(200 * 120) { sum += Double(c.pixels[i] & 0xFF) / 255 }
        let r = min(radius, 40)
        let area = rect.width * rect.height - (4 - Double.pi) * r * r
        #expect(abs(sum - area) / area < 0.002, "sum \(sum) area \(area)")
    }

    @Test func clipLimitsEveryOperation() {
        let c = Canvas(width: 50, height: 50)
        c.withClip(PixelRect(x: 10, y: 10, width: 5, height: 5)) {
            c.fill(c.bounds, color: .white)
            c.fillRoundedRect(Rect(x: 0, y: 0, width: 50, height: 50), radius: 5, paint: .solid(.white))
        }
        var inked = 0
        for i in 0..<2500 where c.pixels[i] != 0 { inked += 1 }
        #expect(inked == 25)
    }

    @Test func sourceOverBlendsWithOpacity() {
        let c = Canvas(width: 4, height: 4)
        c.fill(c.bounds, color: Color(rgb: 0x0000FF))
        c.fillRoundedRect(
            Rect(x: 0, y: 0, width: 4, height: 4), radius: 0, paint: .solid(Color(rgb: 0xFF0000)), opacity: 0.6)
        #expect(c.pixel(x: 1, y: 1) == 0x990066)
    }

    @Test func gradientRunsLeadingToTrailing() {
        let c = Canvas(width: 256, height: 1)
        c.fillRoundedRect(
            Rect(x: 0, y: 0, width: 256, height: 1), radius: 0,
            paint: .horizontalGradient(from: .black, to: .white, x0: 0, x1: 256))
        #expect(c.pixel(x: 0, y: 0) == 0x000000)
        #expect(c.pixel(x: 255, y: 0) == 0xFFFFFF)
        #expect(c.pixel(x: 128, y: 0) & 0xFF == 128)
    }

    @Test func rgb565KeepsFiveSixFiveBits() {
        let c = Canvas(width: 1, height: 1)
        c.pixels[0] = 0x123456
        var out: UInt16 = 0
        c.convertToRGB565(c.bounds, into: &out, stride: 1)
        #expect(out == (0x12 >> 3) << 11 | (0x34 >> 2) << 5 | (0x56 >> 3))
        let quantized = c.quantizedToRGB565()
        #expect(quantized.pixel(x: 0, y: 0) == 0x103452)
    }
}

@Suite struct PNGTests {
    @Test func roundTripIsLossless() throws {
        let c = Canvas(width: 37, height: 11)
        for i in 0..<(37 * 11) { c.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xFFFFFF }
        let bytes = try PNGCodec.encode(xrgb: c.pixels, width: 37, height: 11)
        let back = try PNGCodec.decode(bytes)
        #expect(back.width == 37 && back.height == 11)
        #expect(back.pixels == Array(UnsafeBufferPointer(start: c.pixels, count: 37 * 11)))
    }

    @Test func garbageIsAnError() {
        #expect(throws: PNGCodec.Failure.self) { try PNGCodec.decode([1, 2, 3, 4]) }
    }
}

@Suite struct RotationBlitTests {
    @Test(arguments: [0, 90, 180, 270])
    func regionBlitsAgreeWithWholeImageRotation(degrees: Int) {
        let c = Canvas(width: 40, height: 24)
        for i in 0..<(40 * 24) { c.pixels[i] = UInt32(i) }
        let whole = c.rotated(by: degrees)
        let panel = Canvas(width: whole.width, height: whole.height)
        let region = PixelRect(x: 5, y: 3, width: 17, height: 9)
        let covered = c.blitRotated(region, by: degrees, into: panel)
        #expect(covered.area == region.area)
        for y in 0..<panel.height {
            for x in 0..<panel.width {
                let inside = covered.intersects(PixelRect(x: x, y: y, width: 1, height: 1))
                #expect(panel.pixel(x: x, y: y) == (inside ? whole.pixel(x: x, y: y) : 0))
            }
        }
    }
}

@Suite struct RoundedRectFuzzTests {
    /// Random rectangles, many partly or wholly off the canvas, against a per-pixel
    /// reference of the same coverage rule: the fast span path must agree everywhere and
    /// never touch memory outside the canvas.
    @Test func fastPathAgreesWithThePerPixelReference() {
        var seed: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for _ in 0..<300 {
            let rect = Rect(
                x: random(-80...100), y: random(-40...60), width: random(0.2...140), height: random(0.2...70))
            let radius = random(0...40)
            let fast = Canvas(width: 64, height: 32)
            fast.fillRoundedRect(rect, radius: radius, paint: .solid(.white))
            let reference = Canvas(width: 64, height: 32)
            let shape = RoundedBox(rect: rect, radius: min(radius, rect.width / 2, rect.height / 2))
            reference.fillCoverage(rect.enclosingPixels, color: .white) { x, y in 0.5 - shape.distance(x: x, y: y) }
            var worst = 0
            for i in 0..<(64 * 32) {
                worst = max(worst, abs(Int(fast.pixels[i] & 0xFF) - Int(reference.pixels[i] & 0xFF)))
            }
            // The span path uses the row's vertical coverage, the reference the full distance:
            // equal up to rounding where both are exact.
            #expect(worst <= 1, "\(rect) radius \(radius): worst \(worst)")
        }
    }

    @Test func sharedFontsAreOpenedOnceForEveryRenderer() throws {
        let fonts = try LabelFonts(["DejaVu Sans"], weight: .bold)
        let faces = fonts.openedFaces
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 200)
        let a = SceneRenderer(width: 320, height: 200, fonts: fonts)
        let b = SceneRenderer(width: 320, height: 200, fonts: fonts)
        try a.render(builder.scene(ControlVisual()))
        try b.render(builder.scene(ControlVisual()))
        #expect(a.openedFontSets == 0 && b.openedFontSets == 0)
        #expect(fonts.openedFaces == faces)
        // A scene asking for other fonts (a reload) gets its own.
        var other = Settings()
        other.theme.labelWeight = .regular
        try a.render(SceneBuilder(settings: other, width: 320, height: 200).scene(ControlVisual()))
        #expect(a.openedFontSets == 1)
    }

    @Test func sharedFontsReportAMissingFontFile() {
        #expect(throws: FontError.self) { try LabelFonts(["/nonexistent/font.ttf"], weight: .bold) }
    }
}

/// A label in one colour is drawn from one line image of blend terms (`LineTerms`); it must
/// give exactly the glyph by glyph pixels, over any background, clipped or not.
@Suite struct LineTermsTests {
    func canvasWithNoise(_ w: Int, _ h: Int) -> Canvas {
        let c = Canvas(width: w, height: h)
        var seed: UInt32 = 99
        for i in 0..<(w * h) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            c.pixels[i] = (seed >> 8) & 0xFF_FFFF
        }
        return c
    }

    /// `text` drawn with line images (`composesLines`) and glyph by glyph, at three sizes
    /// and colours and in two clips, once per opacity: the pixels that differ, each time.
    /// `check` sees the composing renderer after its draws.
    func composedAndGlyphByGlyph(_ text: String, opacities: [Double], check: (String, TextRenderer) -> Void)
        throws -> [(String, Int)]
    {
        let (w, h) = (520, 90)
        var found: [(String, Int)] = []
        for (size, color, opacity, cx) in [
            (32, Color.white, 1.0, 260.0), (11, Color(rgb: 0x3A0CA3), 0.37, 200.25),
            (57, Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.6), 1, 261.6),
        ] {
            for clip in [PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 203, y: 31, width: 97, height: 17)] {
                var results: [[UInt32]] = []
                for composes in [true, false] {
                    let canvas = canvasWithNoise(w, h)
                    let r = try TextRenderer(fonts: ["DejaVu Sans", "Noto Sans CJK JP"], weight: .bold)
                    r.composesLines = composes
                    for scale in opacities {
                        canvas.withClip(clip) {
                            r.draw(
                                text, pixelSize: size, center: Point(x: cx, y: 45.5), color: color,
                                opacity: opacity * scale, shimmerX: nil, on: canvas)
                        }
                    }
                    results.append(Array(UnsafeBufferPointer(start: canvas.pixels, count: w * h)))
                    if composes { check(text, r) }
                }
                found.append(
                    ("\(text) at \(size) px, clip \(clip)", zip(results[0], results[1]).filter { $0 != $1 }.count))
            }
        }
        return found
    }

    @Test(arguments: ["Slide to unlock", "AV Tj ffi fl", "Проведите для разблокировки", "スライドでロック解除", "W.W.W"])
    func theLineImageEqualsGlyphByGlyph(text: String) throws {
        // Three times: the third draw (the third frame running) makes and uses the image.
        for (what, differing) in try composedAndGlyphByGlyph(
            text, opacities: [1, 1, 1],
            check: { text, r in
                if text == "Slide to unlock" { #expect(r.lineImagesDrawn == 1, "the third draw") }
            })
        {
            #expect(differing == 0, "\(what): \(differing) pixels differ")
        }
    }

    /// A row blends its inked runs: a gap of two groups of 4 or more is skipped, a narrower
    /// one bridged, and glyph by glyph or from the image the pixels are the same.
    /// A glyph one pixel row high, and `glyphs` blended one by one onto a 50x1 noise canvas
    /// in `0x336699` at `opacity`: the reference a merged line image must equal.
    func rowGlyph(_ alpha: [UInt8]) -> GlyphBitmap {
        GlyphBitmap(
            width: alpha.count, height: 1, left: 0, top: 0, alpha: alpha,
            spans: inkSpans(alpha, width: alpha.count, height: 1))
    }

    func glyphByGlyph(_ glyphs: [(GlyphBitmap, Int)], opacity: Double) -> Canvas {
        let plain = canvasWithNoise(50, 1)
        for (g, gx) in glyphs {
            plain.blendMask(
                g.alpha, width: g.width, height: 1, x: gx, y: 0, color: Color(rgb: 0x336699),
                opacity: opacity, spans: g.spans, tint: MaskTint())
        }
        return plain
    }

    @Test func wideGapsAreSkipped() {
        let a = rowGlyph([255, 90, 0])
        let b = rowGlyph([0, 200, 255])
        for (x, runs) in [(3, 1), (8, 1), (9, 2), (40, 2)] {
            let line = LineTerms([(a, 0, 0), (b, x, 0)], source: 0x33_6699, alpha: 255)
            #expect(line?.runCount == runs, "second glyph at \(x)")
            let plain = glyphByGlyph([(a, 0), (b, x)], opacity: 1)
            let imaged = canvasWithNoise(50, 1)
            line?.draw(on: imaged)
            #expect((0..<50).allSatisfy { plain.pixels[$0] == imaged.pixels[$0] }, "second glyph at \(x)")
        }
    }

    /// Two glyphs inking one pixel cannot share one image: the label falls back to glyph by
    /// glyph. Glyphs whose boxes overlap but whose inks do not share one.
    @Test func overlappingInkHasNoLineImage() {
        let apart = LineTerms(
            [(rowGlyph([255, 0]), 0, 0), (rowGlyph([0, 128]), 0, 0)], source: 0xFF_FFFF, alpha: 255)
        #expect(apart != nil)
        let shared = LineTerms(
            [(rowGlyph([255, 10]), 0, 0), (rowGlyph([0, 128]), 0, 0)], source: 0xFF_FFFF, alpha: 255)
        #expect(shared == nil)
        #expect(LineTerms([], source: 0, alpha: 255) == nil)
        // A label a configuration makes huge is drawn glyph by glyph, not held in memory.
        let wide = GlyphBitmap(
            width: 1000, height: 300, left: 0, top: 0, alpha: [UInt8](repeating: 0, count: 300_000),
            spans: [Int32](repeating: 0, count: 600))
        #expect(LineTerms([(wide, 0, 0)], source: 0xFF_FFFF, alpha: 255) == nil)
        #expect(
            LineTerms([(rowGlyph([255, 0]), 0, 0), (rowGlyph([255, 0]), 1 << 40, 0)], source: 0xFF_FFFF, alpha: 255)
                == nil)
    }

    /// A fading label (a new opacity every frame, as the thumb comes) is drawn from its line's
    /// coverage once it stays put: the same pixels as glyph by glyph, whatever the clip.
    @Test(arguments: ["Slide to unlock", "AV Tj ffi fl", "Проведите для разблокировки", "スライドでロック解除", "W.W.W"])
    func theFadingLineEqualsGlyphByGlyph(text: String) throws {
        for (what, differing) in try composedAndGlyphByGlyph(
            text, opacities: [1.0, 0.93, 0.61, 0.6, 0.02],
            check: { text, r in
                if text == "Slide to unlock" { #expect(r.lineMasksDrawn == 4, "all but the first draw") }
            })
        {
            #expect(differing == 0, "\(what): \(differing) pixels differ")
        }
    }

    /// The mask merges glyphs whose inks do not meet, bridges narrow gaps in a row and skips
    /// wide ones (the same pixels either way); inks that meet, or a huge label, have none.
    @Test func theLineMaskMergesGlyphsApart() {
        let a = rowGlyph([255, 90, 0])
        let b = rowGlyph([0, 200, 255])
        for x in [1, 3, 8, 9, 40] {
            let mask = LineMask([(a, 0, 0), (b, x, 0)])
            #expect(mask != nil, "second glyph at \(x)")
            let plain = glyphByGlyph([(a, 0), (b, x)], opacity: 0.7)
            let masked = canvasWithNoise(50, 1)
            let p = PackedColor(Color(rgb: 0x336699), opacity: 0.7)
            mask?.draw(on: masked, source: p.r << 16 | p.g << 8 | p.b, alpha: p.a)
            #expect((0..<50).allSatisfy { plain.pixels[$0] == masked.pixels[$0] }, "second glyph at \(x)")
        }
        #expect(LineMask([(a, 0, 0), (a, 1, 0)]) == nil, "inks that meet")
        #expect(LineMask([]) == nil)
        let wide = GlyphBitmap(
            width: 1000, height: 300, left: 0, top: 0, alpha: [UInt8](repeating: 0, count: 300_000),
            spans: [Int32](repeating: 0, count: 600))
        #expect(LineMask([(wide, 0, 0)]) == nil)
        #expect(LineMask([(a, 0, 0), (a, 1 << 40, 0)]) == nil)
    }
}
