import SlideLockCore

/// Signed distance fields of our vector icons in a unit box (0...1, y down). Distances
/// are in box units; the rasterizer scales them to pixels for one-pixel anti-aliasing.
/// Built from capsules, rounded boxes, arcs and a polygon: legible, and exact at any size.
struct IconShape {
    let icon: Icon
    /// Spinner phase in turns.
    let phase: Double

    /// Coverage (0...1) at unit point (x, y) for an icon box of `scale` pixels.
    func coverage(_ x: Double, _ y: Double, scale: Double) -> Double {
        func cov(_ d: Double) -> Double { min(max(0.5 - d * scale, 0), 1) }
        switch icon {
        case .none: return 0
        case .lock: return cov(lock(x, y, open: false))
        case .lockOpen: return cov(lock(x, y, open: true))
        case .chevrons:
            return cov(min(chevron(x, y, left: 0.2), chevron(x, y, left: 0.47)) - 0.0425)
        case .checkmark:
            return cov(min(segment(x, y, 0.2, 0.53, 0.41, 0.74), segment(x, y, 0.41, 0.74, 0.82, 0.28)) - 0.05)
        case .star: return cov(Self.star.distance(x, y))
        case .spinner: return spinner(x, y, cov)
        }
    }

    private func lock(_ x: Double, _ y: Double, open: Bool) -> Double {
        let body = RoundedBox(rect: Rect(x: 0.16, y: 0.44, width: 0.68, height: 0.5), radius: 0.09)
            .distance(x: x, y: y)
        // The shackle: a half ring with two legs; open, it swings up and to the left.
        let t = 0.09
        let radius = 0.2
        let cx = open ? 0.3 : 0.5
        let cy = open ? 0.22 : 0.3
        let arc = halfRing(x, y, cx: cx, cy: cy, radius: radius)
        let leftLegEnd = open ? cy + 0.08 : 0.5
        let legs = min(
            segment(x, y, cx - radius, cy, cx - radius, leftLegEnd),
            segment(x, y, cx + radius, cy, cx + radius, 0.5))
        let shackle = min(arc, legs) - t / 2
        let keyhole = ((x - 0.5) * (x - 0.5) + (y - 0.66) * (y - 0.66)).squareRoot() - 0.065
        return max(min(body, shackle), -keyhole)
    }

    private func chevron(_ x: Double, _ y: Double, left: Double) -> Double {
        min(segment(x, y, left, 0.25, left + 0.24, 0.5), segment(x, y, left + 0.24, 0.5, left, 0.75))
    }

    /// Eight spokes; the leading one (at `phase`) is brightest, the ones behind it fade.
    private func spinner(_ x: Double, _ y: Double, _ cov: (Double) -> Double) -> Double {
        let spokes = 8.0
        var best = 0.0
        for i in 0..<Int(spokes) {
            let angle = Double(i) / spokes * 2 * Double.pi
            let s = sine(angle)
            let c = cosine(angle)
            let d = segment(x, y, 0.5 + 0.2 * s, 0.5 - 0.2 * c, 0.5 + 0.4 * s, 0.5 - 0.4 * c) - 0.045
            var age = (phase * spokes - Double(i)).truncatingRemainder(dividingBy: spokes)
            if age < 0 { age += spokes }
            best = max(best, cov(d) * (1 - 0.8 * age / spokes))
        }
        return best
    }

    /// A five-pointed star, point up.
    static let star: Polygon = {
        var points: [(Double, Double)] = []
        for i in 0..<10 {
            let angle = Double(i) * Double.pi / 5
            let r = i % 2 == 0 ? 0.46 : 0.19
            points.append((0.5 + r * sine(angle), 0.54 - r * cosine(angle)))
        }
        return Polygon(points: points)
    }()
}

/// Distance from (x, y) to the segment a-b.
func segment(_ x: Double, _ y: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let px = x - ax
    let py = y - ay
    let ex = bx - ax
    let ey = by - ay
    let len2 = ex * ex + ey * ey
    let h = len2 == 0 ? 0 : min(max((px * ex + py * ey) / len2, 0), 1)
    let dx = px - ex * h
    let dy = py - ey * h
    return (dx * dx + dy * dy).squareRoot()
}

/// Distance to the upper half of a circle (an arc, not a disc).
func halfRing(_ x: Double, _ y: Double, cx: Double, cy: Double, radius: Double) -> Double {
    let dx = x - cx
    let dy = y - cy
    if dy <= 0 { return abs((dx * dx + dy * dy).squareRoot() - radius) }
    // Below the centre line the nearest arc point is one of its two ends.
    let l = ((dx + radius) * (dx + radius) + dy * dy).squareRoot()
    let r = ((dx - radius) * (dx - radius) + dy * dy).squareRoot()
    return min(l, r)
}

/// A closed polygon with a signed distance (negative inside, even-odd rule).
struct Polygon {
    let points: [(Double, Double)]

    func distance(_ x: Double, _ y: Double) -> Double {
        var best = Double.infinity
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let (ax, ay) = points[j]
            let (bx, by) = points[i]
            best = min(best, segment(x, y, ax, ay, bx, by))
            if (by > y) != (ay > y) && x < (ax - bx) * (y - by) / (ay - by) + bx { inside.toggle() }
            j = i
        }
        return inside ? -best : best
    }
}
