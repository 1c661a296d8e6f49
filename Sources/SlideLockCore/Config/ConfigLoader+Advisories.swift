/// Values an older configuration may hold that the lock still runs with, raised to what
/// it allows: an upgraded panel keeps opening, while `check-config` refuses them so that
/// the file gets fixed.
extension ConfigLoader {
    /// Raises each such value in `settings` and says why, located at the assignment that
    /// set it last (`lastSet`, by `section.key`).
    static func advise(_ settings: inout Settings, lastSet: [String: ConfigAssignment]) -> [ConfigError] {
        var advisories: [ConfigError] = []
        if settings.gesture.threshold < UnlockAuthority.minimumThreshold {
            let at = lastSet["gesture.threshold"]
            advisories.append(
                ConfigError(
                    file: at?.file ?? "", line: at?.line, key: "gesture.threshold",
                    message:
                        "\(ConfigValue.format(settings.gesture.threshold)) is below \(ConfigValue.format(UnlockAuthority.minimumThreshold)): "
                        + "a slide must cover at least half the track; for an easier way in, use gesture.tap_to_open"))
            settings.gesture.threshold = UnlockAuthority.minimumThreshold
        }
        return advisories
    }
}
