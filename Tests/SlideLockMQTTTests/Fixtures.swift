import SlideLockCore

@testable import SlideLockMQTT

/// Settings for a panel called `panel1` on a plain broker, with `allow_*` as given.
func panelSettings(allowOpen: Bool = false, allowCommands: Bool = false) -> MQTTSettings {
    var settings = MQTTSettings(broker: BrokerAddress(tls: false, host: "broker", port: 1883), clientID: "panel1")
    settings.allowOpen = allowOpen
    settings.allowCommands = allowCommands
    return settings
}

extension Array where Element == UInt8 {
    /// A line or payload as bytes, as the socket and the broker give them.
    init(text: String) { self = Array(text.utf8) }
}
