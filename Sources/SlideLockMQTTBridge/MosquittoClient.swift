import CMosquitto
@preconcurrency import Glibc
import SlideLockMQTT
import SlideLockPlatform

/// What libmosquitto's callbacks reported, kept until `takeEvents()`: the bridge reacts
/// after each call into the library, never from inside one of its callbacks.
public enum MosquittoEvent: Equatable, Sendable {
    /// The broker's CONNACK: 0 accepted, else its refusal (`connackText`).
    case connected(code: Int32)
    /// The connection ended: a `MOSQ_ERR_` code (`errorText`), 0 after our own disconnect.
    case disconnected(code: Int32)
    case message(topic: String, payload: [UInt8], retained: Bool)
    /// The broker acknowledged the QoS 1 message with this id.
    case published(id: Int32)
}

/// One libmosquitto client driven by the caller's poll loop (no thread of libmosquitto's):
/// `socket` and `wantsWrite` say what to wait for, `loop` (or `loopRead`, `loopWrite`)
/// and `loopMisc` do the work, and the callbacks only append to `events`. MQTT 3.1.1, clean session: a
/// command sent while the bridge was away is not delivered later.
public final class MosquittoClient {
    private let handle: OpaquePointer
    private var events: [MosquittoEvent] = []
    /// Bytes of a received payload kept; the rest is cut (a command is short, and a flood
    /// of large messages must not cost their size twice).
    private let payloadLimit: Int

    private static let libraryReady: Bool = { mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue }()

    public init(clientID: String, payloadLimit: Int = 1 << 20) throws(BridgeError) {
        guard Self.libraryReady, let handle = mosquitto_new(clientID, true, nil) else {
            throw BridgeError("cannot start libmosquitto (out of memory?)")
        }
        self.handle = handle
        self.payloadLimit = payloadLimit
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, client, code in
            MosquittoClient.from(client)?.events.append(.connected(code: code))
        }
        mosquitto_disconnect_callback_set(handle) { _, client, code in
            MosquittoClient.from(client)?.events.append(.disconnected(code: code))
        }
        mosquitto_publish_callback_set(handle) { _, client, id in
            MosquittoClient.from(client)?.events.append(.published(id: id))
        }
        mosquitto_message_callback_set(handle) { _, client, message in
            guard let self = MosquittoClient.from(client), let message, let topic = message.pointee.topic else {
                return
            }
            let count = min(Int(max(0, message.pointee.payloadlen)), self.payloadLimit)
            let payload =
                message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            self.events.append(
                .message(topic: String(cString: topic), payload: payload, retained: message.pointee.retain))
        }
    }

    deinit { mosquitto_destroy(handle) }

    private static func from(_ pointer: UnsafeMutableRawPointer?) -> MosquittoClient? {
        pointer.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The events since the last call, oldest first.
    public func takeEvents() -> [MosquittoEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Sent by the broker when the connection ends without a DISCONNECT (a crash, a kill).
    public func setWill(_ message: MQTTMessage) throws(BridgeError) {
        let bytes = Array(message.payload.utf8)
        try check(
            mosquitto_will_set(handle, message.topic, Int32(bytes.count), bytes, Int32(message.qos), message.retained))
    }

    public func setCredentials(username: String, password: String?) throws(BridgeError) {
        try check(mosquitto_username_pw_set(handle, username, password))
    }

    /// TLS with the broker's certificate verified (by `caFile`, else the system's store) and
    /// its name checked; the client certificate when both of its paths are given.
    public func setTLS(caFile: String?, certFile: String?, keyFile: String?) throws(BridgeError) {
        let caPath: String? = caFile == nil ? "/etc/ssl/certs" : nil
        try check(mosquitto_tls_set(handle, caFile, caPath, certFile, keyFile, nil))
    }

    /// Starts connecting: the name is resolved here (blocking), the TCP connect and the
    /// rest go on in `loop`. Returns a `MOSQ_ERR_` code.
    public func connect(host: String, port: Int, keepalive: Int) -> Int32 {
        call("connect") { mosquitto_connect_async(handle, host, Int32(port), Int32(keepalive)) }
    }

    /// The same, to the address of the last `connect`.
    public func reconnect() -> Int32 { call("connect") { mosquitto_reconnect_async(handle) } }

    /// A clean end: the broker drops the will.
    public func disconnect() { _ = mosquitto_disconnect(handle) }

    /// The connection's descriptor, -1 without one; it changes with every (re)connect.
    public var socket: Int32 { mosquitto_socket(handle) }
    public var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// Everything due on the socket, without waiting: a zero-timeout select on it, then
    /// `mosquitto_loop_read`/`_write` for what is ready, then `loopMisc`. Called when poll
    /// found the socket ready. Not `loopRead`/`loopWrite` alone: in libmosquitto 2.0.11 only
    /// this steps a TLS handshake (its loop_write returns at once until the handshake is
    /// done). A TLS failure at that step closes the socket without a disconnect callback:
    /// the caller sees `socket` become -1, and this call's code says why.
    @discardableResult public func loop() -> Int32 { call("mosquitto_loop") { mosquitto_loop(handle, 0, 1) } }

    @discardableResult public func loopRead() -> Int32 { mosquitto_loop_read(handle, 1) }
    @discardableResult public func loopWrite() -> Int32 { mosquitto_loop_write(handle, 1) }
    /// Keepalive: sends PINGREQ when due, and drops a connection the broker stopped
    /// answering (also one whose CONNECT was never answered) after `keepalive` seconds.
    @discardableResult public func loopMisc() -> Int32 { mosquitto_loop_misc(handle) }

    /// Queues `message`; its id (for `.published`) or the `MOSQ_ERR_` code.
    public func publish(_ message: MQTTMessage) -> Result<Int32, BridgeError> {
        var id: Int32 = 0
        let bytes = Array(message.payload.utf8)
        let code = mosquitto_publish(
            handle, &id, message.topic, Int32(bytes.count), bytes, Int32(message.qos), message.retained)
        return code == MOSQ_ERR_SUCCESS.rawValue ? .success(id) : .failure(BridgeError(describe(code)))
    }

    public func subscribe(_ topic: String, qos: Int32 = 1) throws(BridgeError) {
        try check(mosquitto_subscribe(handle, nil, topic, qos))
    }

    private func check(_ code: Int32) throws(BridgeError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw BridgeError(describe(code)) }
    }

    /// The system's error behind the last `MOSQ_ERR_ERRNO`.
    private var systemError: SystemError?

    /// Runs a libmosquitto call that may fail with `MOSQ_ERR_ERRNO`: the system's error is
    /// read through `systemCall` (which repeats a call a signal interrupted) and kept.
    private func call(_ operation: String, _ body: () -> Int32) -> Int32 {
        var code: Int32 = 0
        do {
            try systemCall(operation) { () -> Int32 in
                code = body()
                return code == MOSQ_ERR_ERRNO.rawValue ? -1 : 0
            }
        } catch {
            systemError = error
        }
        return code
    }

    /// A `MOSQ_ERR_` code in words; the system's for `MOSQ_ERR_ERRNO`.
    public func describe(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue, let systemError { return systemError.reason }
        if code == MOSQ_ERR_KEEPALIVE.rawValue { return "no answer from the broker within keepalive" }
        return String(cString: mosquitto_strerror(code))
    }

    /// A CONNACK refusal in words (`Connection Refused: not authorised.`).
    public static func connackText(_ code: Int32) -> String { String(cString: mosquitto_connack_string(code)) }
}

/// A problem of the bridge's, worded for its log or its one error line.
public struct BridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
