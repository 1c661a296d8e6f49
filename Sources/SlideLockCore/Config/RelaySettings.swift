/// The door relay (`relay.*`): the GPIO line that `slidelock relay pulse` drives on unlock,
/// and the optional buzzer `slidelock relay beep` sounds for the feedback moments. The lock
/// requests the relay line (output, inactive) once at start and holds it for its whole life,
/// so no other process can drive it between pulses; a reload keeps the line as requested.
public struct RelaySettings: Equatable, Sendable {
    /// `CHIP:LINE` as for `input.button`; empty: no relay.
    public var line = ""
    /// The level that energises the relay.
    public var active: RelayLevel = .high
    /// Seconds the relay stays energised per unlock.
    public var pulse = 0.5
    /// `CHIP:LINE` of a buzzer for the feedback hook; empty: none.
    public var buzzer = ""
    public var buzzerActive: RelayLevel = .high

    public init() {}

    /// The pulse as the config writes it (`0.5`), for logs and the hook's environment.
    public var pulseText: String { Self.format(pulse) }

    /// Seconds as the config writes them.
    public static func format(_ seconds: Double) -> String { ConfigValue.format(seconds) }

    /// Why a pulse of these settings must be refused with `timeout` (`action.timeout`), or
    /// nil: a pulse that cannot end before the hook is stopped would be cut short every time.
    public func pulseProblem(timeout: Double) -> String? {
        guard pulse >= timeout else { return nil }
        return "relay.pulse = \(ConfigValue.format(pulse)) does not end before action.timeout = "
            + "\(ConfigValue.format(timeout)): the pulse would be stopped every time; shorten it or raise action.timeout"
    }

    /// The old `/etc/default/slidelock-relay`'s values as `[relay]` keys.
    public init(legacy: RelayDefaults) {
        line = "\(legacy.chip):\(legacy.line ?? 0)"
        active = legacy.activeLow ? .low : .high
        pulse = Double(legacy.pulseMilliseconds) / 1000
        if let buzzerLine = legacy.buzzerLine {
            buzzer = "\(legacy.buzzerChip ?? legacy.chip):\(buzzerLine)"
            buzzerActive = legacy.buzzerActiveLow ? .low : .high
        }
    }
}

/// The level at which a relay or buzzer line is energised.
public enum RelayLevel: String, CaseIterable, Equatable, Sendable {
    case high, low
}
