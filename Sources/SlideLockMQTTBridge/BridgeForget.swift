import CMosquitto
@preconcurrency import Glibc
import SlideLockMQTT
import SlideLockPlatform

/// `slidelock-mqtt --forget`: clears what the broker keeps of this panel (every discovery
/// config, so Home Assistant removes the device, and every retained state), then ends.
/// It connects under a client id of its own, so a running bridge is not thrown off; stop
/// the bridge first, or it publishes everything again at its next connection.
public enum BridgeForget {
    /// The messages that clear the panel: an empty retained payload on each topic.
    public static func messages(_ settings: MQTTSettings) -> [MQTTMessage] {
        let topics = BridgeTopics(prefix: settings.topicPrefix)
        let states = [
            topics.bridge, topics.availability, topics.state, topics.attributes, topics.door, topics.tamper,
            topics.lockdown, topics.display, topics.message, topics.rejected,
        ]
        return HomeAssistantDiscovery(settings: settings).forget() + states.map { MQTTMessage($0, "", retained: true) }
    }

    /// Connects, publishes the clears and waits for the broker to acknowledge each,
    /// within `timeout` seconds.
    public static func run(config: BridgeConfig, timeout: Double = 15) throws(BridgeError) {
        let settings = config.settings
        let client = try config.client(id: String((settings.clientID + "-forget").suffix(64)))
        let broker = settings.broker
        let code = client.connect(host: broker.host, port: broker.port, keepalive: settings.keepalive)
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw BridgeError("cannot connect to \(broker): \(client.describe(code))")
        }
        let end = MonotonicClock.now() + timeout
        let waiter = PollWaiter()
        var waiting: Set<Int32>?
        while MonotonicClock.now() < end {
            let fd = client.socket
            guard fd >= 0 else { throw BridgeError("lost the broker \(broker)") }
            let ready =
                (try? waiter.wait(
                    for: [fd], writable: client.wantsWrite ? [fd] : [], until: MonotonicClock.now() + 0.2)) ?? []
            let code = ready.isEmpty ? client.loopMisc() : client.loop()
            if client.socket < 0, code != MOSQ_ERR_SUCCESS.rawValue {
                throw BridgeError("lost the broker \(broker) (\(client.describe(code)))")
            }
            for event in client.takeEvents() {
                switch event {
                case .connected(let code) where code != 0:
                    throw BridgeError("the broker refused the connection: \(MosquittoClient.connackText(code))")
                case .connected:
                    var ids = Set<Int32>()
                    for message in messages(settings) {
                        switch client.publish(message) {
                        case .success(let id): ids.insert(id)
                        case .failure(let error): throw BridgeError("cannot clear \(message.topic): \(error)")
                        }
                    }
                    waiting = ids
                case .disconnected(let code):
                    throw BridgeError("lost the broker \(broker) (\(client.describe(code)))")
                case .published(let id):
                    waiting?.remove(id)
                case .message:
                    break
                }
            }
            if waiting?.isEmpty == true {
                client.disconnect()
                client.loopWrite()
                return
            }
        }
        throw BridgeError("the broker \(broker) did not acknowledge within \(Int(timeout)) s")
    }
}
