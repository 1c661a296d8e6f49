import SlideLockCore

/// Draws frames into a canvas, redrawing only what changed since the previous frame. A
/// frame is a list of layers (`Layer`), drawn one over the other within each damaged
/// rectangle; a `Scene` is the lock screen's list.
public final class SceneRenderer {
    public let canvas: Canvas
    private var previous: [Layer]?
    private var texts: [TextKey: TextRenderer] = [:]
    private let icons = IconRasterizer()
    private var reported: Set<String> = []
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

    /// Opens the scene's fonts now, so a font problem is a start-up error, not a blank label.
    public func prepare(_ scene: Scene) throws(FontError) {
        let l = scene.label
        // A scene with no visible label (the out-of-service screen) needs no label font.
        if l.opacity > 0 {
            let text = try textRenderer(TextKey(fonts: l.fonts, weight: l.weight))
            _ = text.line(l.text, pixelSize: TextRenderer.pixelSize(l.pixelSize))
        }
        if let w = scene.words { _ = try textRenderer(TextKey(fonts: w.fonts, weight: w.weight)) }
        for line in [scene.clock, scene.date, scene.message] where line.opacity > 0 {
            _ = try textRenderer(TextKey(fonts: line.fonts, weight: line.weight))
        }
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
    /// time). Forgetting the previous frame (`invalidate`) forces a full redraw.
    @discardableResult
    public func render(_ scene: Scene) throws(FontError) -> [PixelRect] {
        precondition(scene.width == canvas.width && scene.height == canvas.height, "scene size != canvas size")
        return try render(layers: Self.layers(scene))
    }

    /// Draws a frame given as layers, bottom first, and returns the rectangles that changed.
    @discardableResult
    func render(layers: [Layer]) throws(FontError) -> [PixelRect] {
        for layer in layers {
            // An invisible line (an empty message) needs no fonts.
            if case .text(let t) = layer, t.opacity > 0, t.pixelSize > 0 {
                _ = try textRenderer(TextKey(fonts: t.fonts, weight: t.weight))
            }
        }
        let damage =
            previous.map { Damage.between($0, layers, canvas: canvas.bounds, bounds: bounds) } ?? [canvas.bounds]
        for rect in damage {
            canvas.withClip(rect) {
                for layer in layers { draw(layer) }
            }
        }
        previous = layers
        return damage
    }

    public func invalidate() { previous = nil }

    /// The lock screen's layers: background, track, label, fill, words, thumb (body, border, icon),
    /// then the fade and the dimming over everything. The control is drawn `controlOffset`
    /// to the side.
    static func layers(_ s: Scene) -> [Layer] {
        let dx = s.controlOffset
        let t = s.track
        let track = t.rect.offsetBy(dx: dx, dy: 0)
        let (g0, g1) = t.rightToLeft ? (track.maxX, track.minX) : (track.minX, track.maxX)
        func onTrack(_ l: LabelLayer) -> TextLayer {
            TextLayer(
                text: l.text, fonts: l.fonts, weight: l.weight, pixelSize: TextRenderer.pixelSize(l.pixelSize),
                color: l.color, opacity: l.opacity, center: Point(x: l.center.x + dx, y: l.center.y),
                clip: l.clip.offsetBy(dx: dx, dy: 0), clipRadius: t.radius, shimmerX: l.shimmerX.map { $0 + dx })
        }
        let label = onTrack(s.label)
        // No words: the same layer, invisible, so the frame's layer list keeps its length.
        var words = onTrack(s.words ?? s.label)
        if s.words == nil { words.opacity = 0 }
        let th = s.thumb
        let thumb = th.rect.offsetBy(dx: dx, dy: 0)
        let body = th.borderWidth > 0 ? thumb.insetBy(th.borderWidth) : thumb
        return [
            .background(s.background),
            // The text above the track, before the control: the slide-off moves the control
            // alone, over what is drawn here.
            .text(screenText(s.clock)),
            .text(screenText(s.date)),
            .text(screenText(s.message)),
            .shape(
                rect: track, radius: t.radius,
                paint: .horizontalGradient(from: t.leading, to: t.trailing, x0: g0, x1: g1), opacity: t.opacity),
            .text(label),
            // The fill goes over the label: the dragged part of the track covers its text.
            .shape(
                rect: s.fill.rect.offsetBy(dx: dx, dy: 0), radius: s.fill.radius, paint: .solid(s.fill.color),
                opacity: s.fill.opacity),
            // A state's words go over the fill, under the thumb.
            .text(words),
            .shape(
                rect: body, radius: max(0, th.radius - th.borderWidth), paint: .solid(th.color), opacity: th.opacity),
            .ring(rect: thumb, radius: th.radius, width: th.borderWidth, color: th.borderColor, opacity: th.opacity),
            .icon(
                th.icon, size: th.iconSize, center: thumb.center, color: th.iconColor,
                opacity: th.opacity * min(max(th.iconOpacity, 0), 1),
                phase: th.iconPhase, mirrored: th.mirrored),
        ] + openButton(s.openButton, dx: dx) + [
            .ring(
                rect: s.border.rect, radius: 0, width: s.border.width, color: s.border.color,
                opacity: s.border.opacity),
            .fade(s.revealColor, amount: s.reveal),
            .dim(brightness: s.brightness),
        ]
    }

    /// Tap-to-open's button over the control (moving with it): body, ring, word.
    static func openButton(_ b: OpenButtonLayer, dx: Double) -> [Layer] {
        let rect = b.rect.offsetBy(dx: dx, dy: 0)
        let body = b.borderWidth > 0 ? rect.insetBy(b.borderWidth) : rect
        return [
            .shape(rect: body, radius: max(0, b.radius - b.borderWidth), paint: .solid(b.color), opacity: b.opacity),
            .ring(rect: rect, radius: b.radius, width: b.borderWidth, color: b.borderColor, opacity: b.opacity),
            .text(
                TextLayer(
                    text: b.text, fonts: b.fonts, weight: b.weight, pixelSize: TextRenderer.pixelSize(b.pixelSize),
                    color: b.textColor, opacity: b.opacity, center: rect.center, clip: body,
                    clipRadius: max(0, b.radius - b.borderWidth))),
        ]
    }

    /// A line above the track as a text layer: centred in its box, clipped to it.
    static func screenText(_ l: ScreenTextLayer) -> TextLayer {
        TextLayer(
            text: l.text, fonts: l.fonts, weight: l.weight, pixelSize: TextRenderer.pixelSize(l.pixelSize),
            color: l.color, opacity: l.opacity, center: l.box.center, clip: l.box, clipRadius: 0,
            overflow: .showStart(rightToLeft: l.rightToLeft))
    }

    /// Where `t`'s line is centred: its own centre, or, for a line wider than its clip
    /// that shows its start, moved so that its start meets the clip's edge.
    static func center(of t: TextLayer, width: Double) -> Point {
        guard case .showStart(let rtl) = t.overflow, width > t.clip.width else { return t.center }
        let x = rtl ? t.clip.maxX - width / 2 : t.clip.minX + width / 2
        return Point(x: x.rounded(), y: t.center.y)
    }

    /// Draws `layer` over the canvas, inside its clip.
    private func draw(_ layer: Layer) {
        switch layer {
        case .background(let color):
            canvas.fill(canvas.clip, color: color)
        case .shape(let rect, let radius, let paint, let opacity):
            canvas.fillRoundedRect(rect, radius: radius, paint: paint, opacity: opacity)
        case .ring(let rect, let radius, let width, let color, let opacity):
            canvas.strokeRoundedRect(rect, radius: radius, lineWidth: width, color: color, opacity: opacity)
        case .text(let t):
            guard t.opacity > 0, t.pixelSize > 0, let text = texts(t) else { return }
            let center = Self.center(of: t, width: text.line(t.text, pixelSize: t.pixelSize).width)
            let clips = Self.textClips(
                t.clip, radius: t.clipRadius, ink: text.inkBounds(t.text, pixelSize: t.pixelSize, center: center))
            for clip in [clips.top, clips.middle, clips.bottom] {
                canvas.withClip(clip) {
                    text.draw(
                        t.text, pixelSize: t.pixelSize, center: center, color: t.color, opacity: t.opacity,
                        shimmerX: t.shimmerX, on: canvas)
                }
            }
        case .icon(let icon, let size, let center, let color, let opacity, let phase, let mirrored):
            icons.draw(
                icon, size: size, center: center, color: color, opacity: opacity, phase: phase, mirrored: mirrored,
                on: canvas)
        case .fade(let color, let amount):
            if amount > 0 { canvas.fade(toward: color, amount: amount) }
        case .dim(let brightness):
            if brightness < 1 { canvas.scaleBrightness(brightness) }
        }
    }

    /// The pixels `layer` may change: a rounded rectangle's coverage is taken at pixel
    /// centres, so it draws nothing outside its enclosing pixels.
    private func bounds(_ layer: Layer) -> PixelRect {
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        switch layer {
        case .background, .fade, .dim:
            return canvas.bounds
        case .shape(let rect, _, _, let opacity):
            return opacity > 0 ? rect.enclosingPixels : none
        case .ring(let rect, _, let width, _, let opacity):
            return opacity > 0 && width > 0 ? rect.enclosingPixels : none
        case .text(let t):
            guard t.opacity > 0, t.pixelSize > 0, let text = texts(t) else { return none }
            let center = Self.center(of: t, width: text.line(t.text, pixelSize: t.pixelSize).width)
            return text.inkBounds(t.text, pixelSize: t.pixelSize, center: center).intersection(t.clip.enclosingPixels)
        case .icon(let icon, let size, let center, _, let opacity, let phase, let mirrored):
            guard opacity > 0,
                let (mask, x, y) = icons.mask(icon, size: size, center: center, phase: phase, mirrored: mirrored)
            else { return none }
            return PixelRect(x: x, y: y, width: mask.width, height: mask.height)
        }
    }

    /// Where a text may ink: its clip's pixels, less the squares of the rounded corners
    /// when the ink reaches into them (a label about as tall as the track): there it would
    /// show over the background beyond the rounded ends. Top, middle and bottom bands,
    /// disjoint, so no pixel is blended twice; a text clear of the corners (every built-in
    /// theme's label) is the middle band alone, the whole clip.
    static func textClips(_ rect: Rect, radius: Double, ink: PixelRect) -> (
        top: PixelRect, middle: PixelRect, bottom: PixelRect
    ) {
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let clip = rect.enclosingPixels
        // The corner as `ShapeRows` draws it, in whole pixels.
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
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

    private func texts(_ t: TextLayer) -> TextRenderer? {
        if let shared, shared.fonts == t.fonts && shared.weight == t.weight { return shared.text }
        return texts[TextKey(fonts: t.fonts, weight: t.weight)]
    }

    private func textRenderer(_ key: TextKey) throws(FontError) -> TextRenderer {
        if let shared, shared.fonts == key.fonts && shared.weight == key.weight { return shared.text }
        if let r = texts[key] { return r }
        let r = try TextRenderer(fonts: key.fonts, weight: key.weight)
        texts[key] = r
        openedFontSets += 1
        return r
    }
}
