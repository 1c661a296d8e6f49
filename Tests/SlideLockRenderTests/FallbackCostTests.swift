import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// What characters no font has cost: fontconfig is asked once per new text, never per
/// frame and never per character. Counted in queries, not timed.
@Suite struct FallbackCostTests {
    /// `count` distinct private-use characters: no installed font has a glyph for them.
    static func missing(_ count: Int, from first: UInt32 = 0xE000) -> String {
        String(String.UnicodeScalarView((0..<UInt32(count)).map { Unicode.Scalar(first + $0)! }))
    }

    @Test func aMessageNoFontHasCostsOneQueryAndNonePerFrame() throws {
        let settings = Settings()
        let fonts = try LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight)
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        let renderer = SceneRenderer(width: 800, height: 480, fonts: fonts)
        var v = ControlVisual()
        v.notice.message = Self.missing(150)
        let before = fonts.text.fonts.fontconfigQueries
        try renderer.render(builder.scene(v))
        let first = fonts.text.fonts.fontconfigQueries - before
        for frame in 1...30 {
            v.progress = Double(frame) / 40
            try renderer.render(builder.scene(v))
        }
        #expect(first <= 1, "the first frame asked fontconfig \(first) times")
        #expect(fonts.text.fonts.fontconfigQueries - before == first, "later frames asked again")
        let warned = renderer.takeWarnings()
        #expect(warned.contains { $0.contains("U+E000") })
    }

    @Test func twoHundredMissingCharactersAreOneQuery() throws {
        let set = try FontSet(specs: ["DejaVu Sans"], weight: .regular)
        let before = set.fontconfigQueries
        let line = TextShaper(fonts: set).shape(Self.missing(200, from: 0xF0000), pixelSize: 20)
        #expect(set.fontconfigQueries - before <= 1)
        #expect(line.boxes.count == 200)
        // The same characters again, in another text: known, not asked again.
        _ = TextShaper(fonts: set).shape("x" + Self.missing(200, from: 0xF0000), pixelSize: 20)
        #expect(set.fontconfigQueries - before <= 1)
    }

    @Test func oneQueryFindsTheFallbackFaceAndLeavesTheRestBoxes() throws {
        // The tests' packages install fonts-noto-cjk: CJK comes from a face DejaVu is not.
        let set = try FontSet(specs: ["DejaVu Sans"], weight: .regular)
        let before = set.fontconfigQueries
        let line = TextShaper(fonts: set).shape("Door 世界 " + Self.missing(3), pixelSize: 20)
        #expect(set.fontconfigQueries - before == 1)
        #expect(line.boxes.count == 3)
        #expect(line.glyphs.contains { $0.face > 0 }, "no fallback face for 世界: \(set.warnings)")
        #expect(set.warnings.count == 3)
    }
}
