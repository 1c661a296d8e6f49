import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// A resting thumb drawn from its image (`ThumbImage`) must give exactly the layer-by-layer
/// pixels, over any background, clipped or not; a thumb whose layers cannot share one image
/// has none.
@Suite struct ThumbImageTests {
    func noise(_ c: Canvas, seed start: UInt32) {
        var seed = start
        for i in 0..<(c.width * c.height) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            c.pixels[i] = (seed >> 8) & 0xFF_FFFF
        }
    }

    static func thumbs() -> [ThumbLayer] {
        var list: [ThumbLayer] = []
        for (side, radius, border, icon) in [
            (62.0, 20.7, 0.0, Icon.lock), (50.3, 25.15, 0, .star), (41.6, 9.6, 0, .chevrons),
            (55, 0, 0, .checkmark), (23.2, 11.6, 0, .spinner), (60, 13.8, 3, .chevrons),
            (30, 15, 1.5, .lockOpen), (44, 10, 0, .none),
        ] {
            for (shift, color) in [
                (0.0, Color.white), (0.37, Color(rgb: 0x1E63E9)), (0.81, Color(rgb: 0xFFFFFF, alpha: 0.9)),
            ] {
                list.append(
                    ThumbLayer(
                        rect: Rect(x: 20 + shift, y: 9 + shift / 3, width: side, height: side), radius: radius,
                        color: color, opacity: 1, borderWidth: border, borderColor: Color(rgb: 0x1A759F),
                        icon: icon, iconColor: Color(rgb: 0x3A0CA3), iconSize: 0.5 * side,
                        iconPhase: 0.3, mirrored: shift > 0.5))
            }
        }
        return list
    }

    @Test func theImageEqualsLayerByLayer() {
        var images = 0
        for (n, th) in Self.thumbs().enumerated() {
            for clip in [PixelRect(x: 0, y: 0, width: 110, height: 80), PixelRect(x: 37, y: 21, width: 19, height: 40)]
            {
                let icons = IconRasterizer()
                let plain = Canvas(width: 110, height: 80)
                let imaged = Canvas(width: 110, height: 80)
                noise(plain, seed: UInt32(n))
                noise(imaged, seed: UInt32(n))
                plain.withClip(clip) {
                    let inner = th.borderWidth > 0 ? th.rect.insetBy(th.borderWidth) : th.rect
                    plain.fillRoundedRect(
                        inner, radius: max(0, th.radius - th.borderWidth), paint: .solid(th.color),
                        opacity: th.opacity)
                    if th.borderWidth > 0 {
                        plain.strokeRoundedRect(
                            th.rect, radius: th.radius, lineWidth: th.borderWidth,
                            color: th.borderColor, opacity: th.opacity)
                    }
                    icons.draw(
                        th.icon, size: th.iconSize, center: th.rect.center, color: th.iconColor,
                        opacity: th.opacity, phase: th.iconPhase, mirrored: th.mirrored, on: plain)
                }
                guard let image = ThumbImage(th, rect: th.rect, icons: icons, shapes: &imaged.shapeCache) else {
                    // Only a translucent body or a border has two translucent blends meet.
                    #expect(th.color.alpha < 1 || th.borderWidth > 0, "thumb \(n) has no image")
                    continue
                }
                images += 1
                imaged.withClip(clip) { image.draw(on: imaged) }
                var differing = 0
                for i in 0..<(110 * 80) where plain.pixels[i] != imaged.pixels[i] { differing += 1 }
                #expect(differing == 0, "thumb \(n) clip \(clip): \(differing) pixels differ")
            }
        }
        #expect(images >= 20, "most thumbs have an image")
    }

    @Test func aTranslucentThumbUnderItsIconHasNoImage() {
        var th = Self.thumbs()[0]
        th.opacity = 0.9
        var shapes = ShapeCache()
        #expect(ThumbImage(th, rect: th.rect, icons: IconRasterizer(), shapes: &shapes) == nil)
        th.opacity = 0
        #expect(ThumbImage(th, rect: th.rect, icons: IconRasterizer(), shapes: &shapes) == nil)
    }

    /// Icons share one set of blend terms: a spinner's next phase (another mask of the same
    /// size, in the same colour) must not be drawn with the last phase's terms.
    @Test func theNextSpinnerPhaseIsNotTheLast() {
        let shared = IconRasterizer()
        let a = Canvas(width: 60, height: 60)
        let b = Canvas(width: 60, height: 60)
        let color = Color(rgb: 0x3A0CA3)
        // Six other phases first: more masks than the sets of terms kept, so sets are reused.
        for phase in [0.0, 0.1, 0.2, 0.3, 0.4, 0.6] {
            shared.draw(
                .spinner, size: 40, center: Point(x: 30, y: 30), color: color, opacity: 1, phase: phase,
                mirrored: false, on: Canvas(width: 60, height: 60))
        }
        shared.draw(
            .spinner, size: 40, center: Point(x: 30, y: 30), color: color, opacity: 1, phase: 0.5,
            mirrored: false, on: a)
        IconRasterizer().draw(
            .spinner, size: 40, center: Point(x: 30, y: 30), color: color, opacity: 1, phase: 0.5,
            mirrored: false, on: b)
        var differing = 0
        for i in 0..<(60 * 60) where a.pixels[i] != b.pixels[i] { differing += 1 }
        #expect(differing == 0)
    }

    /// A thumb a configuration makes huge, or whose numbers are not finite, is drawn in
    /// layers: no image is held for it, and nothing traps.
    @Test func aHugeOrBrokenThumbHasNoImage() {
        var shapes = ShapeCache()
        for (side, x) in [(600.0, 0.0), (1e12, 0.0), (Double.nan, 0.0), (40, Double.infinity), (40, -1e300)] {
            var th = Self.thumbs()[0]
            th.rect = Rect(x: x, y: 0, width: side, height: side)
            th.iconSize = side / 2
            #expect(
                ThumbImage(th, rect: th.rect, icons: IconRasterizer(), shapes: &shapes) == nil, "side \(side) at \(x)")
        }
        var th = Self.thumbs()[0]
        th.rect = Rect(x: 0, y: 0, width: 500, height: 500)
        #expect(ThumbImage(th, rect: th.rect, icons: IconRasterizer(), shapes: &shapes) != nil, "under the cap")
    }
}
