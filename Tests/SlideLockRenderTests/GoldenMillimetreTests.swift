import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// A thumb sized in millimetres: a 5" 800x480 and a 10.1" 1280x800 panel give the same
/// finger target, and a 2.8" 320x240 panel still fits the thumb, the label, the message
/// line and the clock.
@Suite struct GoldenMillimetreTests {
    /// Visible areas, mm: 5" (126 mm diagonal), 10.1" (257 mm) and 2.8" (71 mm) panels.
    static let fiveInch = Size(width: 108, height: 65)
    static let tenInch = Size(width: 217, height: 136)
    static let smallest = Size(width: 57, height: 43)

    static func settings(_ millimetres: Size) -> Settings {
        var settings = Settings()
        settings.display.physicalSize = millimetres
        return settings
    }

    /// The thumb's side in millimetres on `screen`.
    static func thumbMillimetres(_ millimetres: Size, width: Int, height: Int) -> Double {
        let layout = SceneBuilder(settings: settings(millimetres), width: width, height: height).layout
        let perMillimetre = Double(width) / millimetres.width
        return layout.thumbSide / perMillimetre
    }

    @Test func fiveAndTenInchPanelsGetTheSameThumb() throws {
        let five = Self.thumbMillimetres(Self.fiveInch, width: 800, height: 480)
        let ten = Self.thumbMillimetres(Self.tenInch, width: 1280, height: 800)
        // Within a pixel's rounding (0.17 mm at 5.9 px/mm) of the default 10 mm.
        #expect(abs(five - 10) < 0.2, "5\": \(five) mm")
        #expect(abs(ten - 10) < 0.2, "10.1\": \(ten) mm")
        // Proportionally the two differ by more than a millimetre: what this fixes.
        let proportional5 = SceneBuilder(settings: Settings(), width: 800, height: 480).layout.thumbSide * 108 / 800
        let proportional10 = SceneBuilder(settings: Settings(), width: 1280, height: 800).layout.thumbSide * 217 / 1280
        #expect(abs(proportional5 - proportional10) > 1)
        try Golden.check(
            Golden.frame(Self.settings(Self.fiveInch), width: 800, height: 480, state: .locked, progress: 0),
            "mm-5in-800x480")
        try Golden.check(
            Golden.frame(Self.settings(Self.tenInch), width: 1280, height: 800, state: .locked, progress: 0),
            "mm-10in-1280x800")
    }

    @Test func implausibleOrUnknownSizesKeepTheProportionalLayout() {
        let proportional = SceneBuilder(settings: Settings(), width: 800, height: 480).layout
        // 16x9 mm (a TV's aspect ratio: ~1270 dpi), 1600x900 mm on 800x480 (~13 dpi).
        for mm in [Size(width: 16, height: 9), Size(width: 1600, height: 900)] {
            let layout = SceneBuilder(settings: Self.settings(mm), width: 800, height: 480).layout
            #expect(layout == proportional)
            #expect(layout.pixelsPerMillimetre == nil)
            let line = Layout.sizingDescription(
                screen: Size(width: 800, height: 480), millimetres: mm, settings: LayoutSettings())
            #expect(line.contains("implausible") && line.contains("proportional"), "\(line)")
        }
        let unknown = Layout.sizingDescription(
            screen: Size(width: 800, height: 480), millimetres: Size(width: 0, height: 0), settings: LayoutSettings())
        #expect(unknown.contains("unknown") && unknown.contains("proportional"))
        let known = Layout.sizingDescription(
            screen: Size(width: 800, height: 480), millimetres: Self.fiveInch, settings: LayoutSettings())
        #expect(known == "layout: panel 108x65 mm, 188 dpi: thumb 10 mm")
    }

    /// A rotated picture (portrait on a landscape panel) keeps the thumb's size.
    @Test func rotationKeepsTheThumbSize() {
        let landscape = Self.thumbMillimetres(Self.fiveInch, width: 800, height: 480)
        let layout = SceneBuilder(settings: Self.settings(Self.fiveInch), width: 480, height: 800).layout
        #expect(abs(layout.thumbSide - landscape * 800 / 108) < 1)
    }

    @Test func smallestPanelFitsThumbLabelAndText() throws {
        let settings = Self.settings(Self.smallest)
        let builder = SceneBuilder(settings: settings, width: 320, height: 240)
        let layout = builder.layout
        #expect(layout.pixelsPerMillimetre != nil)
        #expect(layout.travel >= Layout.minimumTravel)
        #expect(builder.textLayout.messageSize > 0 && builder.textLayout.clockSize > 0)
        #expect(builder.textLayout.message.maxY <= layout.track.minY)
        #expect(layout.track.maxY <= 240)
        var v = StillFrame.visual(state: .locked, progress: 0, time: 0, settings: settings)
        v.notice = Notice(message: "Deliveries: use door 3", lockdown: false)
        v.clock = GoldenScreenTextTests.clock
        let renderer = SceneRenderer(width: 320, height: 240)
        try renderer.render(builder.scene(v))
        try Golden.check(renderer.canvas, "mm-320x240-text")
    }
}
