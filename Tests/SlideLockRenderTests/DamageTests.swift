import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// Redrawing only the damaged rectangles must give exactly the pixels of a full redraw.
@Suite struct DamageTests {
    /// A walk through everything that animates: press, drag, hue, label fade, busy spinner,
    /// unlocked, failed shake, shimmer.
    static func visuals() -> [ControlVisual] {
        var list: [ControlVisual] = [ControlVisual()]
        var v = ControlVisual(state: .pressed, progress: 0)
        list.append(v)
        v.state = .dragging
        for i in 0...20 {
            v.progress = Double(i) / 20
            v.hueDegrees = -20 + Double(i) * 1.7
            list.append(v)
        }
        v.state = .busy
        for i in 0..<5 {
            v.spinnerPhase = Double(i) / 7
            list.append(v)
        }
        v.state = .unlocked
        list.append(v)
        v.state = .failed
        for t in [0.02, 0.05, 0.1, 0.2] {
            v.shake = LockSession.shake(seconds: t)
            list.append(v)
        }
        v = ControlVisual(state: .locked, progress: 0.3)
        v.press = 0.5
        v.shimmer = 0.4
        list.append(v)
        v.shimmer = 0.45
        list.append(v)
        return list
    }

    @Test(arguments: ["default", "classic", "mint"])
    func incrementalEqualsFull(theme: String) throws {
        var settings = Settings()
        settings.theme = Theme.named(theme)!
        let builder = SceneBuilder(settings: settings, width: 640, height: 400)
        let incremental = SceneRenderer(width: 640, height: 400)
        var partialFrames = 0
        for (i, v) in Self.visuals().enumerated() {
            let scene = builder.scene(v)
            let damage = try incremental.render(scene)
            if damage.reduce(0, { $0 + $1.area }) < 640 * 400 { partialFrames += 1 }
            let full = SceneRenderer(width: 640, height: 400)
            try full.render(scene)
            var differing = 0
            for p in 0..<(640 * 400) where incremental.canvas.pixels[p] != full.canvas.pixels[p] { differing += 1 }
            #expect(differing == 0, "frame \(i): \(differing) pixels differ, damage \(damage)")
        }
        #expect(partialFrames >= Self.visuals().count - 2, "damage should be partial after the first frame")
    }

    /// A drag alone redraws only the fill's moving end and the thumb: the pixels must still
    /// be those of a full redraw, for steps from a fraction of a pixel to a jump, both ways,
    /// both directions and every theme (each has its own radii and opacities).
    @Test(arguments: ["default", "classic", "mint"], [false, true])
    func aDragAloneRedrawsTheFillsEndExactly(theme: String, rtl: Bool) throws {
        var settings = Settings()
        settings.theme = Theme.named(theme)!
        settings.layout.direction = rtl ? .rtl : .ltr
        let (w, h) = (480, 300)
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        let incremental = SceneRenderer(width: w, height: h)
        // Past 60 % the label has faded out: with a fixed fill opacity only the end moves.
        var v = ControlVisual(state: .dragging, progress: 0.62)
        try incremental.render(builder.scene(v))
        var narrowFrames = 0
        let steps = [0.001, 0.0037, 0.01, 0.02, 0.2, -0.05, -0.0013, -0.1, 0.003, -0.7, 0.0001, 0.4, 1]
        for (i, step) in steps.enumerated() {
            v.progress = min(max(v.progress + step, 0), 1)
            let scene = builder.scene(v)
            let damage = try incremental.render(scene)
            if damage.reduce(0, { $0 + $1.area }) < builder.layout.track.enclosingPixels.area / 2 { narrowFrames += 1 }
            let full = SceneRenderer(width: w, height: h)
            try full.render(scene)
            var differing = 0
            for p in 0..<(w * h) where incremental.canvas.pixels[p] != full.canvas.pixels[p] { differing += 1 }
            #expect(differing == 0, "step \(i) to \(v.progress): \(differing) pixels differ, damage \(damage)")
        }
        // The default theme's fill opacity follows the progress: all of it changes.
        if settings.theme.fillOpacity != nil {
            #expect(narrowFrames >= 6, "small steps should redraw less than half the track")
        }
    }

