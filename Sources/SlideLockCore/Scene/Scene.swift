/// One frame, described as values: what the renderer draws and what damage is computed
/// from. Equal scenes produce equal pixels.
public struct Scene: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var background: Color
    public var track: TrackLayer
    public var fill: FillLayer
    public var label: LabelLayer
    /// A state's words in place of the label (`theme.text_*`), over the fill; nil for none.
    public var words: LabelLayer?
    public var thumb: ThumbLayer
    /// Horizontal shift of the whole control (unlock slide-off transition), pixels.
    public var controlOffset: Double = 0
    /// How far the whole lock screen has faded into `revealColor` (0 = not at all, 1 =
    /// only the colour): the fade and interactive unlock transitions.
    public var reveal: Double = 0
    public var revealColor = Color(rgb: 0)
    /// Every pixel scaled by this (1 = as drawn): dimming on a panel without a backlight.
    public var brightness: Double = 1
    /// The text above the track: the clock, the date under it and the message line. Always
    /// there, invisible when empty, so a frame keeps the same layers whatever they say.
    public var clock = ScreenTextLayer()
    public var date = ScreenTextLayer()
    public var message = ScreenTextLayer()
    /// Tap-to-open's Open button over the track's end (`OpenButtonLayer`).
    public var openButton = OpenButtonLayer()
    /// `ctl identify`'s border round the screen; always there, invisible when off.
    public var border = BorderLayer()

    public init(
        width: Int, height: Int, background: Color, track: TrackLayer, fill: FillLayer,
        label: LabelLayer, thumb: ThumbLayer
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.track = track
        self.fill = fill
        self.label = label
        self.thumb = thumb
    }
}

/// A band along the screen's edges (`ctl identify`).
public struct BorderLayer: Equatable, Sendable {
    public var rect = Rect(x: 0, y: 0, width: 0, height: 0)
    public var width: Double = 0
    public var color = Color(rgb: 0xFFFFFF)
    public var opacity: Double = 0
}

public struct TrackLayer: Equatable, Sendable {
    public var rect: Rect
    public var radius: Double
    /// Gradient stops at the leading and trailing edges (hue rotation already applied).
    public var leading: Color
    public var trailing: Color
    public var opacity: Double
    public var rightToLeft: Bool
}

public struct FillLayer: Equatable, Sendable {
    public var rect: Rect
    public var radius: Double
    public var color: Color
    public var opacity: Double
}

public struct LabelLayer: Equatable, Sendable {
    public var text: String
    public var fonts: [String]
    public var weight: FontWeight
    public var pixelSize: Double
    public var color: Color
    public var opacity: Double
    /// Centre of the text box.
    public var center: Point
    /// Clip: text never draws outside the track.
    public var clip: Rect
    /// Centre x of the shimmer band, or nil when off.
    public var shimmerX: Double?
    public var rightToLeft: Bool
}

public struct ThumbLayer: Equatable, Sendable {
    public var rect: Rect
    public var radius: Double
    public var color: Color
    public var opacity: Double
    public var borderWidth: Double
    public var borderColor: Color
    public var icon: Icon
    public var iconColor: Color
    public var iconSize: Double
    /// Spinner phase in turns (0..<1); also mirrors chevrons when right-to-left.
    public var iconPhase: Double
    public var mirrored: Bool
    /// The icon's own opacity, under the thumb's (the unlocked icon fading in).
    public var iconOpacity: Double = 1
}

/// A line of text in a box of its own above the track, centred in it; a line wider than the
/// box shows its start (the right end for a right-to-left line) and is clipped at its end.
public struct ScreenTextLayer: Equatable, Sendable {
    public var text = ""
    public var fonts: [String] = []
    public var weight: FontWeight = .regular
    /// Whole pixels; 0 draws nothing.
    public var pixelSize = 0.0
    public var color = Color(rgb: 0xFFFFFF)
    public var opacity = 0.0
    /// The reserved box: the text is centred in it and never inks outside it.
    public var box = Rect(x: 0, y: 0, width: 0, height: 0)
    public var rightToLeft = false

    public init() {}
}
