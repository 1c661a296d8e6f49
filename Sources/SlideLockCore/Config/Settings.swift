/// The whole effective configuration: the theme plus behaviour. Built from defaults, then
/// config files and `--set` flags (see `ConfigLoader`).
public struct Settings: Equatable, Sendable {
    public var theme: Theme = .default
    public var layout = LayoutSettings()
    public var animation = AnimationSettings()
    public var gesture = GestureSettings()
    public var action = ActionSettings()
    public var display = DisplaySettings()
    public var input = InputSettings()
    public var relay = RelaySettings()
    /// The door's contact and the tamper input, watched (never unlocking).
    public var door = DoorSettings()
    public var tamper = TamperSettings()
    public var control = ControlSettings()
    public var audit = AuditSettings()

    public init() {}
}

/// Which screen, how it is mounted. Empty strings mean "choose automatically".
public struct DisplaySettings: Equatable, Sendable {
    /// Turn the picture (and touch) clockwise by this many degrees (0, 90, 180, 270) on the
    /// touch panel; nil (`auto`): as the connector's `panel orientation` asks, else 0.
    public var rotate: Int? = nil
    /// `/dev/dri/cardN`.
    public var device = ""
    /// Only this connector (`HDMI-A-1`, `DSI-1`).
    public var connector = ""
    /// `WxH[@Hz]` instead of the kernel's choice.
    public var mode = ""
    /// A framebuffer to use instead of DRM (`/dev/fb0`).
    public var fbdev = ""
    /// Seconds to wait for another program (plymouth) to release the display.
    public var masterWait = 5.0
    /// Scanout pixel format; nil (`auto`): XRGB8888 unless the panel only takes RGB565.
    public var format: PixelFormat? = nil
    /// What the screens show after slidelock exits: what they showed before, or black.
    public var onExit: ExitScreen = .restore
    /// The output touch maps onto (`DSI-1`); empty: the first lit output.
    public var touchOutput = ""
    /// Idle dim and blank, backlight and brightness.
    public var power = PanelPowerSettings()
    /// The message line and the clock above the track.
    public var text = ScreenTextSettings()
    /// The touch panel's visible area in millimetres, for a layout in millimetres; nil
    /// (`auto`): what its connector reports (the lock fills it in), else unknown.
    public var physicalSize: Size? = nil
    /// `none`: the panel's report is ignored and the layout stays proportional (a panel
    /// whose EDID lies about its size).
    public var ignoresReportedSize = false

    public init() {}
}

/// What the screens show once slidelock has exited.
public enum ExitScreen: String, CaseIterable, Equatable, Sendable {
    case restore, black
}

/// Which touch devices, and the ghost-touch defences.
public struct InputSettings: Equatable, Sendable {
    /// A device path or name; empty: every touchscreen found.
    public var device = ""
    /// Take the device exclusively (EVIOCGRAB), so touches never reach the console.
    public var grab = true
    /// Take every keyboard away from the console and lock the VT (no Ctrl+C, VT switch,
    /// Ctrl+Alt+Del or SysRq through the panel's keyboards). Off only for bench use.
    public var keyboardLockout = true
    /// Accept absolute tablets (bench use).
    public var tablet = false
    public var touch = TouchSettings()
    /// The request-to-exit button, if any.
    public var button = ButtonSettings()
    /// When a contact that never moves stops counting as a finger (a pinned ghost).
    public var stuck = StuckSettings()

    public init() {}
}

/// How the control is placed on the screen (fractions of the screen unless said otherwise).
public struct LayoutSettings: Equatable, Sendable {
    /// Track width is at most this fraction of the screen width...
    public var trackWidth = 0.9
    /// ...and at most this many track heights.
    public var trackMaxAspect = 9.0
    /// Track height as a fraction of the shorter screen side.
    public var trackHeight = 0.15
    /// Lower bound on the track height, pixels.
    public var trackMinHeight = 48.0
    /// Vertical centre of the track as a fraction of the screen height.
    public var verticalPosition = 0.5
    public var direction: Direction = .auto
    /// The thumb's side in millimetres when the panel's size is known (the track's height
    /// follows through `theme.thumb_inset`): a fingertip is 8 to 10 mm wide.
    public var thumbMillimetres = 10.0
    /// `centre`: the clock, the date, the message line and the track placed as one block
    /// in the middle of the screen (`verticalPosition` then unused).
    public var group: LayoutGroup = .none

    public init() {}
}

