import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// What the lock starts with: the configured settings and their fonts, or, when the
/// config, a font, a hook or a named backlight fails, the lock out of
/// service (`OutOfService`) on what can still be trusted: a config that does not load is
/// replaced by the built-in defaults whole; one that loads keeps its settings (the button,
/// the hook, the relay: a way out) with the built-in fonts or backlight in place of
/// the one that failed. A hook that failed stays configured and fails by its own rule
/// when run. The problems are logged once the display is open (`logProblems`); a start
/// that cannot open one ends with the first problem's own error, one line as before.
public struct StartSettings {
    public var settings: Settings
    /// The fonts opened, nil when not even the built-in ones could be.
    public var fonts: LabelFonts?
    public var outOfService: OutOfService?
    /// What put the lock out of service, as thrown, and every problem's line.
    public var failure: (any Error)?
    public var problems: [String] = []

    public init(loader: SettingsLoader, log: Logger) {
        var settings = Settings()
        let failure: any Error
        let problems: [String]
        do {
            let loaded = try loader.loadAdvised()
            for advisory in loaded.advisories { log.warning("config: \(advisory)") }
            settings = loaded.settings
            let checks = StartChecks(settings, loader: loader)
            guard let first = checks.problems.first else {
                if let fonts = checks.fonts {
                    self.init(settings: settings, fonts: fonts, outOfService: nil)
                    return
                }
                self.init(failure: RunError(description: "theme.fonts: not opened"), settings: settings)
                return
            }
            problems = checks.problems.map { "\($0)" }
            failure = first
            settings = StartSettings.withoutFailures(settings, checks)
        } catch {
            problems = error.errors.map(\.description)
            failure = error
        }
        self.init(failure: failure, problems: problems, settings: settings)
    }

    /// The built-in defaults, out of service for `failure`: the config's own start failed at
    /// the panel (a device, an output, a layout that does not fit). `fonts`: those the
    /// config's start opened, kept; nil opens the built-in ones.
    public init(defaultsFor failure: any Error, fonts: LabelFonts? = nil) {
        var settings = Settings()
        if let fonts {
            // The scenes name the fonts they draw with: these, so the opened ones serve them.
            settings.theme.fonts = fonts.fonts
            settings.theme.labelWeight = fonts.weight
        }
        self.init(failure: failure, settings: settings, fonts: fonts)
    }

    init(failure: any Error, problems: [String]? = nil, settings: Settings, fonts opened: LabelFonts? = nil) {
        let problems = problems ?? ["\(failure)"]
        var why = OutOfService(problems: problems) ?? OutOfService(problems: ["\(failure)"])!
        let fonts = opened ?? (try? LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight))
        why.fontless = fonts == nil
        self.init(settings: settings, fonts: fonts, outOfService: why)
        self.failure = failure
        self.problems = problems
    }

    init(settings: Settings, fonts: LabelFonts?, outOfService: OutOfService?) {
        self.settings = settings
        self.fonts = fonts
        self.outOfService = outOfService
    }

    /// Every problem, once the out-of-service screen has a display to go on.
    public func logProblems(_ log: Logger) {
        for problem in problems { log.error("out of service: \(problem)") }
        if outOfService?.fontless == true {
            log.error("out of service: no font could be opened, the screen shows its lock badge alone")
        }
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
