import SlideLockCore
import SlideLockPlatform

/// The clients of the control socket, served from the lock's one loop without ever
/// waiting on one: one request line per connection, read as it trickles in (bounded,
/// with a deadline), one reply line, then the connection is closed. A client that is slow,
/// silent, oversized, or that never reads its reply is dropped; too many at once, or too
/// many requests in a second, are turned away.
public final class ControlServer {
    /// Connections served at once; more are answered `busy` and closed.
    public static let maxClients = 8
    /// Seconds a client has from connecting to finishing its request line.
    public static let clientTimeout = 2.0
    /// Requests a second, and the burst allowed above it.
    public static let requestsPerSecond = 10.0
    public static let burst = 20.0
    /// Connections taken per loop turn: a flood costs each frame a bounded amount.
    public static let acceptsPerTurn = 16

    struct Client {
        var link: ControlLink
        var buffer: [UInt8] = []
        var deadline: Double
    }

    /// A request line that arrived whole from an allowed peer.
    public struct Incoming {
        public let link: ControlLink
        public let request: ControlRequest
        /// What the client says the request came through (`ControlRequestLine`).
        public var via: String? = nil
    }

    public let listener: ControlListener
    /// Who may connect; set again on reload.
    public var access: ControlAccess
    var clients: [Client] = []
    /// Connections kept by `watch` (`ControlServer+Watch`).
    var watchers: [Watcher] = []
    var tokens = ControlServer.burst
    var refilledAt: Double?
    var log: [LogLine] = []

    public init(listener: ControlListener, access: ControlAccess) {
        self.listener = listener
        self.access = access
    }

    deinit {
        for c in clients { c.link.close() }
        for w in watchers { w.link.close() }
    }

    public var pollDescriptors: [Int32] { [listener.fd] + clients.map(\.link.fd) + watchers.map(\.link.fd) }

    /// The earliest client deadline, for the loop's timeout.
    public var nextDeadline: Double? { clients.map(\.deadline).min() }

    /// Connections open now.
    public var clientCount: Int { clients.count }

    /// Accepts, reads what is there, drops who is late; returns the requests to answer
    /// (each with `reply` next). Refusals that need no lock state are answered here.
    public func service(now: Double) -> [Incoming] {
        refill(now: now)
        for _ in 0..<ControlServer.acceptsPerTurn {
            guard let link = listener.acceptLink() else { break }
            admit(link, now: now)
        }
        var ready: [Incoming] = []
        var kept: [Client] = []
        for var client in clients {
            switch take(&client, now: now) {
            case .waiting: kept.append(client)
            case .done: break
            case .request(let read): ready.append(Incoming(link: client.link, request: read.request, via: read.via))
            }
        }
        clients = kept
        checkWatchers()
        return ready
    }

    /// Sends `text` as the one reply line to `incoming` and closes it.
    public func reply(_ incoming: Incoming, _ text: String) { answer(incoming.link, text) }

    public func takeLog() -> [LogLine] {
        defer { log.removeAll() }
        return log
    }

    func admit(_ link: ControlLink, now: Double) {
        let peer = link.peer
        guard access.allows(peer) else {
            log.append(LogLine(.warning, "ctl: refused \(peer.description): not root or in control.group"))
            return answer(link, "error permission denied")
        }
        guard clients.count < ControlServer.maxClients else {
            log.append(LogLine(.warning, "ctl: refused \(peer.description): \(clients.count) clients already"))
            return answer(link, "error busy: too many clients")
        }
        clients.append(Client(link: link, deadline: now + ControlServer.clientTimeout))
    }

    enum Progress {
        case waiting, done
        case request(ControlRequestLine)
    }

    /// Reads `client`'s bytes as far as its first line.
    func take(_ client: inout Client, now: Double) -> Progress {
        let room = ControlRequest.maxLineBytes - client.buffer.count
        guard let bytes = client.link.read(limit: max(room, 1)) else {
            client.link.close()
            log.append(LogLine(.debug, "ctl: \(client.link.peer.description) left without a whole request"))
            return .done
        }
        client.buffer += bytes
        guard let end = client.buffer.firstIndex(of: UInt8(ascii: "\n")) else {
            if client.buffer.count >= ControlRequest.maxLineBytes {
                drop(client, "request longer than \(ControlRequest.maxLineBytes) bytes")
                return .done
            }
            if now >= client.deadline {
                drop(client, "no whole request within \(Int(ControlServer.clientTimeout)) s")
                return .done
            }
            return .waiting
        }
        guard take(token: now) else {
            drop(client, "busy: too many requests")
            return .done
        }
        switch ControlRequestLine.parse(line: Array(client.buffer[..<end])) {
        case .success(let read): return .request(read)
        case .failure(let error):
            drop(client, "bad request: \(error)")
            return .done
        }
    }

    /// Refuses `client` with `why`, in the log and in its reply.
    func drop(_ client: Client, _ why: String) {
        log.append(LogLine(.warning, "ctl: \(client.link.peer.description): \(why)"))
        answer(client.link, "error " + why)
    }

    func answer(_ link: ControlLink, _ text: String) {
        _ = link.send(Array((text + "\n").utf8))
        link.close()
    }

    func refill(now: Double) {
        let since = refilledAt ?? now
        refilledAt = now
        guard now > since else { return }
        tokens = min(ControlServer.burst, tokens + (now - since) * ControlServer.requestsPerSecond)
    }

    func take(token now: Double) -> Bool {
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
