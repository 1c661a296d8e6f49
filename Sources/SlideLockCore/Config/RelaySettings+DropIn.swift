extension RelaySettings {
    /// These settings as a `conf.d` drop-in: what a package upgrade writes for the relay
    /// settings of the old `/etc/default/slidelock-relay` (named by `from`), which dpkg
    /// removes or sets aside. A drop-in is read after `slidelock.conf`, so the door keeps
    /// the line it had even when the new `slidelock.conf` names the shipped default.
    public func dropIn(from file: String) -> String {
        var lines = [
            "# The door relay's settings, moved here from \(file) when slidelock was upgraded.",
            "# They override [relay] in slidelock.conf: edit them here, or delete this file to use",
            "# slidelock.conf's.",
            "[relay]",
            "line = \(line)",
            "active = \(active.rawValue)",
            "pulse = \(pulseText)",
        ]
        if !buzzer.isEmpty {
            lines += ["buzzer = \(buzzer)", "buzzer_active = \(buzzerActive.rawValue)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
