import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// What the settings point at outside the config files, checked as the lock checks it at
/// start, before the display is touched: every hook program (`HookProgram`: trusted, a
/// full path as root, runnable), a backlight named in the config, and the fonts
/// (`LabelFonts`, through `TrustedOpener`). The lock stops at the first problem;
/// `check-config` and `selftest` report them all, in the lock's own words. `control.group`
/// naming no group is a warning, not a problem: the socket is then root's only
/// (`LockScreen.controlAccess`), which is where the lock started before it was set.
public struct StartChecks {
    /// The fonts, opened; nil when they could not be (the problem is in `problems`).
    public let fonts: LabelFonts?
    /// Every problem found, one line each, in the order above.
    public let problems: [any Error]
    /// `control.group` names no group (the shipped `slidelock-ctl` where no package made it).
    public let groupWarning: (any Error)?
    /// The named backlight is not there.
    public let backlightFailed: Bool

    /// Runs every check on `settings` with `loader`'s trust policy.
    public init(_ settings: Settings, loader: SettingsLoader) {
        var problems = loader.hookProblems(settings.action)
        var groupWarning: (any Error)?
        var backlightFailed = false
        do { _ = try GroupLookup.gid(settings.control.group) } catch { groupWarning = error }
        if case .named(let name) = settings.display.power.backlight {
            do { _ = try Backlight(name: name) } catch {
                problems.append(error)
                backlightFailed = true
            }
        }
        self.groupWarning = groupWarning
        self.backlightFailed = backlightFailed
        var fonts: LabelFonts?
        do { fonts = try LabelFonts(settings.theme.fonts, weight: settings.theme.labelWeight) } catch {
            problems.append(error)
        }
        self.fonts = fonts
        self.problems = problems
    }

    /// The fonts, or the first problem thrown: the lock's start.
    public func fontsOrFirstProblem() throws -> LabelFonts {
        if let problem = problems.first { throw problem }
        guard let fonts else { throw RunError(description: "theme.fonts: not opened") }
        return fonts
    }
}