    /// The hue animation alone, at rest and with the thumb held still part way: every frame
    /// must be exactly a full redraw, in every theme, both directions and with translucent stops.
    @Test(arguments: ["default", "classic", "mint", "translucent"], [false, true])
    func aHueAloneEqualsAFullRedraw(theme: String, rtl: Bool) throws {
        var settings = Settings()
        settings.theme = Theme.named(theme == "translucent" ? "default" : theme)!
        if theme == "translucent" {
            settings.theme.trackStart = Color(rgb: 0x4361EE, alpha: 0.3)
            settings.theme.fillOpacity = 0.5
        }
        settings.layout.direction = rtl ? .rtl : .ltr
        let (w, h) = (533, 311)
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        for start in [ControlVisual(state: .locked, progress: 0), ControlVisual(state: .dragging, progress: 0.43)] {
            let incremental = SceneRenderer(width: w, height: h)
            var v = start
            for i in 0..<6 {
                v.hueDegrees = -40 + Double(i) * 17.3
                let scene = builder.scene(v)
                try incremental.render(scene)
                let differing = try Self.pixelsDifferingFromFull(incremental, scene)
                #expect(differing == 0, "\(theme) rtl \(rtl) \(start.state) frame \(i): \(differing) pixels differ")
            }
        }
    }

    /// Hue frames at sizes tiny to 1080p, at rest and held part way, with the control part
    /// way off the screen too: every one equals a full redraw.
    @Test(arguments: [(37, 23), (97, 61), (321, 199), (1920, 1080)])
    func aHueEqualsAFullRedrawAtEverySize(width w: Int, height h: Int) throws {
        let builder = SceneBuilder(settings: Settings(), width: w, height: h)
        let visuals = [ControlVisual(state: .locked, progress: 0), ControlVisual(state: .dragging, progress: 0.43)]
        for offset in [0, -0.37 * Double(w)] {
            for start in visuals {
                let incremental = SceneRenderer(width: w, height: h)
                var v = start
                for i in 0..<4 {
                    v.hueDegrees = -20 + Double(i) * 11.1
                    var scene = builder.scene(v)
                    scene.controlOffset = offset
                    try incremental.render(scene)
                    let differing = try Self.pixelsDifferingFromFull(incremental, scene)
                    #expect(differing == 0, "\(w)x\(h) offset \(offset) frame \(i): \(differing) pixels differ")
                }
            }
        }
    }

    /// A label that only fades or shimmers changes its glyphs' pixels, not the whole track
    /// it is clipped to; with the hue still, that is all a shimmer frame redraws, and the
    /// pixels are still a full redraw's. Labels whose fonts differ damage both clips whole.
    @Test func aFadingLabelDamagesItsInkOnly() throws {
        let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
        try Self.dragPastTheLabel(builder)
        let incremental = SceneRenderer(width: 800, height: 480)
        var v = ControlVisual(state: .locked, progress: 0)
        v.shimmer = 0.2
        try incremental.render(builder.scene(v))
        let track = builder.layout.track.enclosingPixels
        for i in 1...6 {
            v.shimmer = 0.2 + Double(i) * 0.09
            let scene = builder.scene(v)
            let damage = try incremental.render(scene)
            #expect(damage.count == 1)
            let area = damage.reduce(0) { $0 + $1.area }
            #expect(area > 0 && area < track.area / 3, "frame \(i): \(damage) against the track \(track)")
            #expect(damage.allSatisfy { track.intersection($0) == $0 })
            let differing = try Self.pixelsDifferingFromFull(incremental, scene)
            #expect(differing == 0, "frame \(i): \(differing) pixels differ")
        }
        // Other fonts: both inks, still not the whole track.
        var a = builder.scene(v)
        a.label.fonts = ["DejaVu Serif"]
        let damage = try incremental.render(a)
        #expect(damage.reduce(0) { $0 + $1.area } < track.area / 2, "\(damage)")
        #expect(try Self.pixelsDifferingFromFull(incremental, a) == 0)
        // An invisible label changes nothing, whatever its colour.
        a.label.opacity = 0
        try incremental.render(a)
        a.label.color = Color(rgb: 0xFF0000)
        #expect(try incremental.render(a).isEmpty, "an invisible label changes nothing")
    }

