import SlideLockCore

/// A rounded rectangle's coverage, row by row: in each row the pixels of `midStart..<midEnd`
/// share one coverage (the row's vertical coverage), and only the rim pixels either side of
/// them (the anti-aliased ends, the corners) have their own, computed once from the signed
/// distance and kept. Drawing a shape that did not change then costs no square roots, and
/// the same numbers serve the full redraw and every damaged rectangle.
///
/// The two rims come from two `ShapeEnd`s, each the same for every shape whose edge sits
/// the same way in its pixel: a dragged fill keeps its left end and moves its right end,
/// and a dragged thumb moved by whole pixels is the same two ends. So a drag computes no
/// distances once each quarter-pixel step of the thumb has been seen.
final class ShapeRows {
    let rect: Rect
    let radius: Double
    /// Enclosing pixels of the shape (not clipped to any canvas).
    let x0: Int, x1: Int, y0: Int, y1: Int
    /// The middle span of a row whose coverage is the row's alone, with band 0.5: every
    /// row's own middle span lies inside it.
    let interiorStart: Int, interiorEnd: Int
    /// Every row's spans. Each row's rims are copied together into `rims` (left rim, then
    /// right rim, left to right): a row is then one pointer, and the pixel loops that pass
    /// rows around stay in registers (two pointers cost a full frame 3 % more).
    private let rows: [Row]
    /// How far this shape's left and right ends lie from those `rows` were made for (a
    /// moved copy shares them): `row` shifts each row it hands out.
    private let dx0: Int, dx1: Int
    /// Immutable after init: rows hand out pointers into it, and a moved copy of this shape
    /// (`moved`) shares it.
    private let storage: RimBytes
    /// What a moved copy must match: the edges' places in their pixels as the ends were
    /// looked up (nil when the shape was computed alone), the corner radius as drawn, and
    /// the narrowest width at which no row's rims meet (nil when some already do).
    private let edges: (left: Double, right: Double)?
    /// The left end the rows were made of (nil for a shape computed alone), held so no other
    /// end takes its place: two shapes with the same one, the same `x0` and the same rows
    /// have the same left rims where neither row's rims meet (a fill and the track it starts in).
    let leftEnd: ShapeEnd?
    private let rightEnd: ShapeEnd?
    private let drawnRadius: Double
    private let rimsFit: Int?

    /// The shape with its ends computed for it alone (tests; `ShapeCache` shares them).
    convenience init(rect: Rect, radius: Double) {
        var ends = EndCache()
        self.init(rect: rect, radius: radius, ends: &ends)
    }

    init(rect: Rect, radius: Double, ends: inout EndCache) {
        self.rect = rect
        self.radius = radius
        let pixels = rect.enclosingPixels
        x0 = pixels.x
        x1 = pixels.maxX
        y0 = pixels.y
        y1 = pixels.maxY
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        drawnRadius = r
        let rows = ShapeEnd.Rows(top: rect.minY, bottom: rect.maxY, radius: r, y0: y0, count: max(0, y1 - y0))
        // How far each edge lies inside its outermost pixel.
        var f = rect.minX - Double(x0)
        var g = Double(x1) - rect.maxX
        // The left rim, counted from `x0` rightwards, and the right rim, from `x1 - 1` leftwards.
        let left: ShapeEnd
        let right: ShapeEnd
        if rect.width >= 1 && (0...1).contains(f) && (0...1).contains(g) {
            (f, g) = (EndCache.snap(f), EndCache.snap(g))
            left = ends.end(edge: f, rows: rows)
            right = ends.end(edge: g, rows: rows)
            edges = (f, g)
            (leftEnd, rightEnd) = (left, right)
        } else {
            edges = nil
            (leftEnd, rightEnd) = (nil, nil)
            // Under a pixel wide a rim pixel may lie past the middle, where the nearer
            // corner is not the one that counts (and past 2^50 the pixels were clamped): the
            // whole box's distance, for this shape alone, rims no longer than it is wide.
            let box = RoundedBox(rect: rect, radius: r)
            let (a, b) = (x0, x1)
            left = ShapeEnd(edge: f, rows: rows, limit: b - a) { k, cy in box.distance(x: Double(a + k) + 0.5, y: cy) }
            right = ShapeEnd(edge: g, rows: rows, limit: b - a) { k, cy in
                box.distance(x: Double(b - 1 - k) + 0.5, y: cy)
            }
        }
        // ceil(minX) and floor(maxX - 1) + 1, from the edges the rims were made for.
        interiorStart = min(x1, max(x0, x0 &+ clampedInt(f.rounded(.up))))
        interiorEnd = max(interiorStart, min(x1, x1 &- clampedInt(g.rounded(.up))))
        // One pass: the ends' rims bound the copies (clamping only shortens them).
        storage = RimBytes(capacity: left.rimTotal + right.rimTotal)
        let rims = storage.bytes
        var offset = 0
        let (l, e, a, b) = (left, right, x0, x1)
        let widest = zip(l.mids, e.mids).map { $0 + $1 }.max() ?? 0
        rimsFit = widest <= b - a ? widest : nil
        (dx0, dx1) = (0, 0)
        self.rows = [Row](unsafeUninitializedCapacity: rows.count) { made, count in
            for i in 0..<rows.count {
                let midStart = min(b, a &+ l.mids[i])
                let midEnd = max(midStart, b &- e.mids[i])
                let row = rims.baseAddress! + offset
                row.update(from: l.rim(i), count: midStart &- a)
                let rightAt = row + ((midStart &- a) &- midEnd)
                let source = e.rim(i)
                for x in midEnd..<b { rightAt[x] = source[(b &- 1) &- x] }
                (made.baseAddress! + i).initialize(
                    to: Row(
                        x0: a, x1: b, midStart: midStart, midEnd: midEnd, coverage: l.coverages[i],
                        rims: UnsafePointer(row),
                        liveStart: min(midStart, a &+ l.lives[i]), liveEnd: max(midEnd, b &- e.lives[i])))
                offset &+= (midStart &- a) &+ (b &- midEnd)
            }
            count = rows.count
        }
    }