/// Whether the text above the track and the track are placed together.
public enum LayoutGroup: String, CaseIterable, Equatable, Sendable {
    /// The track at `layout.vertical_position`, the text in the room above it.
    case none
    /// The text and the track together, centred vertically.
    case centre
}

/// Easing used when the thumb returns home.
public enum SnapBack: String, CaseIterable, Equatable, Sendable {
    case spring
    case easeInOut = "ease-in-out"
    case linear
}

/// Motion: spring, hue rotation, shimmer, state timings.
public struct AnimationSettings: Equatable, Sendable {
    public var snapBack: SnapBack = .spring
    /// SwiftUI `spring(response:dampingFraction:)` meaning.
    public var springResponse = 0.5
    public var springDampingFraction = 1.0
    /// Duration of the non-spring easings, seconds.
    public var easeDuration = 0.5
    public var hueEnabled = true
    public var hueFrom = -20.0
    public var hueTo = 20.0
    /// One sweep from `hueFrom` to `hueTo`, seconds (then it reverses).
    public var huePeriod = 3.0
    public var shimmer = false
    public var shimmerPeriod = 2.5
    /// Seconds `unlocked` / `failed` stay on screen before locking again.
    public var unlockedDuration = 1.5
    public var failedDuration = 1.5
    /// How the lock screen leaves on unlock (see `UnlockTransition`).
    public var unlockTransition: UnlockTransition = .none
    /// The session waits for a transition before exiting (exit mode); `exit_transition = on`
    /// is the older spelling of `unlock_transition = slide`.
    public var exitTransition: Bool {
        get { unlockTransition != .none }
        set { unlockTransition = newValue ? (unlockTransition == .none ? .slide : unlockTransition) : .none }
    }

    public init() {}
}

/// `animation.unlock_transition`: how the lock screen leaves when a slide unlocks.
public enum UnlockTransition: String, CaseIterable, Equatable, Sendable {
    /// Exit mode exits at once; hook mode shows busy / unlocked / failed on the lock screen.
    case none
    /// Exit mode: the control slides off the screen, then slidelock exits.
    case slide
    /// Exit mode: the whole screen fades into the unlocked colour, then slidelock exits.
    case fade
    /// Exit and hook modes: the whole screen fades into the unlocked colour by the fraction
    /// the thumb travelled, follows it back when released early, and completes on unlock.
    case interactive
}

/// What counts as a slide.
public struct GestureSettings: Equatable, Sendable {
    /// Progress (0...1) the thumb must reach to unlock; 1 = full travel.
    public var threshold = 1.0
    /// Unlock when the released velocity projects the thumb past the end.
    public var fling = false
    /// Seconds of velocity projection when `fling` is on.
    public var flingProjection = 0.2
    /// Extra pixels around the thumb that still grab it.
    public var hitSlop = 8.0
    /// Fastest finger a slide may have, pixels per second between two samples: a fast
    /// human flick is ~5,000; faster is a glitch or a burst of samples, and cancels the slide.
    public var maxSpeed = 20_000.0
    /// Shortest time, seconds, from the finger starting to move to the slide reaching the
    /// threshold (or the fling's release): no real finger crosses the track in less.
    public var minDuration = 0.05
    /// Tap-to-open: a tap on the thumb shows an Open button, a tap on it opens (the tap
    /// rule of `UnlockAuthority`).
    public var tapToOpen = false

    public init() {}
}

/// What a completed slide does.
public enum UnlockMode: String, CaseIterable, Equatable, Sendable {
    case exit, hook
}

public struct ActionSettings: Equatable, Sendable {
    public var mode: UnlockMode = .exit
    /// The hook command line (argv split by the runner), empty when none.
    public var hook = ""
    public var timeout = 10.0
    /// Seconds between SIGTERM and SIGKILL when a hook is stopped (timeout or exit): time
    /// for the relay script to switch its line off.
    public var killGrace = 3.0
    /// Seconds after an unlock during which the thumb cannot be grabbed.
    public var cooldown = 1.0
    /// Optional commands run when a slide starts and when one ends without unlocking
    /// (the seed control's start/end callbacks); empty when none. They only notify:
    /// their outcome changes nothing on screen.
    public var slideStartHook = ""
    public var cancelHook = ""
    /// Optional command run on every moment a person can be told of (`SLIDELOCK_EVENT`:
    /// slide-start, cancel, unlock, failed); a newer moment replaces a run still going.
    public var feedbackHook = ""
    /// Optional command run when the panel goes to sleep (dims or blanks) and wakes up.
    public var idleHook = ""

    public init() {}
}
