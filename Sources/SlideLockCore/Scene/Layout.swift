/// Where the track and thumb sit on a screen of a given size. Pure arithmetic, so the
/// same numbers place pixels and hit-test touches.
public struct Layout: Equatable, Sendable {
    public let screen: Size
    public internal(set) var track: Rect
    /// Gap between the track edge and the thumb.
    public let inset: Double
    public let thumbSide: Double
    public let rightToLeft: Bool

    /// Pixels per millimetre the thumb was sized with; nil: proportional (size unknown or implausible).
    public let pixelsPerMillimetre: Double?

    /// With a plausible `physicalSize` (millimetres), the thumb is `settings.thumbMillimetres`
    /// wide; otherwise the track is a fraction of the screen.
    public init(
        screen: Size, theme: Theme, settings: LayoutSettings, rightToLeft: Bool, physicalSize: Size? = nil
    ) {
        self.screen = screen
        let short = min(screen.width, screen.height)
        let density = physicalSize.flatMap { Layout.density(screen: screen, millimetres: $0) }
        pixelsPerMillimetre = density
        let wanted =
            density.map { settings.thumbMillimetres * $0 / (1 - 2 * theme.thumbInset) }
            ?? settings.trackHeight * short
        // Never taller than the screen, whatever the minimum asks.
        let height = min(max(settings.trackMinHeight, wanted), short).rounded()
        let width = (min(settings.trackWidth * screen.width, settings.trackMaxAspect * height)).rounded()
        let x = ((screen.width - width) / 2).rounded()
        let y = (screen.height * settings.verticalPosition - height / 2).rounded()
        track = Rect(x: x, y: y, width: width, height: height)
        inset = theme.thumbInset * height
        thumbSide = height - 2 * inset
        self.rightToLeft = rightToLeft
    }

    /// Pixels the thumb can travel.
    public var travel: Double { max(0, track.width - 2 * inset - thumbSide) }

    /// The thumb at `progress` (0 = home, 1 = end), before press scaling.
    public func thumb(progress: Double) -> Rect { thumb(offset: progress * travel) }

    /// The thumb `offset` pixels from home.
    public func thumb(offset: Double) -> Rect {
        let x = rightToLeft ? track.maxX - inset - thumbSide - offset : track.x + inset + offset
        return Rect(x: x, y: track.y + inset, width: thumbSide, height: thumbSide)
    }

    /// The fill: from the track's leading edge to the thumb's trailing edge plus the inset.
    public func fill(progress: Double) -> Rect { fill(offset: progress * travel) }

    /// The fill behind a thumb `offset` pixels from home.
    public func fill(offset: Double) -> Rect {
        let width = min(track.width, 2 * inset + thumbSide + offset)
        let x = rightToLeft ? track.maxX - width : track.x
        return Rect(x: x, y: track.y, width: width, height: track.height)
    }

    /// Progress for a thumb whose leading edge is `pixels` from home (unclamped).
    public func progress(forOffset pixels: Double) -> Double {
        travel > 0 ? pixels / travel : 0
    }

    /// Offset along the slide direction of a screen x coordinate, from the home thumb's edge.
    public func offsetAlongTrack(x: Double) -> Double {
        rightToLeft ? (track.maxX - inset) - x : x - (track.x + inset)
    }
}

// The shortest travel a slide may have: below it a tap with a little jitter crosses it.
extension Layout {
    /// Pixels of travel a layout must leave the thumb.
    public static let minimumTravel = 100.0
    /// The screen `check-config` measures a layout on when no panel is at hand: the
    /// smallest common one (a 7" 800x480 panel), portrait when `display.rotate` is 90 or 270.
    public static func referenceScreen(_ settings: Settings) -> Size {
        let portrait = (settings.display.rotate ?? 0) % 180 != 0
        return portrait ? Size(width: 480, height: 800) : Size(width: 800, height: 480)
    }

    /// One line naming the key that limits the track when the layout leaves under
    /// `minimumTravel` on `screen`, or nil: `layout.track_width: leaves 8 px of thumb travel
    /// on a screen of 800x480 (at least 100 needed)`. A thumb sized in millimetres that eats
    /// the track's width names `layout.thumb_mm` and the panel size it was sized for.
    public static func travelError(_ settings: Settings, screen: Size) -> String? {
        let layout = SceneBuilder(settings: settings, width: Int(screen.width), height: Int(screen.height)).layout
        guard !(layout.travel >= minimumTravel) else { return nil }
        let byWidth = settings.layout.trackWidth * screen.width <= settings.layout.trackMaxAspect * layout.track.height
        var key = byWidth ? "layout.track_width" : "layout.track_max_aspect"
        if byWidth, layout.pixelsPerMillimetre != nil, let mm = settings.display.physicalSize {
            key =
                "layout.thumb_mm: a \(ConfigValue.format(settings.layout.thumbMillimetres)) mm thumb on a panel of "
                + "\(ConfigValue.format(mm.width))x\(ConfigValue.format(mm.height)) mm (display.physical_size)"
        }
        return "\(key): leaves \(Int(layout.travel.rounded(.down))) px of thumb travel on a screen of "
            + "\(Int(screen.width))x\(Int(screen.height)) (at least \(Int(minimumTravel)) needed)"
    }
}
