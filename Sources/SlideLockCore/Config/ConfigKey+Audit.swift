// The flight recorder's keys ([audit]).

/// Where and how much the flight recorder keeps (`FlightRecorder`, docs/recorder.md).
public struct AuditSettings: Equatable, Sendable {
    /// The built-in directory for recordings.
    public static let defaultDirectory = "/var/lib/slidelock/recordings"

    /// Absolute directory for recordings; nil (`off`): nothing is recorded or written.
    public var recordings: String? = AuditSettings.defaultDirectory
    /// Recording files kept in the directory; the oldest are removed past this.
    public var keep = 50.0
    /// Bytes of raw events kept in memory per touch device (and so per file, near enough).
    public var maxBytes = 262_144.0
    /// Seconds of raw events kept per touch device.
    public var maxSeconds = 20.0

    public init() {}
}

extension ConfigKey {
    static let auditKeys: [ConfigKey] = [
        recordings,
        .number("audit", "keep", \.audit.keep, .closed(1...10_000)),
        // 4 KiB holds a short slide; 16 MiB per device is already more than a write
        // after a verdict should cost.
        .number("audit", "max_bytes", \.audit.maxBytes, .closed(4096...16_777_216)),
        .number("audit", "max_seconds", \.audit.maxSeconds, .seconds(1...300)),
    ]

    /// `off`, or an absolute directory path without `..` (the trusted opener checks the rest).
    static let recordings = ConfigKey(
        section: "audit", name: "recordings", accepts: "off|absolute directory",
        apply: { (settings, text) throws(ConfigValueError) in
            let value = try ConfigValue.text(text)
            if value == "off" {
                settings.audit.recordings = nil
                return
            }
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            guard value.hasPrefix("/"), value.count > 1, !parts.contains(".."), !parts.contains(".") else {
                throw ConfigValueError(message: "\(value) is not an absolute directory (or off)")
            }
            settings.audit.recordings = value
        },
        format: { $0.audit.recordings ?? "off" })
}
