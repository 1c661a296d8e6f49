import SlideLockCore

/// `/etc/slidelock/mqtt.conf`: where the bridge finds the site's broker, what it calls
/// itself there, and which commands from the broker it passes to the lock.
public struct MQTTSettings: Equatable, Sendable {
    /// `mqtt.broker`: required; there is no broker to guess.
    public var broker: BrokerAddress
    /// `mqtt.client_id`: the MQTT client identifier and the panel's name in topics and in
    /// Home Assistant. Default: the host name.
    public var clientID: String
    /// `mqtt.username`: nil for an anonymous connection.
    public var username: String?
    /// `mqtt.password_file`: the password's first line, read through the trusted opener
    /// (a password in this file would be readable by whoever may read the file).
    public var passwordFile: String?
    /// `mqtt.ca_file`, `cert_file`, `key_file`: TLS (mqtts:// only). Without `ca_file` the
    /// system's certificate store verifies the broker.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    /// `mqtt.topic_prefix`: every topic of this panel starts with it. Default
    /// `slidelock/<client_id>`.
    public var topicPrefix: String
    /// `mqtt.discovery_prefix`: Home Assistant's discovery topics. Default `homeassistant`.
    public var discoveryPrefix = "homeassistant"
    /// `mqtt.keepalive`: MQTT's keepalive, whole seconds 5...3600 (libmosquitto refuses less).
    public var keepalive = 15
    /// `mqtt.allow_open`: OPEN and UNLOCK from the broker open the door. Off by default:
    /// whoever may publish to the command topic could open it.
    public var allowOpen = false
    /// `mqtt.allow_commands`: LOCK, message, lockdown, display and identify.
    public var allowCommands = false

    public init(broker: BrokerAddress, clientID: String) {
        self.broker = broker
        self.clientID = clientID
        self.topicPrefix = "slidelock/" + clientID
    }

    /// The file's section: the file holds only the bridge's keys.
    static let section = "mqtt"
}

/// `mqtt://HOST[:PORT]` or `mqtts://HOST[:PORT]` (TLS); the ports default to 1883 and 8883.
public struct BrokerAddress: Equatable, Sendable, CustomStringConvertible {
    public var tls: Bool
    /// A DNS name, an IPv4 address, or an IPv6 address without its brackets.
    public var host: String
    public var port: Int

    public init(tls: Bool, host: String, port: Int) {
        self.tls = tls
        self.host = host
        self.port = port
    }

    public var description: String {
        (tls ? "mqtts://" : "mqtt://") + (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    static let expected = "expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"

    /// The address `text` spells; nothing after the port (no user, path or query: the
    /// credentials have keys of their own, and MQTT has no path).
    public static func parse(_ text: String) throws(ConfigValueError) -> BrokerAddress {
        let bad = ConfigValueError(message: "bad broker \"\(text)\" (\(expected))")
        let tls: Bool
        var rest: Substring
        if text.hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else if text.hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else {
            throw bad
        }
        var host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw bad }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard host.contains(":"), host.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })
            else { throw bad }
        } else {
            host = rest.prefix { $0 != ":" }
            rest = rest.dropFirst(host.count)
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
            guard host.allSatisfy(allowed.contains), !host.hasPrefix("-"), !host.hasPrefix(".") else { throw bad }
        }
        guard !host.isEmpty, host.utf8.count <= 253 else { throw bad }
        var port = tls ? 8883 : 1883
        if !rest.isEmpty {
            let digits = rest.dropFirst()
            guard rest.first == ":", (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(digits), (1...65535).contains(number)
            else { throw bad }
            port = number
        }
        return BrokerAddress(tls: tls, host: String(host), port: port)
    }
}
