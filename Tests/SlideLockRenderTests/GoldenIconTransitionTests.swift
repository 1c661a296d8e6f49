import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// The `fade-scale` unlocked icon as a person sees it: a plain thumb through the delay, a
/// half-faded, smaller open lock half way, the open lock at full size once done (the same
/// pixels as a cut).
@Suite struct GoldenIconTransitionTests {
    static func seed(_ theme: Theme = .default) -> Settings {
        var settings = Settings()
        settings.theme = theme
        settings.theme.iconTransition = .fadeScale
        return settings
    }

    /// Seconds after the unlock: in the delay, half way through the fade (0.55 + 0.35 / 2),
    /// and done.
    static let instants: [(String, Double)] = [("delay", 0.3), ("mid", 0.725), ("done", 1.2)]

    static func frame(_ settings: Settings, seconds: Double) throws -> Canvas {
        try Golden.frame(settings, width: 800, height: 480, state: .unlocked, progress: 1, time: seconds)
    }

    @Test func defaultThemeAtThreeInstants() throws {
        for (name, seconds) in Self.instants {
            try Golden.check(Self.frame(Self.seed(), seconds: seconds), "icon-transition-\(name)")
        }
    }

    /// A theme without a lock icon grows a checkmark in.
    @Test func mintHalfWay() throws {
        try Golden.check(Self.frame(Self.seed(.mint), seconds: 0.725), "icon-transition-mint-mid")
    }

    static func thumb(_ settings: Settings) -> Rect {
        SceneBuilder(settings: settings, width: 800, height: 480).scene(ControlVisual(state: .unlocked, progress: 1))
            .thumb.rect
    }

    /// The icon's pixels in the thumb, counted as those differing from the thumb's own colour
    /// at its centre's row and column.
    static func iconPixels(_ canvas: Canvas, settings: Settings) -> (count: Int, width: Int) {
        let thumb = Self.thumb(settings)
        let inner = thumb.insetBy(thumb.width * 0.2)
        let body = canvas.pixel(x: Int(thumb.minX) + 3, y: Int(thumb.center.y))
        var count = 0
        var (minX, maxX) = (Int.max, Int.min)
        for y in Int(inner.minY)..<Int(inner.maxY) {
            for x in Int(inner.minX)..<Int(inner.maxX) where Golden.channelDistance(canvas.pixel(x: x, y: y), body) > 8
            {
                count += 1
                (minX, maxX) = (min(minX, x), max(maxX, x))
            }
        }
        return (count, count == 0 ? 0 : maxX - minX + 1)
    }

    @Test func plainThumbThenSmallerFainterIconThenTheCut() throws {
        let settings = Self.seed()
        let delay = Self.iconPixels(try Self.frame(settings, seconds: 0.3), settings: settings)
        #expect(delay.count == 0)
        let mid = try Self.frame(settings, seconds: 0.725)
        let done = try Self.frame(settings, seconds: 1.2)
        let (midIcon, doneIcon) = (Self.iconPixels(mid, settings: settings), Self.iconPixels(done, settings: settings))
        // At 0.75 of its size the icon is about 0.75 as wide and covers about 0.56 of the area.
        #expect(abs(Double(midIcon.width) / Double(doneIcon.width) - 0.75) < 0.1, "\(midIcon) \(doneIcon)")
        #expect(Double(midIcon.count) < Double(doneIcon.count) * 0.75)
        // Half faded: the darkest icon pixel half way is about half as far from the thumb's
        // white as the finished icon's.
        let inner = Self.thumb(settings).insetBy(10)
        func darkest(_ c: Canvas) -> Int {
            var best = 255
            for y in Int(inner.minY)..<Int(inner.maxY) {
                for x in Int(inner.minX)..<Int(inner.maxX) { best = min(best, Int((c.pixel(x: x, y: y) >> 8) & 0xFF)) }
            }
            return best
        }
        let (midDark, doneDark) = (255 - darkest(mid), 255 - darkest(done))
        #expect(abs(Double(midDark) / Double(doneDark) - 0.5) < 0.1, "\(midDark) \(doneDark)")
        // Done is the cut, pixel for pixel.
        var cut = settings
        cut.theme.iconTransition = .cut
        let cutFrame = try Self.frame(cut, seconds: 1.2)
        let n = 800 * 480
        #expect(
            Array(UnsafeBufferPointer(start: done.pixels, count: n))
                == Array(UnsafeBufferPointer(start: cutFrame.pixels, count: n)))
    }

    /// Drawn frame by frame with damage, as the lock draws it, the transition ends on the
    /// same pixels as a frame drawn from scratch: no part of the growing icon is left behind.
    @Test func damageFollowsTheGrowingIcon() throws {
        var settings = Self.seed()
        settings.animation.hueEnabled = false // only the icon changes
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        let renderer = SceneRenderer(width: 800, height: 480)
        let thumb = Self.thumb(settings).enclosingPixels
        var (changed, stray) = (0, 0)
        for frame in 0...72 {
            let t = 0.5 + Double(frame) / 120
            let damage = try renderer.render(
                builder.scene(StillFrame.visual(state: .unlocked, progress: 1, time: t, settings: settings)))
            guard frame > 0 else { continue }
            if t > 0.56 && t < 0.89 { changed += damage.isEmpty ? 0 : 1 }
            // Through the delay and once done nothing changes; the rest stays inside the thumb.
            if t < 0.55 || t > 0.91 { stray += damage.isEmpty ? 0 : 1 }
            stray += damage.filter { $0.intersection(thumb) != $0 }.count
        }
        #expect(changed > 30 && stray == 0)
        let fresh = try Self.frame(settings, seconds: 0.5 + 72.0 / 120)
        let n = 800 * 480
        #expect(
            Array(UnsafeBufferPointer(start: renderer.canvas.pixels, count: n))
                == Array(UnsafeBufferPointer(start: fresh.pixels, count: n)))
    }
}
