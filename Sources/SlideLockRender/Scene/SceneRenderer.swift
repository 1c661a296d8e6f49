import SlideLockCore

/// Draws `Scene`s into a canvas, redrawing only what changed since the previous scene.
public final class SceneRenderer {
    public let canvas: Canvas
    private var previous: Scene?
    private var texts: [TextKey: TextRenderer] = [:]
    private let icons = IconRasterizer()
    private var reported: Set<String> = []

    struct TextKey: Hashable { let fonts: [String]; let weight: FontWeight }

    public init(width: Int, height: Int) {
        canvas = Canvas(width: width, height: height)
    }

    /// Opens `fonts` once and lets them go: a start-up check that needs no screen yet.
    public static func checkFonts(_ fonts: [String], weight: FontWeight) throws(FontError) {
        _ = try TextRenderer(fonts: fonts, weight: weight)
    }

    /// Opens the scene's fonts now, so a font problem is a start-up error, not a blank label.
    public func prepare(_ scene: Scene) throws(FontError) {
        let text = try textRenderer(scene.label)
        _ = text.line(scene.label.text, pixelSize: Int(scene.label.pixelSize))
    }

    /// New font warnings since the last call (a family not installed, a glyph nowhere).
    public func takeWarnings() -> [String] {
        var fresh: [String] = []
        for renderer in texts.values {
            for w in renderer.warnings where !reported.contains(w) {
                reported.insert(w)
                fresh.append(w)
            }
        }
        return fresh
    }

    /// Draws `scene` and returns the rectangles that changed (the whole canvas the first
    /// time). Forgetting the previous scene (`invalidate`) forces a full redraw.
    @discardableResult
    public func render(_ scene: Scene) throws(FontError) -> [PixelRect] {
        precondition(scene.width == canvas.width && scene.height == canvas.height, "scene size != canvas size")
        let text = try textRenderer(scene.label)
        let damage = previous.map { Damage.between($0, scene) } ?? [canvas.bounds]
        for rect in damage {
            canvas.withClip(rect) { draw(scene, text: text) }
        }
        previous = scene
        return damage
    }

    public func invalidate() { previous = nil }

    private func textRenderer(_ label: LabelLayer) throws(FontError) -> TextRenderer {
        let key = TextKey(fonts: label.fonts, weight: label.weight)
        if let r = texts[key] { return r }
        let r = try TextRenderer(fonts: label.fonts, weight: label.weight)
        texts[key] = r
        return r
    }

    private func draw(_ s: Scene, text: TextRenderer) {
        canvas.fill(canvas.bounds, color: s.background)
        let dx = s.controlOffset
        let t = s.track
        let trackRect = t.rect.offsetBy(dx: dx, dy: 0)
        let (g0, g1) = t.rightToLeft ? (trackRect.maxX, trackRect.minX) : (trackRect.minX, trackRect.maxX)
        canvas.fillRoundedRect(trackRect, radius: t.radius,
                               paint: .horizontalGradient(from: t.leading, to: t.trailing, x0: g0, x1: g1),
                               opacity: t.opacity)
        let l = s.label
        if l.opacity > 0 {
            canvas.withClip(l.clip.offsetBy(dx: dx, dy: 0).enclosingPixels) {
                text.draw(l.text, pixelSize: Int(l.pixelSize), center: Point(x: l.center.x + dx, y: l.center.y),
                          color: l.color, opacity: l.opacity, shimmerX: l.shimmerX.map { $0 + dx }, on: canvas)
            }
        }
        // The fill goes over the label: the dragged part of the track covers its text.
        canvas.fillRoundedRect(s.fill.rect.offsetBy(dx: dx, dy: 0), radius: s.fill.radius,
                               paint: .solid(s.fill.color), opacity: s.fill.opacity)
        let th = s.thumb
        let thumbRect = th.rect.offsetBy(dx: dx, dy: 0)
        let inner = th.borderWidth > 0 ? thumbRect.insetBy(th.borderWidth) : thumbRect
        canvas.fillRoundedRect(inner, radius: max(0, th.radius - th.borderWidth), paint: .solid(th.color),
                               opacity: th.opacity)
        if th.borderWidth > 0 {
            canvas.strokeRoundedRect(thumbRect, radius: th.radius, lineWidth: th.borderWidth,
                                     color: th.borderColor, opacity: th.opacity)
        }
        icons.draw(th.icon, size: th.iconSize, center: thumbRect.center, color: th.iconColor,
                   opacity: th.opacity, phase: th.iconPhase, mirrored: th.mirrored, on: canvas)
        if s.reveal > 0 { canvas.fade(toward: s.revealColor, amount: s.reveal) }
        if s.brightness < 1 { canvas.scaleBrightness(s.brightness) }
    }
}
