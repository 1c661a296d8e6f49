import SlideLockCore

/// Draws `Scene`s into a canvas, redrawing only what changed since the previous scene.
public final class SceneRenderer {
    public let canvas: Canvas
    private var previous: Scene?
    private var texts: [TextKey: TextRenderer] = [:]
    private let icons = IconRasterizer()
    private let base = ControlBase()
    private var reported: Set<String> = []
    /// The resting thumb's image (`ThumbImage`), nil in its place when it has none, and the
    /// thumb of the last frame that drew one and in how many frames running: the image is
    /// made once the same thumb is drawn in three frames running, never for a thumb that
    /// moves every frame or pauses for a frame in a drag.
    private var thumbImage: (thumb: ThumbLayer, dx: Double, image: ThumbImage?)?
    private var lastThumb: (thumb: ThumbLayer, dx: Double, frame: Int, runs: Int)?
    private var frame = 0
    /// Fonts opened by the caller and shared with other renderers; used when a scene asks
    /// for them.
    private let shared: LabelFonts?
    /// Font sets this renderer opened itself (0 when the shared fonts served every scene).
    public private(set) var openedFontSets = 0

    struct TextKey: Hashable {
        let fonts: [String]
        let weight: FontWeight
    }

    /// A renderer for `width` x `height` frames. With `fonts`, labels in those fonts use
    /// them instead of opening their own (the lock screen opens its fonts once).
    public init(width: Int, height: Int, fonts: LabelFonts? = nil) {
        canvas = Canvas(width: width, height: height)
        shared = fonts
    }

    /// Opens `fonts` once and lets them go: a start-up check that needs no screen yet.
    /// Prefer `LabelFonts`, which keeps them open for the renderers.
    public static func checkFonts(_ fonts: [String], weight: FontWeight) throws(FontError) {
        _ = try TextRenderer(fonts: fonts, weight: weight)
    }

    /// Opens the scene's fonts now, so a font problem is a start-up error, not a blank label.
    public func prepare(_ scene: Scene) throws(FontError) {
        let text = try textRenderer(scene.label)
        _ = text.line(scene.label.text, pixelSize: TextRenderer.pixelSize(scene.label.pixelSize))
    }

