import SlideLockCore
import SlideLockPlatform

/// Where the relay's settings come from: the `[relay]` keys, or, while `relay.line` is
/// empty, the old `/etc/default/slidelock-relay` (`SLIDELOCK_RELAY_DEFAULTS` names another
/// file) read through the trusted opener, with one warning saying to move them.
public enum RelaySource {
    public static var legacyPath: String {
        Environment.value("SLIDELOCK_RELAY_DEFAULTS") ?? "/etc/default/slidelock-relay"
    }

    /// The effective relay settings and what to log about them: the `[relay]` keys when
    /// they name a line; else the old file's, when there is one (a warning); else none.
    /// An old file that cannot be read or parsed is an error line and no relay.
    public static func settings(_ settings: Settings, policy: TrustPolicy = .current, legacy: String = legacyPath)
        -> (relay: RelaySettings, log: [LogLine])
    {
        guard settings.relay.line.isEmpty else { return (settings.relay, []) }
        let text: String
        do { text = try TrustedOpener.open(legacy, policy: policy).readText(limit: 64 << 10) } catch let error
            as TrustError
        {
            if error.isMissing { return (settings.relay, []) }
            return (settings.relay, [LogLine(.error, "relay: \(error)")])
        } catch {
            return (settings.relay, [LogLine(.error, "relay: \(legacy): \(error)")])
        }
        switch RelayDefaults.parse(text, file: legacy) {
        case .success(let old):
            var relay = RelaySettings(legacy: old)
            // The old file had no buzzer keys beside a [relay] buzzer: keep the new one.
            if old.buzzerLine == nil {
                relay.buzzer = settings.relay.buzzer
                relay.buzzerActive = settings.relay.buzzerActive
            }
            return (
                relay,
                [
                    LogLine(
                        .warning,
                        "relay: read \(legacy) because [relay] has no line; move its settings to [relay] "
                            + "(line = \(relay.line), active = \(relay.active.rawValue), pulse = \(relay.pulse)) "
                            + "and remove the file")
                ]
            )
        case .failure(let errors):
            return (settings.relay, errors.errors.map { LogLine(.error, "relay: \($0)") })
        }
    }
}
