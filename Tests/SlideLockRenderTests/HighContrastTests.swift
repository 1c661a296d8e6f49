import Foundation
import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The high-contrast theme measured from rendered pixels, never from its colour values.
///
/// Method. Frames of 800x480 are rendered at every 20 degrees of hue rotation (the whole
/// circle, so any `animation.hue_from`/`hue_to` sweep is covered), in every state.
/// - Glyphs: each frame with a label is rendered three times from the same scene: as is
///   (A), with the label's colour replaced by a marker (pure magenta) (M), and with the
///   label's opacity at 0 (B). A pixel is a fully covered glyph pixel when M shows exactly
///   the marker (an edge pixel blends it with what is beneath). For each, the contrast of
///   A (the glyph as drawn) against B (what is drawn under it: the track or the fill) is
///   the WCAG ratio (L1 + 0.05) / (L2 + 0.05), L the relative luminance of the sRGB
///   pixel linearised per channel (c/12.92 up to 0.04045, else ((c + 0.055)/1.055)^2.4),
///   weights 0.2126, 0.7152, 0.0722. States with a label at full opacity: locked, pressed
///   and dragging at home; the label fades away as the thumb nears it, so the fill's
///   colour under a glyph is measured with the label forced opaque over a half-travel fill.
/// - Thumb edge: in every state, at the middle of each side of the thumb's rectangle
///   (after press scaling and shake), the pixel 2 px inside against the pixel 2 px outside.
/// Every ratio must be at least 7:1 (WCAG AAA).
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

    /// The lowest glyph ratio over the hue circle, and the fewest covered pixels in a frame.
    static func glyphContrast(_ theme: Theme, hues: [Double] = hues) throws -> (ratio: Double, fewestPixels: Int) {
        var lowest = Double.infinity
        var fewest = Int.max
        let frames: [(LockState, Double, Bool)] = [
            (.locked, 0, false), (.pressed, 0, false), (.dragging, 0, false), (.dragging, 0.5, true),
        ]
        for hue in hues {
            for (state, progress, forceOpaque) in frames {
                var scene = scene(theme, state: state, progress: progress, hue: hue)
                if forceOpaque { scene.label.opacity = 1 }
                let drawn = try render(scene)
                var marked = scene
                marked.label.color = Color(rgb: marker)
                let markedCanvas = try render(marked)
                var bare = scene
                bare.label.opacity = 0
                let beneath = try render(bare)
                var covered = 0
                for i in 0..<(width * height) where markedCanvas.pixels[i] & 0xFF_FFFF == marker {
                    covered += 1
                    lowest = min(lowest, ratio(drawn.pixels[i], beneath.pixels[i]))
                }
                fewest = min(fewest, covered)
            }
        }
        return (lowest, fewest)
    }

    /// The lowest thumb-edge ratio over the hue circle and every state.
    static func thumbEdgeContrast(_ theme: Theme, hues: [Double] = hues) throws -> Double {
        var lowest = Double.infinity
        let frames: [(LockState, Double)] = [
            (.locked, 0), (.pressed, 0), (.dragging, 0.5), (.busy, 1), (.unlocked, 1), (.failed, 1),
        ]
        for hue in hues {
            for (state, progress) in frames {
                let scene = scene(theme, state: state, progress: progress, hue: hue)
                let canvas = try render(scene)
                let r = scene.thumb.rect
                let (cx, cy) = (r.x + r.width / 2, r.y + r.height / 2)
                let pairs: [((Double, Double), (Double, Double))] = [
                    ((r.minX + 2, cy), (r.minX - 2, cy)), ((r.maxX - 2, cy), (r.maxX + 2, cy)),
                    ((cx, r.minY + 2), (cx, r.minY - 2)), ((cx, r.maxY - 2), (cx, r.maxY + 2)),
                ]
                for (inside, outside) in pairs {
                    let a = canvas.pixel(x: Int(inside.0), y: Int(inside.1))
                    let b = canvas.pixel(x: Int(outside.0), y: Int(outside.1))
                    lowest = min(lowest, ratio(a, b))
                }
            }
        }
        return lowest
    }

    @Test func glyphsHoldSevenToOneOverTheHueCircle() throws {
        let (ratio, fewest) = try Self.glyphContrast(.highContrast)
        // The marker must find glyphs in every frame, or the ratio would be vacuous.
        #expect(fewest > 500)
        print("high-contrast: lowest glyph contrast \(ratio), fewest covered pixels \(fewest)")
        #expect(ratio >= 7, "lowest glyph contrast \(ratio)")
    }

    @Test func thumbEdgeHoldsSevenToOneInEveryState() throws {
        let ratio = try Self.thumbEdgeContrast(.highContrast)
        print("high-contrast: lowest thumb edge contrast \(ratio)")
        #expect(ratio >= 7, "lowest thumb edge contrast \(ratio)")
    }

    /// The measure tells themes apart: mint's blue on pale green and the default theme's
    /// white thumb on its pale fill do not hold 7:1.
    @Test func otherThemesFallShort() throws {
        #expect(try Self.glyphContrast(.mint, hues: [0]).ratio < 7)
        #expect(try Self.thumbEdgeContrast(.default, hues: [0]) < 7)
    }

    @Test func golden() throws {
        var settings = Settings()
        settings.theme = .highContrast
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .locked, progress: 0), "high-contrast-800x480-p0")
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .dragging, progress: 0.3),
            "high-contrast-800x480-p30")
        try Golden.check(
            Golden.frame(settings, width: 800, height: 480, state: .failed, progress: 1, time: 0.05),
            "high-contrast-failed")
    }
}
