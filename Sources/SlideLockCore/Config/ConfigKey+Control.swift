// The [control] keys: the control socket of `slidelock ctl`.

extension ConfigKey {
    static let controlKeys: [ConfigKey] = [controlSocket, controlGroup]

    /// An absolute path, or `off`.
    static let controlSocket = ConfigKey(
        section: "control", name: "socket", accepts: "absolute path|off",
        apply: { (settings, text) throws(ConfigValueError) in
            if text == "off" {
                settings.control.socket = nil
                return
            }
            // sun_path holds 107 bytes and a NUL.
            guard text.hasPrefix("/"), text.utf8.count < 108, !text.hasSuffix("/") else {
                throw ConfigValueError(
                    message: "bad socket \"\(text)\" (expected off or an absolute path of at most 107 bytes)")
            }
            settings.control.socket = try ConfigValue.text(text)
        },
        format: { $0.control.socket ?? "off" })

    /// A group name (the letters useradd accepts) or number; empty for none.
    static let controlGroup = ConfigKey(
        section: "control", name: "group", accepts: "group name or number, or empty",
        apply: { (settings, text) throws(ConfigValueError) in
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
            guard text.isEmpty || (text.count <= 32 && !text.hasPrefix("-") && text.allSatisfy(allowed.contains))
            else { throw ConfigValueError(message: "bad group \"\(text)\" (expected a group name or number)") }
            settings.control.group = text
        },
        format: { $0.control.group })
}
