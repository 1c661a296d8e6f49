import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// What the lock starts with: the configured settings and their fonts, or, when the
/// config, a font, a hook, `control.group` or a named backlight fails, the lock out of
/// service (`OutOfService`) on what can still be trusted: a config that does not load is
/// replaced by the built-in defaults whole; one that loads keeps its settings (the button,
/// the hook, the relay: a way out) with the built-in fonts, group or backlight in place of
/// the one that failed. A hook that failed stays configured and fails by its own rule
/// when run. Every problem is logged.
public struct StartSettings {
    public var settings: Settings
    /// The fonts opened, nil when not even the built-in ones could be.
    public var fonts: LabelFonts?
    public var outOfService: OutOfService?

    public init(loader: SettingsLoader, log: Logger) {
        var problems: [String] = []
        var settings = Settings()
        do {
            let loaded = try loader.loadAdvised()
            for advisory in loaded.advisories { log.warning("config: \(advisory)") }
            settings = loaded.settings
            let checks = StartChecks(settings, loader: loader)
            problems = checks.problems.map { "\($0)" }
            if problems.isEmpty, let fonts = checks.fonts {
                self.init(settings: settings, fonts: fonts, outOfService: nil)
                return
            }
            settings = StartSettings.withoutFailures(settings, checks)
        } catch {
            problems = error.errors.map(\.description)
        }
        for problem in problems { log.error("out of service: \(problem)") }
        var why = OutOfService(problems: problems) ?? OutOfService(problems: ["unknown start problem"])!
        let fonts = try? LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight)
        if fonts == nil {
            why.fontless = true
            log.error("out of service: no font could be opened, the screen shows its badge alone")
        }
        self.init(settings: settings, fonts: fonts, outOfService: why)
    }

    init(settings: Settings, fonts: LabelFonts?, outOfService: OutOfService?) {
        self.settings = settings
        self.fonts = fonts
        self.outOfService = outOfService
    }

    /// `settings` with the built-in value of each part `checks` found failing (hooks
    /// excepted: they refuse to run by their own rules).
    static func withoutFailures(_ settings: Settings, _ checks: StartChecks) -> Settings {
        let defaults = Settings()
        var s = settings
        if checks.fonts == nil {
            s.theme.fonts = defaults.theme.fonts
            s.theme.labelWeight = defaults.theme.labelWeight
        }
        if checks.groupFailed { s.control.group = defaults.control.group }
        if checks.backlightFailed { s.display.power.backlight = defaults.display.power.backlight }
        // A hook that cannot even be split into words would stop the lock's start.
        let hooks: [WritableKeyPath<ActionSettings, String>] = [
            \.hook, \.feedbackHook, \.slideStartHook, \.cancelHook, \.idleHook,
        ]
        for hook in hooks where (try? LockScreen.splitHook("", s.action[keyPath: hook])) == nil {
            s.action = defaults.action
        }
        return s
    }
}
