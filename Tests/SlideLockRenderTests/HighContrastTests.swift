import Foundation
import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The high-contrast theme measured from rendered pixels, never from its colour values.
///
/// Method. Frames of 800x480 are rendered at every 20 degrees of hue rotation (the whole
/// circle, so any `animation.hue_from`/`hue_to` sweep is covered), in every state, the
/// thumb at 0, 0.5 and 0.9 of its travel (and every 0.1 at hue 0), in lockdown too
/// (shapes' edges every 60 degrees: the hue moves only the track).
/// - Text: the label, or a state's words in its place. Each frame is rendered three times
///   from the same scene: as is (A), with the text's colour replaced by a marker (pure
///   magenta) (M), and with the text's opacity at 0 (B). A pixel is a fully covered glyph
///   pixel when M shows exactly the marker (an edge pixel blends it with what is beneath;
///   a glyph under the fill or the thumb is not shown, and not counted). For each, the
///   contrast of A (the glyph as drawn) against B (what is drawn under it) is the WCAG
///   ratio (L1 + 0.05) / (L2 + 0.05), L the relative luminance of the sRGB pixel
///   linearised per channel (c/12.92 up to 0.04045, else ((c + 0.055)/1.055)^2.4),
///   weights 0.2126, 0.7152, 0.0722. Every ratio must be at least 7:1 (WCAG AAA, text).
/// - Thumb edge: at the middle of each side of the thumb's rectangle (after press scaling
///   and shake), the pixel 2 px inside against the pixel 2 px outside: at least 7:1.
/// - Fill edge: the fill's leading end, its top and bottom over the thumb's centre and
///   halfway to it, and its trailing end past the thumb, 2 px inside against 2 px
///   outside: at least 3:1 (WCAG non-text contrast).
/// Edges are measured on the frame without its text (a glyph beside an edge is measured
/// as text), and not in lockdown, whose control is faded so as to look out of use (its
/// words are measured).
@Suite struct HighContrastTests {
    static let width = 800
    static let height = 480
    static let hues = stride(from: 0.0, to: 360, by: 20).map { $0 }
    static let marker: UInt32 = 0xFF00FF

