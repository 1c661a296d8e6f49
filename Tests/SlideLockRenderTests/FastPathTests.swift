import Testing
@testable import SlideLockCore
@testable import SlideLockRender

/// The renderer's fast path (background, track and fill from a cached row, the label
/// slotted under the fill) must give exactly the pixels of drawing the layers one over the
/// other, for every theme and for shapes the built-in themes never use.
@Suite struct FastPathTests {
    /// Settings that stress the fast path: each changes one thing from a built-in theme.
    static func variants() -> [(String, Settings)] {
        var list: [(String, Settings)] = []
        for name in ["default", "classic", "mint"] {
            var s = Settings()
            s.theme = Theme.named(name)!
            list.append((name, s))
        }
        var s = Settings()
        s.layout.direction = .rtl
        list.append(("rtl", s))
        s = Settings()
        s.theme.trackRadius = 0
        s.theme.thumbRadius = 0
        list.append(("square", s))
        s = Settings()
        s.theme.trackRadius = 0.004
        s.theme.thumbBorderWidth = 2
        list.append(("tiny radius, border", s))
        s = Settings()
        s.theme.trackOpacity = 0
        list.append(("no track", s))
        s = Settings()
        s.theme.fillOpacity = 0.5
        s.theme.trackStart = Color(rgb: 0x4361EE, alpha: 0.3)
        list.append(("translucent stops", s))
        s = Settings()
        s.theme.labelText = "Slide all the way to the right to unlock the door"
        s.theme.labelSize = 0.9
        s.layout.trackHeight = 0.137
        s.layout.verticalPosition = 0.31
        list.append(("long label, odd track", s))
        return list
    }

    /// Every third of the damage walk (press, drag, hue, states, shimmer), plus slide-off.
    static func visuals() -> [ControlVisual] {
        let walk = DamageTests.visuals()
        var list = stride(from: 0, to: walk.count, by: 3).map { walk[$0] }
        var v = ControlVisual(state: .dragging, progress: 0.42)
        v.exitOffset = 0.173
        list.append(v)
        v.exitOffset = -0.31
        list.append(v)
        v = ControlVisual(state: .dragging, progress: 0.137)
        v.press = 0.7
        v.hueDegrees = 13.3
        list.append(v)
        return list
    }

    @Test(arguments: [(800, 480), (480, 800), (333, 217)])
    func fastEqualsLayered(width: Int, height: Int) throws {
        for (name, settings) in Self.variants() {
            let builder = SceneBuilder(settings: settings, width: width, height: height)
            let fast = SceneRenderer(width: width, height: height)
            let layered = SceneRenderer(width: width, height: height)
            for (i, v) in Self.visuals().enumerated() {
                let scene = builder.scene(v)
                fast.invalidate()
                try fast.render(scene)
                try layered.renderLayered(scene)
                var differing = 0
                var first: Int?
                for p in 0..<(width * height) where fast.canvas.pixels[p] != layered.canvas.pixels[p] {
                    differing += 1
                    if first == nil { first = p }
                }
                let at = first.map { "first at (\($0 % width), \($0 / width))" } ?? ""
                #expect(differing == 0, "\(name) \(width)x\(height) visual \(i): \(differing) pixels differ \(at)")
            }
        }
    }

    /// The fill blended over a rectangle from what `prepare` holds is the fill drawn as a
    /// shape clipped to it, also for fills the layout never makes (rows it covers in part,
    /// opaque, ends inside the rectangle or past the canvas).
    @Test(arguments: [Rect(x: 20.25, y: 10.6, width: 90.4, height: 30.3), Rect(x: -15.5, y: 2, width: 60, height: 9.5),
                      Rect(x: 70, y: 20, width: 80, height: 20)], [0.37, 1.0])
    func aFillOverARectIsTheShapeClipped(fill: Rect, opacity: Double) {
        let (w, h) = (128, 48)
        let base = ControlBase()
        let viaBase = Canvas(width: w, height: h), viaShape = Canvas(width: w, height: h)
        for p in 0..<(w * h) {
            let pixel = UInt32(truncatingIfNeeded: p &* 2_654_435_761) & 0xFFFFFF
            viaBase.pixels[p] = pixel
            viaShape.pixels[p] = pixel
        }
        let color = Color(rgb: 0x76C893)
        base.prepare(ControlBase.Key(background: .black, trackRect: Rect(x: 4, y: 4, width: 120, height: 40),
                                     trackRadius: 20, trackPaint: .solid(.white), trackOpacity: 1, fillRect: fill,
                                     fillRadius: 12.5, fillColor: color, fillOpacity: opacity), on: viaBase)
        for area in [PixelRect(x: 30, y: 8, width: 60, height: 30), PixelRect(x: 0, y: 0, width: w, height: h),
                     PixelRect(x: 100, y: 30, width: 40, height: 30)] {
            base.paintFill(over: area, on: viaBase)
            viaShape.withClip(area.intersection(viaShape.bounds)) {
                viaShape.fillRoundedRect(fill, radius: 12.5, paint: .solid(color), opacity: opacity)
            }
            var differing = 0
            for p in 0..<(w * h) where viaBase.pixels[p] != viaShape.pixels[p] { differing += 1 }
            #expect(differing == 0, "fill \(fill) opacity \(opacity) over \(area)")
        }
    }
}
