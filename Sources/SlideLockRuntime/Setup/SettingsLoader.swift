import SlideLockCore
import SlideLockPlatform

/// Gathers the config layers from disk (system file, conf.d in name order, --config
/// files) and hands them with --set/--theme to the pure `ConfigLoader`. Every file is
/// opened by `TrustedOpener` (as root: root's files in root's directories only) and read
/// from the descriptor it checked; conf.d's entries are opened through conf.d's own
/// checked descriptor.
public struct SettingsLoader: Sendable {
    /// Root of the system configuration; `SLIDELOCK_CONFIG_ROOT` moves it for tests.
    public var systemRoot = Environment.value("SLIDELOCK_CONFIG_ROOT") ?? "/etc/slidelock"
    public var configFiles: [String] = []
    public var overrides: [String] = []
    public var theme: String?
    /// Whose files are trusted; tests check against their own uid.
    public var policy = TrustPolicy.current

    public init(configFiles: [String] = [], overrides: [String] = [], theme: String? = nil) {
        self.configFiles = configFiles
        self.overrides = overrides
        self.theme = theme
    }

    /// The settings, for every command: the configuration files and the command line.
    public func load() throws(ConfigErrors) -> Settings { try loadAdvised().settings }

    /// `load`, with what the lock raises and `check-config` refuses
    /// (`ConfigLoader.loadAdvised`).
    public func loadAdvised() throws(ConfigErrors) -> (settings: Settings, advisories: [ConfigError]) {
        var sources: [ConfigSource] = []
        var errors: [ConfigError] = []
        func add(_ name: String, required: Bool, open: () throws(TrustError) -> TrustedFile) {
            do {
                sources.append(ConfigSource(name: name, text: try open().readText()))
            } catch let error as TrustError {
                if required || !error.isMissing { errors.append(.unreadable(file: name, reason: error.reason)) }
            } catch let error as SystemError {
                errors.append(.unreadable(file: name, reason: error.reason))
            } catch {
                errors.append(.unreadable(file: name, reason: "\(error)"))
            }
        }
        let system = systemRoot + "/slidelock.conf"
        add(system, required: false) { () throws(TrustError) in try TrustedOpener.open(system, policy: policy) }
        let dropIns = systemRoot + "/conf.d"
        do {
            let directory = try TrustedOpener.openDirectory(dropIns, policy: policy)
            for name in try directory.names() where name.hasSuffix(".conf") {
                add(dropIns + "/" + name, required: false) { () throws(TrustError) in try directory.open(name) }
            }
        } catch {
            if !error.isMissing { errors.append(.unreadable(file: dropIns, reason: error.reason)) }
        }
        for file in configFiles {
            // The invoker's own standard input: nothing on a path to check.
            if file == "/dev/stdin" {
                do { sources.append(ConfigSource(name: file, text: try FileIO.readText(file))) } catch {
                    errors.append(.unreadable(file: file, reason: error.reason))
                }
                continue
            }
            add(file, required: true) { () throws(TrustError) in try TrustedOpener.open(file, policy: policy) }
        }
        if !errors.isEmpty { throw ConfigErrors(ConfigLoader.bounded(errors)) }
        return try ConfigLoader.loadAdvised(sources: sources, overrides: overrides, theme: theme)
    }

    /// The settings the lock screen runs with, at start and on every reload (SIGHUP): `load`,
    /// then every hook program opened and checked as it will be run (`HookProgram`), so an
    /// untrusted, missing or (as root) PATH-found hook is refused with its key named.
    /// Each advisory is logged as a warning on `log`.
    public func loadForLock(log: Logger? = nil) throws -> Settings {
        let (settings, advisories) = try loadAdvised()
        for advisory in advisories { log?.warning("config: \(advisory)") }
        try checkHooks(settings.action)
        return settings
    }

    /// Each configured hook's program, opened as `HookRunner` will open it at every run.
    public func checkHooks(_ action: ActionSettings) throws {
        if let problem = hookProblems(action).first { throw problem }
    }

    /// Every configured hook that could not run, one error each naming its key.
    public func hookProblems(_ action: ActionSettings) -> [any Error] {
        let hooks = [
            ("hook", action.mode == .hook ? action.hook : ""), ("slide_start_hook", action.slideStartHook),
            ("cancel_hook", action.cancelHook), ("idle_hook", action.idleHook),
            ("feedback_hook", action.feedbackHook),
        ]
        var problems: [any Error] = []
        for (key, text) in hooks {
            do {
                guard let program = try LockScreen.splitHook(key, text).first else { continue }
                _ = try HookProgram.open(program, policy: policy)
            } catch let error as HookError {
                problems.append(RunError(description: "action.\(key): \(error.detail)"))
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
