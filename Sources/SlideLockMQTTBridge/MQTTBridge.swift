import CMosquitto
@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTT
import SlideLockPlatform

/// The bridge: one poll loop over the lock's watch connection and the broker's socket.
/// What to publish and which commands to pass are decided by `BridgeState`,
/// `BridgeCommands` and `HomeAssistantDiscovery`; this class moves bytes and keeps time.
/// It publishes only while connected, and at most `maxUnacknowledged` messages wait for
/// the broker: nothing queues without bound, and a reconnection republishes every
/// retained state instead of replaying what was missed.
public final class MQTTBridge {
    /// What is tuned in tests and fixed in the executable.
    public struct Options {
        /// The lock's control socket.
        public var socket: String
        public var backoff = ReconnectBackoff.standard
        /// Seconds between attempts to reach the lock while it is gone.
        public var lockRetry = 1.0
        /// Seconds a command waits for the lock's answer.
        public var commandTimeout = 3.0

        public init(socket: String) { self.socket = socket }
    }

    /// The broker link.
    enum Link: Equatable {
        case waiting(until: Double)
        case connecting
        case connected
    }

    public static let maxUnacknowledged = 256

    let config: BridgeConfig
    let options: Options
    let client: MosquittoClient
    let log: (String) -> Void
    private let topics: BridgeTopics
    private var state: BridgeState
    var commands: BridgeCommands
    private var backoff: ReconnectBackoff
    private(set) var link = Link.waiting(until: 0)
    private var hasConnected = false
    private var lock: LockWatch?
    private var lockRetryAt = 0.0
    /// nil until the first attempt, so the first failure is logged once too.
    private var lockReachable: Bool?
    private var unacknowledged: Set<Int32> = []
    /// Messages were left out (too many unacknowledged): publish everything once drained.
    private var behind = false
    var ignoredLog = LogBudget(linesPerMinute: 20)
    /// After `finish`: nothing more is done.
    private var finished = false
    private let waiter = PollWaiter()

    public init(config: BridgeConfig, options: Options, log: @escaping (String) -> Void) throws(BridgeError) {
        self.config = config
        self.options = options
        self.log = log
        let settings = config.settings
        topics = BridgeTopics(prefix: settings.topicPrefix)
        state = BridgeState(topics: topics)
        commands = BridgeCommands(settings: settings)
        backoff = options.backoff
        client = try config.client(id: settings.clientID, payloadLimit: BridgeCommands.maxPayloadBytes + 1)
        try client.setWill(topics.bridgeWill)
    }

    /// Commands ignored so far, by kind; watch lines not used, by kind.
    public var ignoredCommands: [IgnoredCommand.Kind: Int] { commands.ignored }
    public var watchProblems: [WatchLineProblem: Int] { state.problems }

    /// Runs until SIGTERM or SIGINT, then says `offline` and disconnects cleanly.
    public func run() throws {
        try SignalSource.handling([SIGTERM, SIGINT]) { signals in
            while signals.read().isEmpty { step(timeout: 1, also: signals.fd) }
        }
        log("stopping")
        finish()
    }

    /// One turn: (re)connect what is due, wait up to `timeout` for either socket (or
    /// `also`), and handle what arrived.
    public func step(timeout: Double, also extra: Int32 = -1) {
        guard !finished else { return }
        var now = MonotonicClock.now()
        if lock == nil, now >= lockRetryAt { openLock(now: now) }
        if case .waiting(let until) = link, now >= until { connect(now: now) }
        var deadline = now + timeout
        if case .waiting(let until) = link { deadline = min(deadline, until) }
        if lock == nil { deadline = min(deadline, lockRetryAt) }
        // libmosquitto's keepalive runs in loop_misc, at least once a second.
        deadline = min(deadline, now + 1)
        let broker = client.socket
        let watch = lock?.fd ?? -1
        let ready: Set<Int32>
        do {
            ready = try waiter.wait(
                for: [watch, broker, extra], writable: client.wantsWrite ? [broker] : [], until: deadline)
        } catch {
            log("\(error)")
            ready = []
        }
        lastCode = broker >= 0 && ready.contains(broker) ? client.loop() : client.loopMisc()
        handleBrokerEvents()
        now = MonotonicClock.now()
        if let lock, watch >= 0, ready.contains(watch) { readLock(lock, now: now) }
        // What the lines or the events queued goes out now, not at the next turn.
        if client.socket >= 0, client.wantsWrite { lastCode = client.loop() }
        handleBrokerEvents()
    }

    /// The last code from libmosquitto's loop: why a connection ended without a callback.
    private var lastCode: Int32 = 0

