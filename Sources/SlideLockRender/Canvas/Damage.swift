import SlideLockCore

/// Which pixels differ between two scenes, as a short list of rectangles. Each changed
/// layer damages its old and new bounds; overlapping rectangles merge so no pixel is
/// drawn twice in a frame.
public enum Damage {
    /// `labelInk`, where it knows them, gives the pixels a label's glyphs cover: a label that
    /// only fades or shimmers changes those alone.
    public static func between(
        _ a: Scene, _ b: Scene,
        labelInk: (LabelLayer) -> PixelRect? = { _ in nil }
    ) -> [PixelRect] {
        let full = PixelRect(x: 0, y: 0, width: b.width, height: b.height)
        if a.width != b.width || a.height != b.height || a.background != b.background
            || a.controlOffset != b.controlOffset || a.brightness != b.brightness
            || a.reveal != b.reveal || a.revealColor != b.revealColor
        {
            return [full]
        }
        // One list, grown in place: a frame's damage costs one allocation, not one per step.
        var rects: [PixelRect] = []
        rects.reserveCapacity(4)
        // A rounded rectangle's coverage is taken at pixel centres: it draws no pixel outside
        // its enclosing ones, and neither do the layers over it change any there.
        if a.track != b.track { rects.append(a.track.rect.enclosingPixels.union(b.track.rect.enclosingPixels)) }
        if a.fill != b.fill { fillChange(a.fill, b.fill, into: &rects) }
        if a.label != b.label { rects.append(labelChange(a.label, b.label, ink: labelInk)) }
        if a.thumb != b.thumb { rects.append(bounds(a.thumb.rect).union(bounds(b.thumb.rect))) }
        // The layers are drawn `controlOffset` to the side (the same in both scenes here).
        let dx = b.controlOffset.isFinite ? b.controlOffset : 0
        let shift = clampedInt(dx.rounded(.down))
        let widen = dx.rounded(.down) == dx ? 0 : 1
        for i in rects.indices {
            let r = rects[i]
            rects[i] = PixelRect(x: r.x + shift, y: r.y, width: r.width + widen, height: r.height).intersection(full)
        }
        rects.removeAll { $0.isEmpty }
        merge(&rects)
        return rects
    }

    /// What a changed label changes: a label draws nothing outside its glyphs' ink and its
    /// clip, so with both inks known (the same fonts draw both) that is all; otherwise
    /// both clips whole.
    static func labelChange(_ a: LabelLayer, _ b: LabelLayer, ink: (LabelLayer) -> PixelRect?) -> PixelRect {
        let whole = bounds(a.clip).union(bounds(b.clip))
        guard a.fonts == b.fonts, a.weight == b.weight, let inkA = ink(a), let inkB = ink(b) else { return whole }
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let drawnA = a.opacity > 0 ? inkA.intersection(a.clip.enclosingPixels) : none
        let drawnB = b.opacity > 0 ? inkB.intersection(b.clip.enclosingPixels) : none
        return drawnA.union(drawnB)
    }

    /// What a fill that grew or shrank changes: only its moving end. A solid rounded
    /// rectangle's coverage left of `maxX - radius - 1.5` depends on its left end alone
    /// (those pixels are either nearer the left end or fully inside), so when only the
    /// right end moved, the pixels from there on are all that differ, whatever lies under
    /// the fill; the same mirrored for the left end. Anything else changes it whole. The
    /// rectangles are appended to `rects`.
    static func fillChange(_ a: FillLayer, _ b: FillLayer, into rects: inout [PixelRect]) {
        let (p, q) = (a.rect, b.rect)
        // The radius as drawn (clamped to half the height); both rects need room for two
        // corners and more, so the width never clamps it.
        let r = min(max(a.radius, 0), p.height / 2)
        guard a.color == b.color, a.opacity == b.opacity, a.radius == b.radius,
            p.minY == q.minY, p.height == q.height, !p.isEmpty, !q.isEmpty,
            p.width >= 2 * r + 3, q.width >= 2 * r + 3
        else { return rects.append(p.enclosingPixels.union(q.enclosingPixels)) }
        let rows = p.enclosingPixels.union(q.enclosingPixels)
        if p.maxX != q.maxX {
            let from = clampedInt((min(p.maxX, q.maxX) - r - 1.5).rounded(.down)) - 1
            let to = clampedInt(max(p.maxX, q.maxX).rounded(.up)) + 1
            rects.append(PixelRect(x: from, y: rows.y, width: max(0, to - from), height: rows.height))
        }
        if p.minX != q.minX {
            let from = clampedInt(min(p.minX, q.minX).rounded(.down)) - 1
            let to = clampedInt((max(p.minX, q.minX) + r + 1.5).rounded(.up)) + 1
            rects.append(PixelRect(x: from, y: rows.y, width: max(0, to - from), height: rows.height))
        }
    }

    /// Pixel bounds with a one-pixel margin for anti-aliased edges.
    static func bounds(_ r: Rect) -> PixelRect { r.enclosingPixels.outset(1) }

    /// Unions rectangles that touch until none do.
    public static func merge(_ input: [PixelRect]) -> [PixelRect] {
        var rects = input
        merge(&rects)
        return rects
    }

    /// The same in place.
    static func merge(_ rects: inout [PixelRect]) {
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
    }
}