    /// New font warnings since the last call (a family not installed, a glyph nowhere).
    public func takeWarnings() -> [String] {
        var fresh: [String] = []
        for warnings in texts.values.map(\.warnings) + [shared?.warnings ?? []] {
            for w in warnings where !reported.contains(w) {
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
        let damage =
            previous.map {
                Damage.between($0, scene) { l in
                    text.inkBounds(l.text, pixelSize: TextRenderer.pixelSize(l.pixelSize), center: l.center)
                }
            } ?? [canvas.bounds]
        if !damage.isEmpty { base.prepare(baseKey(scene), on: canvas) }
        frame &+= 1
        for rect in damage {
            canvas.withClip(rect) { draw(scene, text: text) }
        }
        previous = scene
        return damage
    }

    /// Draws `scene` whole the plain way, one layer over the other: the reference the fast
    /// path must equal pixel for pixel (tests compare them).
    func renderLayered(_ scene: Scene) throws(FontError) {
        let text = try textRenderer(scene.label)
        canvas.withClip(canvas.bounds) { drawLayers(scene, text: text) }
        thumbImage = nil
        previous = nil
    }

    public func invalidate() { previous = nil }

    /// Rim lists the base built: the hue animation's replay path (tests check it runs).
    var rimListsBuilt: Int { base.rimListsBuilt }

    private func textRenderer(_ label: LabelLayer) throws(FontError) -> TextRenderer {
        if let shared, shared.serves(label) { return shared.text }
        let key = TextKey(fonts: label.fonts, weight: label.weight)
        if let r = texts[key] { return r }
        let r = try TextRenderer(fonts: label.fonts, weight: label.weight)
        texts[key] = r
        openedFontSets += 1
        return r
    }

    private func baseKey(_ s: Scene) -> ControlBase.Key {
        let dx = s.controlOffset
        let t = s.track
        let trackRect = t.rect.offsetBy(dx: dx, dy: 0)
        let (g0, g1) = t.rightToLeft ? (trackRect.maxX, trackRect.minX) : (trackRect.minX, trackRect.maxX)
        return ControlBase.Key(
            background: s.background, trackRect: trackRect, trackRadius: t.radius,
            trackPaint: .horizontalGradient(from: t.leading, to: t.trailing, x0: g0, x1: g1), trackOpacity: t.opacity,
            fillRect: s.fill.rect.offsetBy(dx: dx, dy: 0), fillRadius: s.fill.radius, fillColor: s.fill.color,
            fillOpacity: s.fill.opacity)
    }

    /// The fast path, inside the canvas clip: background, track and fill in one pass
    /// (`ControlBase`), except under the label's ink where the fill also covers it: there the
    /// label must go between track and fill, so the fill is blended after it (`paintFill`).
    /// Then the layers above, as in `drawLayers`.
    private func draw(_ s: Scene, text: TextRenderer) {
        let area = canvas.clip
        let dx = s.controlOffset
        let l = s.label
        let labelClip = l.clip.offsetBy(dx: dx, dy: 0).enclosingPixels
        let fillRect = s.fill.rect.offsetBy(dx: dx, dy: 0)
        let labelCenter = Point(x: l.center.x + dx, y: l.center.y)
        var under = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let pixelSize = TextRenderer.pixelSize(l.pixelSize)
        let ink =
            l.opacity > 0 && pixelSize >= 1 ? text.inkBounds(l.text, pixelSize: pixelSize, center: labelCenter) : under
        if s.fill.opacity > 0 && !fillRect.isEmpty {
            under = ink.intersection(labelClip).intersection(fillRect.enclosingPixels).intersection(area)
        }
        if under.isEmpty {
            base.paint(area, withFill: true, on: canvas)
        } else {
            // The area around `under`: rows above and below, then left and right of it.
            base.paint(
                PixelRect(x: area.x, y: area.y, width: area.width, height: under.y - area.y),
                withFill: true, on: canvas)
            base.paint(
                PixelRect(x: area.x, y: under.maxY, width: area.width, height: area.maxY - under.maxY),
                withFill: true, on: canvas)
            base.paint(
                PixelRect(x: area.x, y: under.y, width: under.x - area.x, height: under.height),
                withFill: true, on: canvas)
            base.paint(
                PixelRect(x: under.maxX, y: under.y, width: area.maxX - under.maxX, height: under.height),
                withFill: true, on: canvas)
            base.paint(under, withFill: false, on: canvas)
        }
        if l.opacity > 0 {
            func drawLabel(_ clip: PixelRect) {
                guard !clip.isEmpty else { return }
                canvas.withClip(clip) {
                    text.draw(
                        l.text, pixelSize: pixelSize, center: labelCenter, color: l.color,
                        opacity: l.opacity, shimmerX: l.shimmerX.map { $0 + dx }, frame: frame, on: canvas)
                }
            }
            let clips = Self.labelClips(
                track: l.clip.offsetBy(dx: dx, dy: 0), pixels: labelClip,
                radius: s.track.radius, ink: ink)
            drawLabel(clips.top)
            drawLabel(clips.middle)
            drawLabel(clips.bottom)
        }
        if !under.isEmpty {
            base.paintFill(over: under, on: canvas)
        }
        drawThumb(s, plain: false)
    }

    /// The layers one over the other, each over the whole clip.
    private func drawLayers(_ s: Scene, text: TextRenderer) {
        canvas.fill(canvas.bounds, color: s.background)
        let dx = s.controlOffset
        let t = s.track
        let trackRect = t.rect.offsetBy(dx: dx, dy: 0)
        let (g0, g1) = t.rightToLeft ? (trackRect.maxX, trackRect.minX) : (trackRect.minX, trackRect.maxX)
        canvas.fillRoundedRect(
            trackRect, radius: t.radius,
            paint: .horizontalGradient(from: t.leading, to: t.trailing, x0: g0, x1: g1),
            opacity: t.opacity)
        let l = s.label
        if l.opacity > 0 {
            let pixelSize = TextRenderer.pixelSize(l.pixelSize)
            let center = Point(x: l.center.x + dx, y: l.center.y)
            let track = l.clip.offsetBy(dx: dx, dy: 0)
            let clips = Self.labelClips(
                track: track, pixels: track.enclosingPixels, radius: t.radius,
                ink: text.inkBounds(l.text, pixelSize: pixelSize, center: center))
            for clip in [clips.top, clips.middle, clips.bottom] {
                canvas.withClip(clip) {
                    text.draw(
                        l.text, pixelSize: pixelSize, center: center, color: l.color, opacity: l.opacity,
                        shimmerX: l.shimmerX.map { $0 + dx }, on: canvas)
                }
            }
        }
        // The fill goes over the label: the dragged part of the track covers its text.
        canvas.fillRoundedRect(
            s.fill.rect.offsetBy(dx: dx, dy: 0), radius: s.fill.radius,
            paint: .solid(s.fill.color), opacity: s.fill.opacity)
        drawThumb(s, plain: true)
    }

    /// Where the label may ink: the track's pixels, less the squares of its rounded corners
    /// when the label's ink reaches into them (a label about as tall as the track): there it
    /// would show over the background beyond the rounded ends. Top, middle and bottom bands,
    /// disjoint, so no pixel is blended twice; a label clear of the corners (every built-in
    /// theme's) is the middle band alone, the whole track, as before. `pixels` is the track's
    /// enclosing pixels, which the frame's caller already holds.
    static func labelClips(
        track: Rect, pixels clip: PixelRect, radius: Double,
        ink: PixelRect
    ) -> (top: PixelRect, middle: PixelRect, bottom: PixelRect) {
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        // The corner as the track's shape draws it (`ShapeRows`), in whole pixels.
        let r = min(max(radius, 0), track.width / 2, track.height / 2)
        let corner = r > 0 ? clampedInt(r.rounded(.up)) : 0
        let (a, c) = (min(corner, clip.height), min(corner, clip.width / 2))
        let reaches =
            (ink.y < clip.y + a || ink.maxY > clip.maxY - a) && (ink.x < clip.x + c || ink.maxX > clip.maxX - c)
        guard a > 0, c > 0, !ink.isEmpty, reaches else { return (none, clip, none) }
        let mid0 = clip.y + a
        let mid1 = max(clip.y + a, clip.maxY - a)
        let inner = (x: clip.x + c, width: max(0, clip.width - 2 * c))
        return (
            PixelRect(x: inner.x, y: clip.y, width: inner.width, height: mid0 - clip.y),
            PixelRect(x: clip.x, y: mid0, width: clip.width, height: mid1 - mid0),
            PixelRect(x: inner.x, y: mid1, width: inner.width, height: clip.maxY - mid1)
        )
    }

    /// The thumb, its border and its icon: over everything else.
    /// Not `plain`, a thumb at rest is drawn from its image (`ThumbImage`).
    private func drawThumb(_ s: Scene, plain: Bool) {
        let dx = s.controlOffset
        let th = s.thumb
        let thumbRect = th.rect.offsetBy(dx: dx, dy: 0)
        if !plain, let image = restingThumbImage(th, dx: dx, rect: thumbRect) {
            image.draw(on: canvas)
            if s.reveal > 0 { canvas.fade(toward: s.revealColor, amount: s.reveal) }
            if s.brightness < 1 { canvas.scaleBrightness(s.brightness) }
            return
        }
        let inner = th.borderWidth > 0 ? thumbRect.insetBy(th.borderWidth) : thumbRect
        canvas.fillRoundedRect(
            inner, radius: max(0, th.radius - th.borderWidth), paint: .solid(th.color),
            opacity: th.opacity)
        if th.borderWidth > 0 {
            canvas.strokeRoundedRect(
                thumbRect, radius: th.radius, lineWidth: th.borderWidth,
                color: th.borderColor, opacity: th.opacity)
        }
        icons.draw(
            th.icon, size: th.iconSize, center: thumbRect.center, color: th.iconColor,
            opacity: th.opacity, phase: th.iconPhase, mirrored: th.mirrored, on: canvas)
        if s.reveal > 0 { canvas.fade(toward: s.revealColor, amount: s.reveal) }
        if s.brightness < 1 { canvas.scaleBrightness(s.brightness) }
    }

    /// The thumb's image when it rests: the same thumb drawn in an earlier frame too.
    private func restingThumbImage(_ th: ThumbLayer, dx: Double, rect: Rect) -> ThumbImage? {
        let runs =
            lastThumb.map { $0.thumb == th && $0.dx == dx ? ($0.frame == frame ? $0.runs : $0.runs + 1) : 1 } ?? 1
        defer { lastThumb = (th, dx, frame, runs) }
        if let made = thumbImage, made.thumb == th, made.dx == dx { return made.image }
        // A pressed (translucent) thumb never has one: do not pay for finding that out when
        // a drag pauses for a frame. Otherwise the third frame running makes it.
        guard PackedColor(th.color, opacity: th.opacity).a == 255, runs >= 3 else { return nil }
        let image = ThumbImage(th, rect: rect, icons: icons, shapes: &canvas.shapeCache)
        thumbImage = (th, dx, image)
        thumbImagesMade += 1
        return image
    }

    /// Thumb images made so far, and whether the last one could be (tests check that the
    /// resting path runs).
    private(set) var thumbImagesMade = 0
    var hasThumbImage: Bool { thumbImage?.image != nil }
}