    /// A clean end: `offline` on the bridge's topic (the will is not sent for a clean
    /// disconnect), given a second to reach the broker.
    public func finish() {
        if link == .connected {
            send([topics.bridgeWill])
            let end = MonotonicClock.now() + 1
            while !unacknowledged.isEmpty, link == .connected, MonotonicClock.now() < end { step(timeout: 0.1) }
            client.disconnect()
            client.loopWrite()
        }
        finished = true
        lock = nil
    }

    /// The broker connection's descriptor, -1 without one.
    public var brokerSocket: Int32 { client.socket }

    // MARK: The broker

    private func connect(now: Double) {
        let broker = config.settings.broker
        let code =
            hasConnected
            ? client.reconnect()
            : client.connect(host: broker.host, port: broker.port, keepalive: config.settings.keepalive)
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            retryLater(now: now, why: "cannot connect to \(broker): \(client.describe(code))")
            return
        }
        hasConnected = true
        link = .connecting
    }

    private func retryLater(now: Double, why: String) {
        let wait = backoff.failed()
        link = .waiting(until: now + wait)
        log("\(why); next attempt in \(Self.seconds(wait))")
    }

    private func handleBrokerEvents() {
        for event in client.takeEvents() {
            switch event {
            case .connected(let code):
                guard code == 0 else {
                    // libmosquitto closes the connection next, and says so (.disconnected).
                    log("the broker refused the connection: \(MosquittoClient.connackText(code))")
                    continue
                }
                connected()
            case .disconnected(let code):
                let why = code == 0 ? "disconnected" : client.describe(code)
                retryLater(now: MonotonicClock.now(), why: "lost the broker \(config.settings.broker) (\(why))")
            case .message(let topic, let payload, let retained):
                command(topic: topic, payload: payload, retained: retained)
            case .published(let id):
                unacknowledged.remove(id)
                if behind, unacknowledged.isEmpty {
                    behind = false
                    send(state.current)
                }
            }
        }
        // A failed TLS handshake closes the socket and says nothing (see `loop`).
        if !isWaiting, client.socket < 0 {
            retryLater(
                now: MonotonicClock.now(),
                why: "lost the broker \(config.settings.broker) (\(client.describe(lastCode)))")
        }
    }

    private var isWaiting: Bool {
        if case .waiting = link { return true }
        return false
    }

    private func connected() {
        link = .connected
        backoff.connected()
        log("connected to \(config.settings.broker) as \(config.settings.clientID)")
        for topic in topics.commands {
            do throws(BridgeError) { try client.subscribe(topic) } catch {
                log("cannot subscribe to \(topic): \(error)")
            }
        }
        send([topics.bridgeOnline] + HomeAssistantDiscovery(settings: config.settings).configs() + state.current)
    }

    /// Publishes while connected and while the broker keeps up; otherwise drops, and a
    /// full republication follows (reconnection, or the backlog drained).
    private func send(_ messages: [MQTTMessage]) {
        for message in messages {
            guard link == .connected, unacknowledged.count < Self.maxUnacknowledged else {
                if link == .connected, !behind { log("the broker is not keeping up: messages left out until it does") }
                behind = link == .connected
                return
            }
            switch client.publish(message) {
            case .success(let id): unacknowledged.insert(id)
            case .failure(let error): log("cannot publish \(message.topic): \(error)")
            }
        }
    }

    // MARK: The lock

    private func openLock(now: Double) {
        do {
            lock = try LockWatch.open(socket: options.socket)
        } catch {
            lockRetryAt = now + options.lockRetry
            if lockReachable != false { log("lock socket \(options.socket) gone: \(error)") }
            lockReachable = false
            return
        }
        if lockReachable != true { log("watching the lock on \(options.socket)") }
        lockReachable = true
    }

    private func readLock(_ watch: LockWatch, now: Double) {
        switch watch.read() {
        case .lines(let lines):
            for line in lines { send(state.read(line: line)) }
        case .closed(let why):
            lock = nil
            lockReachable = false
            lockRetryAt = now + options.lockRetry
            log("lock socket \(options.socket) gone: \(why)")
            send(state.lockGone())
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// At most `linesPerMinute` lines of one kind, then a count of those left out: a flood of
/// junk on a command topic must not flood the journal too.
struct LogBudget {
    let linesPerMinute: Int
    private var windowStart = -Double.infinity
    private var used = 0
    private var skipped = 0

    init(linesPerMinute: Int) { self.linesPerMinute = linesPerMinute }

    mutating func allows(now: Double, log: (String) -> Void) -> Bool {
        if now - windowStart >= 60 {
            if skipped > 0 { log("\(skipped) more ignored commands not logged") }
            windowStart = now
            used = 0
            skipped = 0
        }
        used += 1
        if used <= linesPerMinute { return true }
        skipped += 1
        return false
    }
}
