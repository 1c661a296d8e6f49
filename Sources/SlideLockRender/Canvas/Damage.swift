import SlideLockCore

/// Which pixels differ between two frames, as a short list of rectangles. Each layer that
/// changed damages the pixels it covered and the pixels it covers: layers draw nothing
/// outside their bounds, and the layers that did not change draw the same over the same.
/// Overlapping rectangles merge, so no pixel is drawn twice in a frame.
public enum Damage {
    /// `bounds` gives the pixels a layer may change (empty when it draws nothing). A frame
    /// with a different number of layers, or another background, fade or dim, changes
    /// every pixel.
    static func between(
        _ a: [Layer], _ b: [Layer], canvas: PixelRect, bounds: (Layer) -> PixelRect
    ) -> [PixelRect] {
        guard a.count == b.count else { return [canvas] }
        var rects: [PixelRect] = []
        for (old, new) in zip(a, b) where old != new {
            switch (old, new) {
            case (.background, _), (.fade, _), (.dim, _), (_, .background), (_, .fade), (_, .dim):
                return [canvas]
            case (.shape(let p, let r, let paint, let o), .shape(let q, let r2, let paint2, let o2))
            where r == r2 && paint == paint2 && o == o2 && o > 0:
                endsMoved(p, q, radius: r, into: &rects)
            default:
                rects.append(bounds(old).union(bounds(new)))
            }
        }
        for i in rects.indices { rects[i] = rects[i].intersection(canvas) }
        rects.removeAll { $0.isEmpty }
        merge(&rects)
        return rects
    }

    /// What a rounded rectangle that grew or shrank changes (a fill following the thumb):
    /// only its moving end. Its coverage left of `maxX - radius - 1.5` depends on its left
    /// end alone (those pixels are either nearer the left end or fully inside), and so does
    /// the paint (a function of the column), so when only the right end moved, the pixels
    /// from there on are all that differ; the same mirrored for the left end. Anything
    /// else changes it whole. The rectangles are appended to `rects`.
    static func endsMoved(_ p: Rect, _ q: Rect, radius: Double, into rects: inout [PixelRect]) {
        // The radius as drawn (clamped to half the height); both rects need room for two
        // corners and more, so the width never clamps it.
        let r = min(max(radius, 0), p.height / 2)
        guard p.minY == q.minY, p.height == q.height, !p.isEmpty, !q.isEmpty, p.width >= 2 * r + 3,
            q.width >= 2 * r + 3
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
