@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTT
import SlideLockMQTTBridge
import SlideLockPlatform
import Testing

/// Home Assistant's side, played in-process: a second client of the broker that records
/// everything under `#` and publishes commands.
final class Observer {
    let client: MosquittoClient
    private(set) var received: [MQTTMessage] = []
    private(set) var connected = false

    init(port: Int, name: String = "observer") throws {
        client = try MosquittoClient(clientID: name)
        guard client.connect(host: "127.0.0.1", port: port, keepalive: 30) == 0 else {
            throw TestFailure("the observer cannot connect")
        }
    }

    /// One turn without waiting.
    func step() {
        let fd = client.socket
        guard fd >= 0 else { return }
        var poller = pollfd(fd: fd, events: Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
        _ = poll(&poller, 1, 0)
        if poller.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { client.loopRead() }
        if client.socket >= 0, client.wantsWrite { client.loopWrite() }
        client.loopMisc()
        for event in client.takeEvents() {
            switch event {
            case .connected(0):
                connected = true
                try? client.subscribe("#")
            case .message(let topic, let payload, let retained):
                received.append(MQTTMessage(topic, String(decoding: payload, as: UTF8.self), retained: retained))
            default: break
            }
        }
    }

    func publish(_ topic: String, _ payload: String, retained: Bool = false) {
        _ = client.publish(MQTTMessage(topic, payload, retained: retained))
        client.loopWrite()
    }

    func payloads(_ topic: String) -> [String] { received.filter { $0.topic == topic }.map(\.payload) }
}

/// The bridge in-process against a real broker and a fake lock, with its log kept.
final class Harness {
    let broker: Broker
    let lock: FakeLock
    let directory: String
    var log: [String] { logBox.lines }
    private let logBox = LogBox()
    private(set) var bridge: MQTTBridge!
    var observer: Observer!
    let topics: BridgeTopics

    static let backoff = ReconnectBackoff(first: 0.1, longest: 0.4)

    init(
        _ extra: String = "", broker: Broker? = nil, scheme: String = "mqtt", port: Int? = nil, keepalive: Int = 5,
        observe: Bool = true
    ) throws {
        let broker = try broker ?? Broker()
        self.broker = broker
        directory = try temporaryDirectory("bridge")
        lock = try FakeLock(path: directory + "/control")
        let text = """
            [mqtt]
            broker = \(scheme)://127.0.0.1:\(port ?? broker.port)
            client_id = panel-1
            keepalive = \(keepalive)
            \(extra)

            """
        try writeFile(directory + "/mqtt.conf", text)
        let config = try BridgeConfig.load(path: directory + "/mqtt.conf")
        topics = BridgeTopics(prefix: config.settings.topicPrefix)
        var options = MQTTBridge.Options(socket: lock.path)
        options.backoff = Self.backoff
        options.lockRetry = 0.1
        let box = logBox
        bridge = try MQTTBridge(config: config, options: options) { box.lines.append($0) }
        if observe { observer = try Observer(port: broker.port) }
    }

    deinit {
        lock.shutDown()
        removeDirectory(directory)
    }

    /// Runs the bridge and the observer until `condition` holds; false after `seconds`.
    @discardableResult
    func pump(seconds: Double = 3, until condition: () -> Bool) -> Bool {
        let end = MonotonicClock.now() + seconds
        while MonotonicClock.now() < end {
            bridge.step(timeout: 0.01)
            observer?.step()
            if condition() { return true }
        }
        return false
    }

    /// Runs both for `seconds` whatever happens.
    func run(seconds: Double) { _ = pump(seconds: seconds) { false } }

    /// Connected, the lock's status published, the observer subscribed.
    func ready() -> Bool {
        pump {
            (observer?.connected ?? true) && log.contains { $0.hasPrefix("connected to") }
                && (observer?.payloads(topics.availability).last == "online")
        }
    }
}

final class LogBox: @unchecked Sendable {
    var lines: [String] = []
}
