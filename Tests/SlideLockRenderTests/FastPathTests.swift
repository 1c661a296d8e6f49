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

    /// A label as tall as the track (accents and descenders at `label_size = 1`) and longer
    /// than it inks nothing beyond the track's rounded ends: every pixel of the track's
    /// rectangle outside its shape is the background, at rest and mid-drag (the fill under
    /// the fading label), and the fast path still equals the layers.
    @Test func aLabelAsTallAsTheTrackInksNothingBeyondItsRoundedEnds() throws {
        let settings = try ConfigLoader.load(
            sources: [],
            overrides: [
                "theme.label_size=1", "theme.label=ÁjgpqÉÇ ÁjgpqÉÇ ÁjgpqÉÇ", "theme.label_color=#FFFFFF",
                "layout.track_width=0.4",
            ])
        let (w, h) = (640, 400)
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        for v in [ControlVisual(state: .locked, progress: 0), ControlVisual(state: .dragging, progress: 0.5)] {
            let scene = builder.scene(v)
            let fast = SceneRenderer(width: w, height: h)
            let layered = SceneRenderer(width: w, height: h)
            try fast.render(scene)
            try layered.renderLayered(scene)
            let track = scene.track.rect
            let box = RoundedBox(rect: track, radius: min(scene.track.radius, track.width / 2, track.height / 2))
            let area = track.enclosingPixels
            let background = fast.canvas.pixel(x: 0, y: 0)
            var outside = 0
            var inked = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where box.distance(x: Double(x) + 0.5, y: Double(y) + 0.5) >= 0.5 {
                    outside += 1
                    if fast.canvas.pixel(x: x, y: y) != background { inked += 1 }
                }
            }
            #expect(outside > 100)
            #expect(inked == 0, "\(v.state): \(inked) of the \(outside) pixels beyond the rounded ends inked")
            let differing = (0..<(w * h)).filter { fast.canvas.pixels[$0] != layered.canvas.pixels[$0] }.count
            #expect(differing == 0, "\(v.state): \(differing) pixels differ from the layers")
        }
    }

    /// The label's clips cover every pixel of the track's rectangle once, except the corner
    /// squares when the ink reaches them, which they leave out: never a pixel twice (it
    /// would be blended twice). For round, square, pill and odd-sized tracks.
    @Test(arguments: [
        (Rect(x: 10, y: 20, width: 200, height: 40), 12.0), (Rect(x: 10.5, y: 20.3, width: 99.4, height: 31.2), 15.6),
        (Rect(x: 0, y: 0, width: 60, height: 33), 16.5), (Rect(x: 3, y: 4, width: 20, height: 50), 40.0),
        (Rect(x: 3, y: 4, width: 50, height: 20), 0.0), (Rect(x: 0, y: 0, width: 7, height: 5), 2.2),
    ])
    func labelClipsCoverTheTrackOnceLessItsCorners(track: Rect, radius: Double) {
        let area = track.enclosingPixels
        let r = min(radius, track.width / 2, track.height / 2)
        let corner = Int(r.rounded(.up))
        let (a, c) = (min(corner, area.height), min(corner, area.width / 2))
        for (ink, reaches) in [
            (area, true),
            (
                PixelRect(
                    x: area.x + c, y: area.y + a, width: max(0, area.width - 2 * c),
                    height: max(0, area.height - 2 * a)), false
            ),
        ] {
            var count = [Int](repeating: 0, count: area.width * area.height)
            let clips = SceneRenderer.labelClips(track: track, pixels: area, radius: radius, ink: ink)
            for rect in [clips.top, clips.middle, clips.bottom] {
                let part = rect.intersection(area)
                #expect(part == rect || rect.isEmpty, "\(rect) outside \(area)")
                for y in part.y..<part.maxY {
                    for x in part.x..<part.maxX { count[(y - area.y) * area.width + x - area.x] += 1 }
                }
            }
            for y in 0..<area.height {
                for x in 0..<area.width {
                    let inCorner = (y < a || y >= area.height - a) && (x < c || x >= area.width - c)
                    let expected = reaches && inCorner && r > 0 ? 0 : 1
                    #expect(
                        count[y * area.width + x] == expected, "\(track) r \(radius) ink \(ink): pixel (\(x), \(y))")
                }
            }
        }
    }

    /// The fill blended over a rectangle from what `prepare` holds is the fill drawn as a
    /// shape clipped to it, also for fills the layout never makes (rows it covers in part,
    /// opaque, ends inside the rectangle or past the canvas).
    @Test(
        arguments: [
            Rect(x: 20.25, y: 10.6, width: 90.4, height: 30.3), Rect(x: -15.5, y: 2, width: 60, height: 9.5),
            Rect(x: 70, y: 20, width: 80, height: 20),
        ], [0.37, 1.0])
    func aFillOverARectIsTheShapeClipped(fill: Rect, opacity: Double) {
        let (w, h) = (128, 48)
        let base = ControlBase()
        let viaBase = Canvas(width: w, height: h)
        let viaShape = Canvas(width: w, height: h)
        for p in 0..<(w * h) {
            let pixel = UInt32(truncatingIfNeeded: p &* 2_654_435_761) & 0xFFFFFF
            viaBase.pixels[p] = pixel
            viaShape.pixels[p] = pixel
        }
        let color = Color(rgb: 0x76C893)
        base.prepare(
            ControlBase.Key(
                background: .black, trackRect: Rect(x: 4, y: 4, width: 120, height: 40),
                trackRadius: 20, trackPaint: .solid(.white), trackOpacity: 1, fillRect: fill,
                fillRadius: 12.5, fillColor: color, fillOpacity: opacity), on: viaBase)
        for area in [
            PixelRect(x: 30, y: 8, width: 60, height: 30), PixelRect(x: 0, y: 0, width: w, height: h),
            PixelRect(x: 100, y: 30, width: 40, height: 30),
        ] {
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
