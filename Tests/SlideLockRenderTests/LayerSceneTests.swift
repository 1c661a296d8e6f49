import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// What the next elements of the lock screen need (a message line, a clock, a larger
/// label, an "Open" button, a fading icon, a shadow under the track) is new entries in a
/// frame's layer list, drawn by the same primitives and damaged by their own bounds: no
/// cache knows about any of them. Every frame drawn from its damage alone equals a full
/// redraw of the same layers.
@Suite struct LayerSceneTests {
    static let fonts = ["DejaVu Sans"]

    /// Frame `i` of a lock screen with more on it: a clock that changes every frame, a
    /// message, a shadow between the background and the track, a label, a dragged thumb, an
    /// "Open" button and an icon fading in.
    static func frame(_ i: Int, width w: Double, height h: Double) -> [Layer] {
        let track = Rect(x: w * 0.1, y: h * 0.55, width: w * 0.8, height: h * 0.15)
        let radius = track.height * 0.32
        let progress = min(1, Double(i) * 0.037)
        let side = track.height * 0.84
        let travel = track.width - track.height
        let thumb = Rect(
            x: track.minX + track.height * 0.08 + (progress * travel * 4).rounded() / 4,
            y: track.minY + track.height * 0.08,
            width: side, height: side)
        let fill = Rect(
            x: track.minX, y: track.minY, width: thumb.maxX - track.minX + track.height * 0.08, height: track.height)
        func text(_ s: String, size: Double, y: Double, color: Color, opacity: Double = 1, clip: Rect? = nil) -> Layer {
            let box = clip ?? Rect(x: 0, y: y - size, width: w, height: 2 * size)
            return .text(
                TextLayer(
                    text: s, fonts: fonts, weight: .bold, pixelSize: Int(size), color: color, opacity: opacity,
                    center: Point(x: box.midX, y: y), clip: box, clipRadius: clip == nil ? 0 : radius))
        }
        let seconds = 37 + i
        let clock = "12:\(seconds / 60 + 10):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
        let open = Rect(x: w * 0.4, y: h * 0.8, width: w * 0.2, height: h * 0.1)
        return [
            .background(Color(rgb: 0x0B0B12)),
            // A shadow under the track, between the background and it.
            .shape(
                rect: track.offsetBy(dx: 0, dy: 4).insetBy(-6), radius: radius + 6, paint: .solid(.black),
                opacity: 0.45),
            .shape(
                rect: track, radius: radius,
                paint: .horizontalGradient(
                    from: Color(rgb: 0x4361EE), to: Color(rgb: 0x3A0CA3), x0: track.minX, x1: track.maxX),
                opacity: 0.6),
            text(clock, size: h * 0.12, y: h * 0.2, color: .white),
            text("Battery low: 9 %", size: h * 0.05, y: h * 0.38, color: Color(rgb: 0xFFD166)),
            text(
                "Slide to unlock", size: track.height * 0.45, y: track.midY, color: .white,
                opacity: max(0, 1 - progress / 0.6), clip: track),
            .shape(rect: fill, radius: radius, paint: .solid(Color(rgb: 0x3A0CA3)), opacity: 0.5 + progress / 2),
            .shape(rect: thumb, radius: side * 0.33, paint: .solid(.white), opacity: 1),
            .icon(
                .lock, size: side / 2, center: thumb.center, color: Color(rgb: 0x3A0CA3), opacity: 1, phase: 0,
                mirrored: false),
            .shape(rect: open, radius: open.height / 2, paint: .solid(Color(rgb: 0x2BB673)), opacity: 1),
            text("Open", size: open.height * 0.5, y: open.midY, color: .white, clip: open),
            .icon(
                .star, size: h * 0.08, center: Point(x: w * 0.9, y: h * 0.15), color: .white,
                opacity: min(1, Double(i) / 10), phase: 0, mirrored: false),
            .fade(.black, amount: 0),
            .dim(brightness: 1),
        ]
    }

    @Test(arguments: [(800, 480), (333, 517)])
    func drawnByDamageEqualsAFullRedraw(width: Int, height: Int) throws {
        let incremental = SceneRenderer(width: width, height: height)
        var partial = 0
        for i in 0..<30 {
            let layers = Self.frame(i, width: Double(width), height: Double(height))
            let damage = try incremental.render(layers: layers)
            if damage.reduce(0, { $0 + $1.area }) < width * height / 2 { partial += 1 }
            let full = SceneRenderer(width: width, height: height)
            try full.render(layers: layers)
            var differing = 0
            for p in 0..<(width * height) where incremental.canvas.pixels[p] != full.canvas.pixels[p] {
                differing += 1
            }
            #expect(differing == 0, "frame \(i): \(differing) pixels differ, damage \(damage)")
        }
        #expect(partial == 29, "every frame after the first redraws less than half the screen")
    }

    /// The clock alone changing damages the clock's ink, nothing of the other texts.
    @Test func aClockTickDamagesTheClockOnly() throws {
        let renderer = SceneRenderer(width: 800, height: 480)
        var layers = Self.frame(40, width: 800, height: 480)
        try renderer.render(layers: layers)
        guard case .text(var clock) = layers[3] else { return #expect(Bool(false)) }
        clock.text = "12:10:59"
        layers[3] = .text(clock)
        let damage = try renderer.render(layers: layers)
        #expect(damage.count == 1)
        #expect(damage.allSatisfy { $0.maxY <= 480 * 3 / 10 }, "\(damage) reaches below the clock")
    }

    /// A layer at opacity 0 draws nothing, so it damages nothing however it changes: an
    /// element the screen does not show yet sits in the list at no cost.
    @Test func anInvisibleLayerDamagesNothing() throws {
        let renderer = SceneRenderer(width: 320, height: 200)
        var layers = Self.frame(0, width: 320, height: 200)
        layers[1] = .shape(
            rect: Rect(x: 10, y: 10, width: 100, height: 40), radius: 8, paint: .solid(.white), opacity: 0)
        try renderer.render(layers: layers)
        layers[1] = .shape(
            rect: Rect(x: 10, y: 10, width: 180, height: 40), radius: 8, paint: .solid(.white), opacity: 0)
        #expect(try renderer.render(layers: layers).isEmpty)
        layers[1] = .shape(
            rect: Rect(x: 10, y: 10, width: 180, height: 40), radius: 8, paint: .solid(.white), opacity: 1)
        #expect(try renderer.render(layers: layers) == [PixelRect(x: 10, y: 10, width: 180, height: 40)])
    }
}