    /// A drag past the label, which fades as the thumb nears it: every frame a full redraw's
    /// pixels, whatever the label holds.
    static func dragPastTheLabel(_ builder: SceneBuilder) throws {
        let incremental = SceneRenderer(
            width: Int(builder.layout.screen.width),
            height: Int(builder.layout.screen.height))
        var v = ControlVisual(state: .dragging, progress: 0)
        for i in 0...14 {
            v.progress = Double(i) * 0.05
            let scene = builder.scene(v)
            try incremental.render(scene)
            let differing = try pixelsDifferingFromFull(incremental, scene)
            #expect(differing == 0, "\(scene.label.text) at \(v.progress): \(differing) pixels differ")
        }
    }

    /// Labels with no ink, or with characters no font has (drawn as boxes), fade exactly too.
    @Test(arguments: ["", " ", "\u{E000}\u{10FFFD} \u{0378}", "Slide \u{1F512}"])
    func unusualLabelsFadeExactly(text: String) throws {
        var settings = Settings()
        settings.theme.labelText = text
        try Self.dragPastTheLabel(SceneBuilder(settings: settings, width: 480, height: 300))
    }

    /// The slide-off transition to the end and past it, both ways: the control goes off the
    /// canvas (its track's interior beyond the canvas's last column), and every frame is still
    /// a full redraw's.
    @Test(arguments: [false, true])
    func aControlSlidWhollyOffIsDrawnAsTheLayers(rtl: Bool) throws {
        var settings = Settings()
        settings.animation.unlockTransition = .slide
        settings.layout.direction = rtl ? .rtl : .ltr
        let builder = SceneBuilder(settings: settings, width: 320, height: 200)
        let incremental = SceneRenderer(width: 320, height: 200)
        var v = ControlVisual(state: .unlocked, progress: 1)
        for (i, exit) in [0.0, 0.3, 0.8, 0.9, 0.95, 0.99, 1.0, 1.5, 0.97, 3].enumerated() {
            v.exitOffset = exit
            v.hueDegrees = Double(i) * 7
            let scene = builder.scene(v)
            let damage = try incremental.render(scene)
            let differing = try Self.pixelsDifferingFromFull(incremental, scene)
            #expect(differing == 0, "exit \(exit): \(differing) pixels differ, damage \(damage)")
        }
    }

    /// A control slid part way off (the slide-off transition) is drawn `controlOffset` to the
    /// side: what changes in it changes there, and a frame with only the hue changed must
    /// still be exactly a full redraw.
    @Test(arguments: [0.3, -0.41, 0.5137])
    func anOffsetControlIsDamagedWhereItIsDrawn(exit: Double) throws {
        var settings = Settings()
        settings.animation.unlockTransition = .slide
        let builder = SceneBuilder(settings: settings, width: 640, height: 400)
        let incremental = SceneRenderer(width: 640, height: 400)
        var v = ControlVisual(state: .locked, progress: 0)
        v.exitOffset = exit
        try incremental.render(builder.scene(v))
        for i in 1...3 {
            v.hueDegrees = Double(i) * 11
            let scene = builder.scene(v)
            #expect(scene.controlOffset != 0)
            let damage = try incremental.render(scene)
            #expect(damage.reduce(0) { $0 + $1.area } < 640 * 400 / 2)
            let differing = try Self.pixelsDifferingFromFull(incremental, scene)
            #expect(differing == 0, "frame \(i): \(differing) pixels differ, damage \(damage)")
        }
    }

    /// Drags on shapes at the edges of what the configuration allows (square and fully round
    /// corners, no inset, a border as wide as the thumb, a track a pixel high or the whole
    /// screen, a screen narrower than the thumb's travel): every frame a full redraw's pixels.
    @Test(
        arguments: [
            ["theme.track_radius=0", "theme.thumb_radius=0"],
            ["theme.track_radius=0.5", "theme.thumb_radius=0.5", "theme.thumb_inset=0"],
            ["theme.thumb_border_width=40", "theme.icon_size=1"],
            ["layout.track_height=0.01"],
            ["layout.track_height=1", "theme.label_size=1"],
            ["layout.track_width=0.05"],
        ], [(640, 400), (37, 300)])
    func aDragOnExtremeShapesEqualsAFullRedraw(sets: [String], size: (Int, Int)) throws {
        let settings = try ConfigLoader.load(sources: [], overrides: sets)
        let (w, h) = size
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        let incremental = SceneRenderer(width: w, height: h)
        var v = ControlVisual(state: .dragging, progress: 0)
        for (i, step) in [0.0, 0.001, 0.0037, 0.01, 0.02, 0.2, 0.25, -0.05, 0.003, 0.0029, 0.3, -0.7, 0.4, 1]
            .enumerated()
        {
            v.progress = min(max(v.progress + step, 0), 1)
            let scene = builder.scene(v)
            let damage = try incremental.render(scene)
            let differing = try Self.pixelsDifferingFromFull(incremental, scene)
            #expect(differing == 0, "\(sets) at \(w)x\(h), frame \(i): \(differing) pixels differ, damage \(damage)")
        }
    }

