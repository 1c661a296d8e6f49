import SlideLockCore

/// Which pixels differ between two scenes, as a short list of rectangles. Each changed
/// layer damages its old and new bounds; overlapping rectangles merge so no pixel is
/// drawn twice in a frame.
public enum Damage {
    public static func between(_ a: Scene, _ b: Scene) -> [PixelRect] {
        let full = PixelRect(x: 0, y: 0, width: b.width, height: b.height)
        if a.width != b.width || a.height != b.height || a.background != b.background
            || a.controlOffset != b.controlOffset || a.brightness != b.brightness
            || a.reveal != b.reveal || a.revealColor != b.revealColor {
            return [full]
        }
        var rects: [PixelRect] = []
        if a.track != b.track { rects.append(bounds(a.track.rect).union(bounds(b.track.rect))) }
        if a.fill != b.fill { rects.append(bounds(a.fill.rect).union(bounds(b.fill.rect))) }
        if a.label != b.label { rects.append(bounds(a.label.clip).union(bounds(b.label.clip))) }
        if a.thumb != b.thumb { rects.append(bounds(a.thumb.rect).union(bounds(b.thumb.rect))) }
        return merge(rects.map { $0.intersection(full) }.filter { !$0.isEmpty })
    }

    /// Pixel bounds with a one-pixel margin for anti-aliased edges.
    static func bounds(_ r: Rect) -> PixelRect { r.enclosingPixels.outset(1) }

    /// Unions rectangles that touch until none do.
    public static func merge(_ input: [PixelRect]) -> [PixelRect] {
        var rects = input
        var merged = true
        while merged {
            merged = false
            outer: for i in rects.indices {
                for j in rects.indices where j > i && rects[i].outset(1).intersects(rects[j]) {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return rects
    }
}