    /// This shape moved sideways to `rect` (same rows, radius and edges' places in their
    /// pixels), its left end by `dx0` pixels and its right end by `dx1`: the same rims, so
    /// the same rows as computing it afresh, shifted as `row` hands them out. A dragged
    /// thumb moves both ends; a dragged fill, its right end.
    private init(_ base: ShapeRows, movedTo rect: Rect, dx0: Int, dx1: Int) {
        self.rect = rect
        radius = base.radius
        (drawnRadius, edges, rimsFit, storage) = (base.drawnRadius, base.edges, base.rimsFit, base.storage)
        (leftEnd, rightEnd) = (base.leftEnd, base.rightEnd)
        x0 = base.x0 &+ dx0
        x1 = base.x1 &+ dx1
        y0 = base.y0
        y1 = base.y1
        interiorStart = base.interiorStart &+ dx0
        interiorEnd = base.interiorEnd &+ dx1
        rows = base.rows
        (self.dx0, self.dx1) = (base.dx0 &+ dx0, base.dx1 &+ dx1)
    }

    /// Where a shape at `rect` would lie, worked out once for every held shape
    /// `moved(to:)` asks: its pixels and its edges' places in them (nil when a shape there
    /// is not made of ends, as one under a pixel wide).
    struct Target {
        let rect: Rect, radius: Double, pixels: PixelRect, f: Double, g: Double

        init?(_ rect: Rect, radius: Double) {
            guard rect.width >= 1 else { return nil }
            pixels = rect.enclosingPixels
            let f = rect.minX - Double(pixels.x)
            let g = Double(pixels.maxX) - rect.maxX
            guard (0...1).contains(f), (0...1).contains(g), abs(pixels.x) < 1 << 40, abs(pixels.maxX) < 1 << 40
            else { return nil }
            (self.rect, self.radius, self.f, self.g) = (rect, radius, EndCache.snap(f), EndCache.snap(g))
        }
    }

    /// This shape moved to `target`, when that gives the same rows as computing it: the
    /// same rows, radius and edges, and wide enough that no row's rims meet (nor did they
    /// here), so no span is clamped. Nil otherwise.
    func moved(to target: Target) -> ShapeRows? {
        let rect = target.rect
        guard let edges, let fit = rimsFit, target.radius == radius, rect.minY == self.rect.minY,
            rect.maxY == self.rect.maxY, target.f == edges.left, target.g == edges.right,
            target.pixels.width >= fit + 2,
            min(max(radius, 0), rect.width / 2, rect.height / 2) == drawnRadius
        else { return nil }
        return ShapeRows(self, movedTo: rect, dx0: target.pixels.x - x0, dx1: target.pixels.maxX - x1)
    }

    /// What this shape's coverage is, relative to its top-left pixel: its two ends (each
    /// made for its rows and its edge's place in its pixel) and its width in pixels. A thumb
    /// moved by whole pixels keeps it, and so does one made afresh in the same place in its
    /// pixels. Nil for a shape computed alone (not of ends).
    struct Pattern: Equatable {
        let left: ShapeEnd, right: ShapeEnd, width: Int
        static func == (a: Pattern, b: Pattern) -> Bool {
            a.left === b.left && a.right === b.right && a.width == b.width
        }
    }
    var pattern: Pattern? { leftEnd.flatMap { l in rightEnd.map { Pattern(left: l, right: $0, width: x1 &- x0) } } }

