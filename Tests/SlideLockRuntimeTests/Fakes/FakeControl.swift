import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// The control socket without a socket: connections arrive at scripted times, each with
/// its peer and the bytes it writes (in chunks, at their times).
final class FakeControlListener: ControlListener {
    static let descriptor: Int32 = 1010
    var fd: Int32 { FakeControlListener.descriptor }
    var pending: [FakeLink] = []
    private(set) var accepted: [FakeLink] = []
    private var nextFD: Int32 = 2000

    func acceptLink() -> ControlLink? {
        guard !pending.isEmpty else { return nil }
        let link = pending.removeFirst()
        accepted.append(link)
        return link
    }

    /// A client of `peer` connecting at `time`, writing `chunks` (bytes at their times).
    @discardableResult
    func connect(
        _ world: FakeWorld, at time: Double, peer: ControlPeer = ControlPeer(pid: 7, uid: 0, gid: 0),
        _ chunks: [(Double, [UInt8])], reads: Bool = true
    ) -> FakeLink {
        nextFD += 1
        let link = FakeLink(fd: nextFD, peer: peer, reads: reads)
        world.at(time, fd: FakeControlListener.descriptor) { self.pending.append(link) }
        for (t, bytes) in chunks { world.at(t, fd: link.fd) { link.inbox.append(bytes) } }
        return link
    }

    /// One request line sent whole at `time`.
    @discardableResult
    func send(
        _ world: FakeWorld, _ line: String, at time: Double, peer: ControlPeer = ControlPeer(pid: 7, uid: 0, gid: 0)
    ) -> FakeLink {
        connect(world, at: time, peer: peer, [(time, Array((line + "\n").utf8))])
    }
}

final class FakeLink: ControlLink {
    let fd: Int32
    let peer: ControlPeer
    /// False: a client that never reads (its buffer is full, every send fails); a test may
    /// turn it off part way.
    var reads: Bool
    var inbox: [[UInt8]] = []
    private(set) var sent: [UInt8] = []
    private(set) var closed = false
    /// Set when the client hung up after its chunks.
    var hangsUp = false

    init(fd: Int32, peer: ControlPeer, reads: Bool) {
        self.fd = fd
        self.peer = peer
        self.reads = reads
    }

    func read(limit: Int) -> [UInt8]? {
        guard !inbox.isEmpty else { return hangsUp ? nil : [] }
        let chunk = inbox.removeFirst()
        if chunk.count > limit {
            inbox.insert(Array(chunk[limit...]), at: 0)
            return Array(chunk[..<limit])
        }
        return chunk
    }

    func send(_ bytes: [UInt8]) -> Bool {
        guard reads, !closed else { return false }
        sent += bytes
        return true
    }

    func close() { closed = true }

    var reply: String { String(decoding: sent, as: UTF8.self) }
    /// What it was sent, a line each.
    var lines: [String] { reply.split(separator: "\n").map(String.init) }
}

final class FakeAudit: AuditSink {
    private(set) var records: [AuditRecord] = []
    func write(_ record: AuditRecord) throws(SystemError) { records.append(record) }
}
