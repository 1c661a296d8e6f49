/// What the site has put on the screen beside the slider: a message line (the config's
/// `display.message`, or one sent over the control socket until it expires) and lockdown
/// (slides and remote unlocks refused, the screen says so). The session keeps it and hands
/// it to every frame through `ControlVisual`; nothing in it can unlock. The door's facts
/// and the missing touch panel are added to each frame's copy by the loop's sources.
public struct Notice: Equatable, Sendable {
    /// The line shown above the track, nil for none.
    public var message: String?
    /// Lockdown: every unlock source but none is refused until it is lifted.
    public var lockdown: Bool
    /// The lock runs on built-in defaults: the out-of-service screen replaces the control.
    public var outOfService: OutOfService?
    /// No touch panel has been there for a while: the track says so (`noTouchWords`).
    public var noTouch = false
    /// The door is held open: the message line asks for it to be closed
    /// (`StateWords.heldOpen`). Set by the door's watcher for each frame, never by the session.
    public var heldOpen = false
    /// Tampered, until the tamper is reset: the message line says so
    /// (`StateWords.tampered`). Set as `heldOpen` is.
    public var tampered = false

    /// What the track says while no touch panel is there.
    public static let noTouchWords = "No touch panel found"

    public init(message: String? = nil, lockdown: Bool = false, outOfService: OutOfService? = nil) {
        self.message = message
        self.lockdown = lockdown
        self.outOfService = outOfService
    }
}