    /// Row `y`'s spans, or nil when the row is outside the shape. The row points into this
    /// object's storage: use it while the object lives.
    @inline(__always)
    func row(_ y: Int) -> Row? {
        guard y >= y0 && y < y1 else { return nil }
        let r = rows[y &- y0]
        return Row(
            x0: r.x0 &+ dx0, x1: r.x1 &+ dx1, midStart: r.midStart &+ dx0, midEnd: r.midEnd &+ dx1,
            coverage: r.coverage, rims: r.rims, liveStart: r.liveStart &+ dx0, liveEnd: r.liveEnd &+ dx1)
    }

    /// Coverage (0...255) of pixel `x` in `row`.
    @inline(__always)
    func coverage(_ x: Int, in row: Row) -> UInt32 { row.at(x) }

    /// One row's spans: a plain value, so the pixel loops touch no object.
    struct Row {
        let x0: Int, x1: Int, midStart: Int, midEnd: Int, coverage: UInt32
        /// The row's rim coverages: left rim, then right rim.
        let rims: UnsafePointer<UInt8>
        /// Pixels outside `liveStart..<liveEnd` have coverage 0.
        let liveStart: Int, liveEnd: Int

        /// Coverage (0...255) of pixel `x`.
        @inline(__always)
        func at(_ x: Int) -> UInt32 {
            if x < x0 || x >= x1 { return 0 }
            if x < midStart { return UInt32(rims[x &- x0]) }
            if x < midEnd { return coverage }
            return UInt32(rims[(midStart &- x0) &+ (x &- midEnd)])
        }
    }
}

/// The rim coverages of a shape's rows, shared by the shape and its moved copies.
final class RimBytes {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    init(capacity: Int) { bytes = .allocate(capacity: max(1, capacity)) }
    deinit { bytes.deallocate() }
}

/// The last few shapes' rows, and the ends they were made of: the track, the fill and the
/// thumb each stay put for many frames, and a moving one reuses its ends.
struct ShapeCache {
    private var entries: [ShapeRows] = []
    private var ends = EndCache()
    /// Ends computed so far (tests check that moves reuse them).
    var endsMade: Int { ends.made }
    /// Shapes made by moving one held (tests check that drags do).
    private(set) var moves = 0

    mutating func rows(_ rect: Rect, radius: Double) -> ShapeRows {
        if let i = entries.firstIndex(where: { $0.rect == rect && $0.radius == radius }) {
            let hit = entries[i]
            if i != entries.count - 1 {
                entries.remove(at: i)
                entries.append(hit)
            }
            return hit
        }
        let made: ShapeRows
        if let target = ShapeRows.Target(rect, radius: radius),
            let copy = entries.reversed().lazy.compactMap({ $0.moved(to: target) }).first
        {
            made = copy
            moves += 1
        } else {
            made = ShapeRows(rect: rect, radius: radius, ends: &ends)
        }
        // A drag makes two shapes a frame (thumb and fill), each in one of four quarter-pixel
        // places: sixteen keep one of each place to move.
        if entries.count >= 16 { entries.removeFirst() }
        entries.append(made)
        return made
    }
}

/// Ends by where their edge sits in its pixel, to 1/256 of a pixel: positions computed two
/// ways (a thumb scaled about its centre) land on the same end, and the shape moves by at
/// most 1/512 of a pixel, which no coverage step shows.
struct EndCache {
    private var entries: [(edge: Double, rows: ShapeEnd.Rows, end: ShapeEnd)] = []
    private(set) var made = 0

    static func snap(_ edge: Double) -> Double { (edge * 256).rounded() / 256 }

    /// The end for an edge already snapped.
    mutating func end(edge f: Double, rows: ShapeEnd.Rows) -> ShapeEnd {
        if let hit = entries.first(where: { $0.edge == f && $0.rows == rows }) { return hit.end }
        // The distance to the nearer corner, with the edge at `f` in pixel 0 and the
        // shape straight beyond: what the whole box's distance is on this side of its middle.
        let r = rows.radius
        let hh = (rows.bottom - rows.top) / 2
        let cy = (rows.top + rows.bottom) / 2
        let made = ShapeEnd(edge: f, rows: rows, limit: .max) { k, y in
            let qx = (f + r) - (Double(k) + 0.5)
            let qy = abs(y - cy) - (hh - r)
            let ox = max(qx, 0)
            let oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
        }
        // Enough for a thumb's four quarter-pixel steps, both ends, beside the track and fill.
        if entries.count >= 16 { entries.removeFirst() }
        entries.append((f, rows, made))
        self.made += 1
        return made
    }
}
