/// Where the text above the track goes: the clock, the date under it, and the message line
/// just above the track. Worked out from the screen and the track alone, never from the
/// text, so a new message or a new minute moves nothing: the boxes are reserved whether
/// they show anything or not, and the thumb's geometry is `Layout`'s, untouched by them.
public struct ScreenTextLayout: Equatable, Sendable {
    public let clock: Rect
    public let date: Rect
    public let message: Rect
    /// Font sizes in pixels (0: no room, not drawn).
    public let clockSize: Double
    public let dateSize: Double
    public let messageSize: Double

    /// Sizes as fractions of the screen's shorter side, before they shrink to fit.
    static let clockFraction = 0.13
    static let dateFraction = 0.05
    static let messageFraction = 0.055
    /// A line's box is this many times its font size (ascenders, descenders, accents).
    static let lineHeight = 1.3
    /// Below this, a size is not drawn: unreadable on any panel.
    static let smallestSize = 8.0

    /// `packed`: the clock and the date sit just above the message line (`layout.group =
    /// centre`) instead of in the middle of the room above it.
    public init(screen: Size, track: Rect, packed: Bool = false) {
        let short = min(screen.width, screen.height)
        let margin = (0.03 * short).rounded()
        var clock = Self.clockFraction * short
        var date = max(11, Self.dateFraction * short)
        var message = max(11, Self.messageFraction * short)
        // Top margin, the clock, the date, a gap, the message, a gap above the track.
        let needed = margin + Self.lineHeight * (clock + date + message) + 2 * 0.5 * message
        let room = max(0, track.minY)
        let scale = needed > room ? room / needed : 1
        func fit(_ size: Double) -> Double {
            let s = (size * scale).rounded(.down)
            return s >= Self.smallestSize ? s : 0
        }
        (clock, date, message) = (fit(clock), fit(date), fit(message))
        let gap = (0.5 * message).rounded()
        let x = (0.05 * screen.width).rounded()
        let width = screen.width - 2 * x
        func box(_ size: Double, bottom: Double) -> Rect {
            let height = (Self.lineHeight * size).rounded()
            return Rect(x: x, y: bottom - height, width: width, height: height)
        }
        let messageBox = box(message, bottom: track.minY - gap)
        // The clock and the date, together, in the middle of what is left above the message.
        let clockHeight = (Self.lineHeight * clock).rounded()
        let dateHeight = (Self.lineHeight * date).rounded()
        let above = messageBox.minY - gap - margin * scale
        let top =
            packed
            ? max(0, messageBox.minY - gap - clockHeight - dateHeight)
            : (margin * scale + max(0, above - clockHeight - dateHeight) / 2).rounded()
        self.clock = box(clock, bottom: top + clockHeight)
        self.date = box(date, bottom: top + clockHeight + dateHeight)
        self.message = messageBox
        (clockSize, dateSize, messageSize) = (clock, date, message)
    }

    /// The height the text takes above the track when grouped with it: the message line
    /// and its gaps, and the clock and the date when shown, at their unshrunk sizes.
    public static func groupHeight(screen: Size, clock: Bool) -> Double {
        let short = min(screen.width, screen.height)
        func height(_ size: Double) -> Double { (lineHeight * size.rounded(.down)).rounded() }
        let message = max(11, messageFraction * short)
        let gap = (0.5 * message.rounded(.down)).rounded()
        let text = height(message) + gap
        guard clock else { return text }
        return text + height(clockFraction * short) + height(max(11, dateFraction * short)) + gap
    }
}