    /// Settings each changing one thing from a built-in theme (direction, corners, a border,
    /// no track, translucent stops, a long label on an odd track), through every third frame
    /// of the walk and a slide-off: every frame drawn from its damage equals a full redraw.
    @Test(arguments: [(800, 480), (333, 217)])
    func variantsDrawnByDamageEqualAFullRedraw(width: Int, height: Int) throws {
        var variants: [(String, Settings)] = []
        var s = Settings()
        s.layout.direction = .rtl
        variants.append(("rtl", s))
        s = Settings()
        s.theme.trackRadius = 0
        s.theme.thumbRadius = 0
        variants.append(("square", s))
        s = Settings()
        s.theme.trackRadius = 0.004
        s.theme.thumbBorderWidth = 2
        variants.append(("tiny radius, border", s))
        s = Settings()
        s.theme.trackOpacity = 0
        variants.append(("no track", s))
        s = Settings()
        s.theme.fillOpacity = 0.5
        s.theme.trackStart = Color(rgb: 0x4361EE, alpha: 0.3)
        variants.append(("translucent stops", s))
        s = Settings()
        s.theme.labelText = "Slide all the way to the right to unlock the door"
        s.theme.labelSize = 0.9
        s.layout.trackHeight = 0.137
        s.layout.verticalPosition = 0.31
        variants.append(("long label, odd track", s))
        let walk = Self.visuals()
        var visuals = stride(from: 0, to: walk.count, by: 3).map { walk[$0] }
        var v = ControlVisual(state: .dragging, progress: 0.42)
        v.exitOffset = 0.173
        visuals.append(v)
        v.exitOffset = -0.31
        visuals.append(v)
        for (name, settings) in variants {
            let builder = SceneBuilder(settings: settings, width: width, height: height)
            let incremental = SceneRenderer(width: width, height: height)
            for (i, v) in visuals.enumerated() {
                let scene = builder.scene(v)
                try incremental.render(scene)
                let differing = try Self.pixelsDifferingFromFull(incremental, scene)
                #expect(differing == 0, "\(name) \(width)x\(height) visual \(i): \(differing) pixels differ")
            }
        }
    }

    /// Pixels where `renderer`'s canvas is not what a fresh full redraw of `scene` gives.
    static func pixelsDifferingFromFull(_ renderer: SceneRenderer, _ scene: Scene) throws -> Int {
        let full = SceneRenderer(width: scene.width, height: scene.height)
        try full.render(scene)
        return pixelsDiffering(renderer, full)
    }

    static func pixelsDiffering(_ a: SceneRenderer, _ b: SceneRenderer) -> Int {
        var differing = 0
        for p in 0..<(a.canvas.width * a.canvas.height) where a.canvas.pixels[p] != b.canvas.pixels[p] {
            differing += 1
        }
        return differing
    }

    @Test func unchangedSceneHasNoDamage() throws {
        let builder = SceneBuilder(settings: Settings(), width: 320, height: 240)
        let r = SceneRenderer(width: 320, height: 240)
        let scene = builder.scene(ControlVisual())
        #expect(try r.render(scene) == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        #expect(try r.render(scene).isEmpty)
    }

    @Test func hueOnlyDamagesTheTrack() throws {
        let builder = SceneBuilder(settings: Settings(), width: 800, height: 480)
        var v = ControlVisual()
        let r = SceneRenderer(width: 800, height: 480)
        try r.render(builder.scene(v))
        v.hueDegrees = 10
        let damage = try r.render(builder.scene(v))
        #expect(damage == [builder.layout.track.enclosingPixels], "its pixels, no margin: nothing draws outside them")
    }

    @Test func overlappingRectanglesMerge() {
        let merged = Damage.merge([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 50, y: 0, width: 5, height: 5),
            PixelRect(x: 9, y: 9, width: 10, height: 10),
        ])
        #expect(merged.count == 2)
        #expect(merged.contains(PixelRect(x: 0, y: 0, width: 19, height: 19)))
    }
}