    static func luminance(_ pixel: UInt32) -> Double {
        func linear(_ shift: UInt32) -> Double {
            let c = Double((pixel >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
    }

    static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func render(_ scene: Scene) throws -> Canvas {
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(scene)
        return renderer.canvas
    }

    static func scene(_ theme: Theme, state: LockState, progress: Double, hue: Double) -> Scene {
        var settings = Settings()
        settings.theme = theme
        var v = StillFrame.visual(state: state, progress: progress, time: 0.3, settings: settings)
        v.hueDegrees = hue
        if state == .failed { v.shake = LockSession.shake(seconds: 0.05) }
        return SceneBuilder(settings: settings, width: width, height: height).scene(v)
    }

    /// A frame to measure: a state, a thumb position, lockdown or not.
    struct Frame {
        var state: LockState
        var progress: Double
        var lockdown = false
    }

    /// Every state where it can be: locked, pressed and dragging at `progresses` (locked
    /// past home: springing back), busy, unlocked and failed at the end after a slide and
    /// at home after the exit button or `ctl unlock`, and lockdown at home.
    static func frames(progresses: [Double]) -> [Frame] {
        var frames: [Frame] = [Frame(state: .locked, progress: 0, lockdown: true)]
        for state in [LockState.locked, .pressed, .dragging] {
            for p in progresses { frames.append(Frame(state: state, progress: p)) }
        }
        for state in [LockState.busy, .unlocked, .failed] {
            for p in [0.0, 1] { frames.append(Frame(state: state, progress: p)) }
        }
        return frames
    }

    static let positions = [0, 0.5, 0.9]
    static let sweep = stride(from: 0.0, through: 1, by: 0.1).map { $0 }
    /// Shapes' edges: the hue moves only the track's colour, beside the fill's trailing end.
    static let edgeHues = stride(from: 0.0, to: 360, by: 60).map { $0 }

    static func scene(_ theme: Theme, _ f: Frame, hue: Double) -> Scene {
        var s = scene(theme, state: f.state, progress: f.progress, hue: hue)
        if f.lockdown {
            var settings = Settings()
            settings.theme = theme
            var v = StillFrame.visual(state: f.state, progress: f.progress, time: 0.3, settings: settings)
            v.hueDegrees = hue
            v.notice.lockdown = true
            s = SceneBuilder(settings: settings, width: width, height: height).scene(v)
        }
        return s
    }

    /// The lowest ratio of the text on the track (the label, or the words in its place)
    /// against what is drawn under it, and how many fully covered glyph pixels it had.
    static func textContrast(_ scene: Scene) throws -> (ratio: Double, pixels: Int) {
        let drawn = try render(scene)
        var marked = scene
        var bare = scene
        if scene.words != nil {
            marked.words?.color = Color(rgb: marker)
            bare.words?.opacity = 0
        } else {
            marked.label.color = Color(rgb: marker)
            bare.label.opacity = 0
        }
        // The glyphs' pixels are found at full opacity: a faded text is measured as drawn.
        if scene.words != nil { marked.words?.opacity = 1 } else { marked.label.opacity = 1 }
        let markedCanvas = try render(marked)
        let beneath = try render(bare)
        var lowest = Double.infinity
        var covered = 0
        for i in 0..<(width * height) where markedCanvas.pixels[i] & 0xFF_FFFF == marker {
            covered += 1
            lowest = min(lowest, ratio(drawn.pixels[i], beneath.pixels[i]))
        }
        return (lowest, covered)
    }

    /// The lowest text ratio over the hue circle and `frames`, and the fewest glyph pixels
    /// of a frame whose text is not under the fill (home, or words over the fill).
    static func glyphContrast(
        _ theme: Theme, hues: [Double] = hues, frames: [Frame] = frames(progresses: positions)
    ) throws -> (ratio: Double, fewestPixels: Int) {
        var lowest = Double.infinity
        var fewest = Int.max
        for hue in hues {
            for f in frames {
                let scene = scene(theme, f, hue: hue)
                let (r, pixels) = try textContrast(scene)
                lowest = min(lowest, r)
                if f.progress == 0 || scene.words != nil { fewest = min(fewest, pixels) }
            }
        }
        return (lowest, fewest)
    }

    /// `scene` without its text: an edge is measured against the shape beside it (a glyph
    /// that happens to lie next to the edge is measured as text).
    static func shapes(_ scene: Scene) -> Scene {
        var bare = scene
        bare.label.opacity = 0
        bare.words = nil
        return bare
    }

    /// The ratio of the pixel 2 px inside an edge to the pixel 2 px outside it.
    static func edge(_ canvas: Canvas, inside: (Double, Double), outside: (Double, Double)) -> Double {
        ratio(
            canvas.pixel(x: Int(inside.0), y: Int(inside.1)), canvas.pixel(x: Int(outside.0), y: Int(outside.1)))
    }

    /// The lowest thumb-edge ratio over the hue circle and `frames` (lockdown left out).
    static func thumbEdgeContrast(
        _ theme: Theme, hues: [Double] = hues, frames: [Frame] = frames(progresses: positions)
    ) throws -> Double {
        var lowest = Double.infinity
        for hue in hues {
            for f in frames where !f.lockdown {
                let scene = shapes(scene(theme, f, hue: hue))
                let canvas = try render(scene)
                let r = scene.thumb.rect
                let (cx, cy) = (r.x + r.width / 2, r.y + r.height / 2)
                lowest = min(
                    lowest,
                    edge(canvas, inside: (r.minX + 2, cy), outside: (r.minX - 2, cy)),
                    edge(canvas, inside: (r.maxX - 2, cy), outside: (r.maxX + 2, cy)),
                    edge(canvas, inside: (cx, r.minY + 2), outside: (cx, r.minY - 2)),
                    edge(canvas, inside: (cx, r.maxY - 2), outside: (cx, r.maxY + 2)))
            }
        }
        return lowest
    }

    /// The lowest fill-edge ratio over the hue circle and `frames` (lockdown left out).
    static func fillEdgeContrast(
        _ theme: Theme, hues: [Double] = hues, frames: [Frame] = frames(progresses: positions)
    ) throws -> Double {
        var lowest = Double.infinity
        for hue in hues {
            for f in frames where !f.lockdown {
                let scene = shapes(scene(theme, f, hue: hue))
                let canvas = try render(scene)
                let fill = scene.fill.rect
                let thumb = scene.thumb.rect
                let cy = fill.y + fill.height / 2
                // Left to right: the leading end is the left one.
                let leading = fill.minX
                let halfway = (leading + thumb.minX) / 2
                var ratios = [
                    edge(canvas, inside: (leading + 2, cy), outside: (leading - 2, cy)),
                    edge(canvas, inside: (fill.maxX - 2, cy), outside: (fill.maxX + 2, cy)),
                ]
                for x in [thumb.midX, halfway] where x - leading > fill.height / 2 || x == thumb.midX {
                    ratios.append(edge(canvas, inside: (x, fill.minY + 2), outside: (x, fill.minY - 2)))
                    ratios.append(edge(canvas, inside: (x, fill.maxY - 2), outside: (x, fill.maxY + 2)))
                }
                lowest = min(lowest, ratios.min()!)
            }
        }
        return lowest
    }

    @Test func glyphsHoldSevenToOneOverTheHueCircle() throws {
        let (ratio, fewest) = try Self.glyphContrast(.highContrast)
        // The marker must find glyphs in every frame with text in view, or the ratio would be vacuous.
        #expect(fewest > 500)
        print("high-contrast: lowest glyph contrast \(ratio), fewest covered pixels \(fewest)")
        #expect(ratio >= 7, "lowest glyph contrast \(ratio)")
    }

    /// Every 0.05 of the travel, at one hue: the label never fades below 7:1 on the way.
    @Test func glyphsHoldSevenToOneAtEveryProgress() throws {
        let (ratio, _) = try Self.glyphContrast(.highContrast, hues: [0], frames: Self.frames(progresses: Self.sweep))
        print("high-contrast: lowest glyph contrast over the travel \(ratio)")
        #expect(ratio >= 7, "lowest glyph contrast over the travel \(ratio)")
    }

    @Test func thumbEdgeHoldsSevenToOneInEveryState() throws {
        let ratio = try Self.thumbEdgeContrast(.highContrast, hues: Self.edgeHues)
        let travel = try Self.thumbEdgeContrast(.highContrast, hues: [0], frames: Self.frames(progresses: Self.sweep))
        print("high-contrast: lowest thumb edge contrast \(ratio), over the travel \(travel)")
        #expect(ratio >= 7, "lowest thumb edge contrast \(ratio)")
        #expect(travel >= 7, "lowest thumb edge contrast over the travel \(travel)")
    }

    @Test func fillEdgeHoldsThreeToOneInEveryState() throws {
        let ratio = try Self.fillEdgeContrast(.highContrast, hues: Self.edgeHues)
        let travel = try Self.fillEdgeContrast(.highContrast, hues: [0], frames: Self.frames(progresses: Self.sweep))
        print("high-contrast: lowest fill edge contrast \(ratio), over the travel \(travel)")
        #expect(ratio >= 3, "lowest fill edge contrast \(ratio)")
        #expect(travel >= 3, "lowest fill edge contrast over the travel \(travel)")
    }

    /// The measure tells themes apart: mint's blue on pale green, the default theme's
    /// white thumb on its pale fill and its fading label do not hold.
    @Test func otherThemesFallShort() throws {
        let home = [Frame(state: .locked, progress: 0)]
        #expect(try Self.glyphContrast(.mint, hues: [0], frames: home).ratio < 7)
        #expect(try Self.glyphContrast(.default, hues: [0], frames: [Frame(state: .dragging, progress: 0.5)]).ratio < 7)
        #expect(try Self.thumbEdgeContrast(.default, hues: [0], frames: [Frame(state: .unlocked, progress: 1)]) < 7)
        #expect(try Self.fillEdgeContrast(.default, hues: [0], frames: [Frame(state: .dragging, progress: 0.5)]) < 3)
    }

    /// High contrast with a fill of the background's black and a label that fades: the
    /// fill's edge vanishes into the background and the label falls below 7:1 mid-slide.
    @Test func aBlackFillAndAFadingLabelFallShort() throws {
        var theme = Theme.highContrast
        theme.fillColor = .black
        theme.labelFades = true
        let mid = [Frame(state: .dragging, progress: 0.5)]
        let glyphs = try Self.glyphContrast(theme, hues: [0], frames: mid).ratio
        let fill = try Self.fillEdgeContrast(theme, hues: [0], frames: mid)
        print("high-contrast, black fill and fading label: glyphs \(glyphs), fill edge \(fill)")
        #expect(glyphs < 7 && fill < 3)
    }

    /// Beyond `GoldenFrameTests`' three positions of every built-in theme: where the label
    /// is half covered, and the states whose colours this theme changes.
    @Test func golden() throws {
        var settings = Settings()
        settings.theme = .highContrast
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .dragging, progress: 0.3),
            "high-contrast-800x480-p30")
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .dragging, progress: 0.9),
            "high-contrast-800x480-p90")
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .failed, progress: 1, time: 0.05),
            "high-contrast-failed")
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .unlocked, progress: 1, time: 0.3),
            "high-contrast-unlocked")
    }
}
