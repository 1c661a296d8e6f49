/// The words the track shows in place of the label while a state lasts (`theme.text_*`):
/// what the slide did, said plainly. Any language; an empty value has no words of its own,
/// and the track then shows what it shows without them (the label while a finger holds the
/// thumb or in lockdown, nothing once a slide completed).
public struct StateWords: Equatable, Sendable {
    /// While a finger holds the thumb (pressed and dragging); they fade as the label does.
    public var pressed = ""
    /// While the unlock hook runs.
    public var busy = "Opening…"
    /// After a slide that opened: `hookUnlocked` in hook mode and `exitUnlocked` in exit
    /// mode, unless set (`ConfigLoader` picks by the mode).
    public var unlocked = StateWords.exitUnlocked
    /// After a slide whose hook failed or was refused.
    public var failed = "Try again"
    /// In lockdown, on the faded track.
    public var lockdown = "Locked down"
    /// The out-of-service screen's words.
    public var outOfService = "Out of service"
    /// Above the track while the door is held open (`door.held_open_after`).
    public var heldOpen = "Please close the door"
    /// Above the track while tampered, until the tamper is reset.
    public var tampered = "Tampered: call service"

    public static let exitUnlocked = "Unlocked"
    public static let hookUnlocked = "Door open"

    public init() {}

    /// Words are a line on the track: a few hundred bytes is already more than fits.
    public static let maximumBytes = 256

    /// Why `text` cannot be a state's words, or nil when it can.
    public static func problem(_ text: String) -> String? {
        if text.utf8.count > maximumBytes {
            return "longer than \(maximumBytes) bytes (a few words on the track)"
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character (one line, no tabs or newlines)"
        }
        return nil
    }
}
