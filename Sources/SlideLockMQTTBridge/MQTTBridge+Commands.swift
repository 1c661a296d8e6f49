import SlideLockCore
import SlideLockMQTT
import SlideLockPlatform

/// Commands from the broker: each one request on the lock's socket, or ignored and counted.
extension MQTTBridge {
    func command(topic: String, payload: [UInt8], retained: Bool) {
        switch commands.route(topic: topic, payload: payload, retained: retained) {
        case .failure(let ignored):
            if ignoredLog.allows(now: MonotonicClock.now(), log: log) {
                log("command ignored on \(topic): \(ignored)")
            }
        case .success(let request):
            let line = ControlRequestLine(request, via: Self.via(topic: topic, payload: payload, request: request)).line
            let reply: String
            do {
                reply = try ControlClient.request(line, socket: options.socket, timeout: options.commandTimeout)
            } catch {
                log("command on \(topic): \(request.line) not sent: \(error)")
                return
            }
            let done = reply == "ok" || reply.hasPrefix("ok ")
            log("command on \(topic): \(request.line) \(done ? "done" : "refused by the lock: " + reply)")
        }
    }

    /// For the lock's audit: `mqtt:TOPIC`, and `=PAYLOAD` where the payload is one of the
    /// command words (a message's text is in the request itself); a space would end the word,
    /// so it is `%20`, and the word is cut to what the lock takes.
    static func via(topic: String, payload: [UInt8], request: ControlRequest) -> String {
        var word = "mqtt:" + topic
        switch request {
        case .message, .clearMessage: break
        default: word += "=" + String(decoding: payload, as: UTF8.self)
        }
        word = word.replacing(" ", with: "%20")
        while word.utf8.count > ControlRequestLine.maxViaBytes { word.removeLast() }
        return word
    }
}
