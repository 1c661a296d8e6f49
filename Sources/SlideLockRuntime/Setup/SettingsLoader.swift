import SlideLockCore
import SlideLockPlatform

/// Gathers the config layers from disk (system file, conf.d in name order, --config
/// files) and hands them with --set/--theme to the pure `ConfigLoader`.
public struct SettingsLoader: Sendable {
    /// Root of the system configuration; `SLIDELOCK_CONFIG_ROOT` moves it for tests.
    public var systemRoot = Environment.value("SLIDELOCK_CONFIG_ROOT") ?? "/etc/slidelock"
    public var configFiles: [String] = []
    public var overrides: [String] = []
    public var theme: String?

    public init(configFiles: [String] = [], overrides: [String] = [], theme: String? = nil) {
        self.configFiles = configFiles
        self.overrides = overrides
        self.theme = theme
    }

    public func load() throws(ConfigErrors) -> Settings {
        var sources: [ConfigSource] = []
        var errors: [ConfigError] = []
        func add(_ path: String, required: Bool) {
            if !required && !FileIO.exists(path) { return }
            // As root, a file anybody else can write could point the hook anywhere.
            // (Only regular files: the reader refuses anything else with a clearer line.)
            if FileIO.exists(path) && FileIO.checkRegularFile(path, limit: Int.max) == nil {
                do { try FileTrust.checkIfRoot(path) } catch {
                    return errors.append(
                        .unreadable(
                            file: path,
                            reason:
                                "\(error.culprit == path ? "" : error.culprit + " ")\(error.problem): not trusted when running as root"
                        ))
                }
            }
            do {
                sources.append(ConfigSource(name: path, text: try FileIO.readText(path)))
            } catch {
                errors.append(.unreadable(file: path, reason: error.reason))
            }
        }
        add(systemRoot + "/slidelock.conf", required: false)
        let dropIns = (try? FileIO.list(systemRoot + "/conf.d")) ?? []
        for name in dropIns where name.hasSuffix(".conf") { add(systemRoot + "/conf.d/" + name, required: false) }
        for file in configFiles { add(file, required: true) }
        if !errors.isEmpty { throw ConfigErrors(errors) }
        return try ConfigLoader.load(sources: sources, overrides: overrides, theme: theme)
    }
}
