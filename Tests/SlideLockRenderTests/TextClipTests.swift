import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// A label is clipped to the track: never beyond its rounded ends, never a pixel twice.
@Suite struct TextClipTests {
    /// A label as tall as the track (accents and descenders at `label_size = 1`) and longer
    /// than it inks nothing beyond the track's rounded ends: every pixel of the track's
    /// rectangle outside its shape is the background, at rest and mid-drag (the fill over
    /// the fading label), and each frame drawn from its damage equals a full redraw.
    @Test func aLabelAsTallAsTheTrackInksNothingBeyondItsRoundedEnds() throws {
        let settings = try ConfigLoader.load(
            sources: [],
            overrides: [
                "theme.label_size=1", "theme.label=ÁjgpqÉÇ ÁjgpqÉÇ ÁjgpqÉÇ", "theme.label_color=#FFFFFF",
                "layout.track_width=0.4",
            ])
        let (w, h) = (640, 400)
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        let incremental = SceneRenderer(width: w, height: h)
        for v in [
            ControlVisual(state: .locked, progress: 0), ControlVisual(state: .dragging, progress: 0.3),
            ControlVisual(state: .dragging, progress: 0.5),
        ] {
            let scene = builder.scene(v)
            try incremental.render(scene)
            let track = scene.track.rect
            let box = RoundedBox(rect: track, radius: scene.track.radius)
            let area = track.enclosingPixels
            let background = incremental.canvas.pixel(x: 0, y: 0)
            var outside = 0
            var inked = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where box.distance(x: Double(x) + 0.5, y: Double(y) + 0.5) >= 0.5 {
                    outside += 1
                    if incremental.canvas.pixel(x: x, y: y) != background { inked += 1 }
                }
            }
            #expect(outside > 100)
            #expect(inked == 0, "\(v.state): \(inked) of the \(outside) pixels beyond the rounded ends inked")
            #expect(try DamageTests.pixelsDifferingFromFull(incremental, scene) == 0)
        }
    }

    /// The clips cover every pixel of the track's rectangle once, except the corner squares
    /// when the ink reaches them, which they leave out: never a pixel twice (it would be
    /// blended twice). For round, square, pill and odd-sized tracks.
    @Test(arguments: [
        (Rect(x: 10, y: 20, width: 200, height: 40), 12.0), (Rect(x: 10.5, y: 20.3, width: 99.4, height: 31.2), 15.6),
        (Rect(x: 0, y: 0, width: 60, height: 33), 16.5), (Rect(x: 3, y: 4, width: 20, height: 50), 40.0),
        (Rect(x: 3, y: 4, width: 50, height: 20), 0.0), (Rect(x: 0, y: 0, width: 7, height: 5), 2.2),
    ])
    func clipsCoverTheTrackOnceLessItsCorners(track: Rect, radius: Double) {
        let area = track.enclosingPixels
        let r = min(radius, track.width / 2, track.height / 2)
        let corner = Int(r.rounded(.up))
        let (a, c) = (min(corner, area.height), min(corner, area.width / 2))
        for (ink, reaches) in [
            (area, true),
            (
                PixelRect(
                    x: area.x + c, y: area.y + a, width: max(0, area.width - 2 * c),
                    height: max(0, area.height - 2 * a)), false
            ),
        ] {
            var count = [Int](repeating: 0, count: area.width * area.height)
            let clips = SceneRenderer.textClips(track, radius: radius, ink: ink)
            for rect in [clips.top, clips.middle, clips.bottom] {
                let part = rect.intersection(area)
                #expect(part == rect || rect.isEmpty, "\(rect) outside \(area)")
                for y in part.y..<part.maxY {
                    for x in part.x..<part.maxX { count[(y - area.y) * area.width + x - area.x] += 1 }
                }
            }
            for y in 0..<area.height {
                for x in 0..<area.width {
                    let inCorner = (y < a || y >= area.height - a) && (x < c || x >= area.width - c)
                    let expected = reaches && inCorner && r > 0 ? 0 : 1
                    #expect(
                        count[y * area.width + x] == expected, "\(track) r \(radius) ink \(ink): pixel (\(x), \(y))")
                }
            }
        }
    }
}
