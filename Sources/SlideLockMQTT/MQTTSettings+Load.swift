import SlideLockCore

// mqtt.conf's keys and the checks across them. The file is read by Core's parser for the
// lock's own files (`ConfigTable`), so its errors read `FILE:LINE: mqtt.KEY: why` too.

extension MQTTSettings {
    /// The settings `source` holds. `hostName` is the default client id (the caller reads
    /// it: this module does no I/O). Throws every problem, one line each.
    public static func load(_ source: ConfigSource, hostName: String) throws(ConfigErrors) -> MQTTSettings {
        let (draft, lines) = try ConfigTable.load(source, keys: keys, into: Draft())
        var errors: [ConfigError] = []
        func error(_ key: String, _ message: String) {
            errors.append(
                ConfigError(
                    file: source.name, line: lines[section + "." + key], key: section + "." + key, message: message))
        }
        if draft.broker == nil { error("broker", "missing: the broker to connect to (\(BrokerAddress.expected))") }
        let clientID = draft.clientID ?? hostName
        if draft.clientID == nil, let problem = clientIDProblem(hostName) {
            error("client_id", "the host name will not do (\(problem)): set client_id")
        }
        if let broker = draft.broker, !broker.tls {
            for (key, value) in [("ca_file", draft.caFile), ("cert_file", draft.certFile), ("key_file", draft.keyFile)]
            where value != nil {
                error(key, "needs an mqtts:// broker (the broker is \(broker))")
            }
        }
        if draft.certFile != nil, draft.keyFile == nil { error("cert_file", "needs key_file (the certificate's key)") }
        if draft.keyFile != nil, draft.certFile == nil { error("key_file", "needs cert_file (the key's certificate)") }
        // MQTT sends a password only after a user name.
        if draft.passwordFile != nil, draft.username == nil { error("password_file", "needs username") }
        guard errors.isEmpty, let broker = draft.broker else { throw ConfigErrors(errors) }
        var settings = MQTTSettings(broker: broker, clientID: clientID)
        settings.username = draft.username
        settings.passwordFile = draft.passwordFile
        settings.caFile = draft.caFile
        settings.certFile = draft.certFile
        settings.keyFile = draft.keyFile
        if let prefix = draft.topicPrefix { settings.topicPrefix = prefix }
        if let prefix = draft.discoveryPrefix { settings.discoveryPrefix = prefix }
        if let keepalive = draft.keepalive { settings.keepalive = keepalive }
        settings.allowOpen = draft.allowOpen
        settings.allowCommands = draft.allowCommands
        return settings
    }

    /// What the file said, before the defaults that depend on other keys.
    struct Draft: Sendable {
        var broker: BrokerAddress?
        var clientID, username, passwordFile, caFile, certFile, keyFile: String?
        var topicPrefix, discoveryPrefix: String?
        var keepalive: Int?
        var allowOpen = false
        var allowCommands = false
    }

    typealias Key = ConfigTableKey<Draft>

    static let keys: [Key] = [
        Key(section: section, name: "broker") { (draft, text) throws(ConfigValueError) in
            draft.broker = try BrokerAddress.parse(text)
        },
        Key(section: section, name: "client_id") { (draft, text) throws(ConfigValueError) in
            if let problem = clientIDProblem(text) {
                throw ConfigValueError(message: "bad client id \"\(text)\" (\(problem))")
            }
            draft.clientID = text
        },
        Key(section: section, name: "username") { (draft, text) throws(ConfigValueError) in
            draft.username = try username(text)
        },
        path("password_file", \.passwordFile), path("ca_file", \.caFile), path("cert_file", \.certFile),
        path("key_file", \.keyFile),
        Key(section: section, name: "topic_prefix") { (draft, text) throws(ConfigValueError) in
            draft.topicPrefix = try topicPrefix(text)
        },
        Key(section: section, name: "discovery_prefix") { (draft, text) throws(ConfigValueError) in
            draft.discoveryPrefix = try topicPrefix(text)
        },
        Key(section: section, name: "keepalive") { (draft, text) throws(ConfigValueError) in
            guard let seconds = Int(text), text.allSatisfy(\.isNumber), (5...3600).contains(seconds) else {
                throw ConfigValueError(message: "bad keepalive \"\(text)\" (expected whole seconds 5...3600)")
            }
            draft.keepalive = seconds
        },
        Key(section: section, name: "allow_open") { (draft, text) throws(ConfigValueError) in
            draft.allowOpen = try ConfigValue.bool(text)
        },
        Key(section: section, name: "allow_commands") { (draft, text) throws(ConfigValueError) in
            draft.allowCommands = try ConfigValue.bool(text)
        },
    ]

    /// Every key's name, in the table's order (for docs and their test).
    public static var keyNames: [String] { keys.map(\.name) }

    /// An absolute file path; empty for none.
    static func path(_ name: String, _ field: WritableKeyPath<Draft, String?> & Sendable) -> Key {
        Key(section: section, name: name) { (draft, text) throws(ConfigValueError) in
            if text.isEmpty {
                draft[keyPath: field] = nil
                return
            }
            guard text.hasPrefix("/"), !text.hasSuffix("/"), text.utf8.count < 4096 else {
                throw ConfigValueError(message: "bad path \"\(text)\" (expected an absolute path to a file)")
            }
            draft[keyPath: field] = try ConfigValue.text(text)
        }
    }

    /// Why `text` cannot be the client id, or nil: it names the panel in topics and in
    /// Home Assistant's ids, so letters, digits, `.`, `_` and `-` only, at most 64.
    static func clientIDProblem(_ text: String) -> String? {
        if text.isEmpty { return "empty" }
        if text.utf8.count > 64 { return "longer than 64 characters" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return text.allSatisfy(allowed.contains) ? nil : "only letters, digits, '.', '_' and '-'"
    }

    /// A user name, or nil for none: printable UTF-8, at most 256 bytes.
    static func username(_ text: String) throws(ConfigValueError) -> String? {
        if text.isEmpty { return nil }
        guard text.utf8.count <= 256, !text.unicodeScalars.contains(where: \.properties.isControlLike) else {
            throw ConfigValueError(message: "bad user name (at most 256 bytes, no control characters)")
        }
        return try ConfigValue.text(text)
    }

    /// Topic levels as MQTT publishes them: no wildcards (`+`, `#`), no empty level, no
    /// leading `$` (the broker's own topics), no control characters, at most 512 bytes.
    static func topicPrefix(_ text: String) throws(ConfigValueError) -> String {
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.count <= 512, !levels.contains(where: \.isEmpty), !text.hasPrefix("$"),
            !text.contains(where: { $0 == "+" || $0 == "#" }),
            !text.unicodeScalars.contains(where: \.properties.isControlLike)
        else {
            throw ConfigValueError(
                message: "bad topic prefix \"\(text)\" (levels joined by '/', none empty, no '+', '#' or leading '$')")
        }
        return try ConfigValue.text(text)
    }
}

extension Unicode.Scalar.Properties {
    /// C0, DEL, C1 and the line separators: nothing that splits or steers a line.
    var isControlLike: Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(generalCategory)
    }
}

extension MQTTSettings {
    /// The line `source` sets `key` (`password_file`) on, for an error about its value
    /// found later (the file it names is unreadable); nil when not set or not loadable.
    public static func line(of key: String, in source: ConfigSource) -> Int? {
        guard let (_, lines) = try? ConfigTable.load(source, keys: keys, into: Draft()) else { return nil }
        return lines[section + "." + key]
    }
}
