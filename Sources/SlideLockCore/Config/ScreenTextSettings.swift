/// What the screen says above the track (section `[display]`): a message line and an
/// optional clock with its date, both local time through strftime.
public struct ScreenTextSettings: Equatable, Sendable {
    /// `display.message`: the line above the track; empty for none. `slidelock ctl message`
    /// replaces it while the lock runs.
    public var message = ""
    /// `display.clock`: show the time (and the date, unless `dateFormat` is empty).
    public var clock = false
    /// `display.clock_format`: strftime, never finer than a minute (`ClockFormat`).
    public var clockFormat = "%H:%M"
    /// `display.date_format`: the smaller line under the time; empty for none.
    public var dateFormat = "%A %-d %B"

    public init() {}
}
