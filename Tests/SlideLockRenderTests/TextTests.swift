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
