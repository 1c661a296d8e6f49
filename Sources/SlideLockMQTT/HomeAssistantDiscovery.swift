import SlideLockCore

/// Home Assistant's MQTT discovery for one panel: one device, its entities each a retained
/// JSON config on `<discovery_prefix>/<component>/<node>/<object>/config` (docs/site.md
/// lists them). Every entity is available only while both the bridge and the lock are.
public struct HomeAssistantDiscovery: Sendable {
    public let settings: MQTTSettings
    public let topics: BridgeTopics

    public init(settings: MQTTSettings) {
        self.settings = settings
        topics = BridgeTopics(prefix: settings.topicPrefix)
    }

    /// The panel's id in discovery topics and unique ids: Home Assistant takes letters,
    /// digits, `_` and `-` there, so the client id's dots become `_`.
    public var node: String {
        "slidelock_" + String(settings.clientID.map { $0 == "." ? "_" : $0 })
    }

    /// The configs to publish at every connection. The entities that send commands other
    /// than the lock's own are there only with `allow_commands`; without it their configs
    /// are cleared, so turning it off removes them from Home Assistant too.
    public func configs() -> [MQTTMessage] {
        entities.map { entity in
            guard entity.isCommand == false || settings.allowCommands else { return clear(entity) }
            return MQTTMessage(topic(entity), JSONText.object(common(entity) + entity.members), retained: true)
        }
    }

    /// `slidelock-mqtt --forget`: every config cleared (an empty retained payload), and
    /// Home Assistant removes the entities and then the device.
    public func forget() -> [MQTTMessage] { entities.map(clear) }

    private func clear(_ entity: Entity) -> MQTTMessage { MQTTMessage(topic(entity), "", retained: true) }

    private func topic(_ entity: Entity) -> String {
        settings.discoveryPrefix + "/" + entity.component + "/" + node + "/" + entity.object + "/config"
    }

    /// One entity: its platform, its object id, and its own members (JSON values).
    struct Entity {
        var component: String
        var object: String
        /// nil: the entity takes the device's name (the lock itself).
        var name: String?
        var isCommand = false
        var members: [(String, String)]
    }

    /// What every config carries: the name, ids, the device, where it came from, and the
    /// two availabilities (the bridge's will, the lock's watch).
    private func common(_ entity: Entity) -> [(String, String)] {
        let version = JSONText.string(SlideLockVersion.number)
        let device = JSONText.object([
            ("identifiers", JSONText.array([JSONText.string(node)])),
            ("name", JSONText.string(settings.clientID)),
            ("model", JSONText.string("slidelock")),
            ("sw_version", version),
        ])
        let availability = JSONText.array([
            JSONText.object([("topic", JSONText.string(topics.bridge))]),
            JSONText.object([("topic", JSONText.string(topics.availability))]),
        ])
        return [
            ("name", entity.name.map(JSONText.string) ?? "null"),
            ("unique_id", JSONText.string(node + "_" + entity.object)),
            ("device", device),
            ("origin", JSONText.object([("name", JSONText.string("slidelock-mqtt")), ("sw_version", version)])),
            ("availability", availability),
            ("availability_mode", JSONText.string("all")),
            ("qos", "1"),
        ]
    }
}
