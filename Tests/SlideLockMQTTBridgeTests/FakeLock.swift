@preconcurrency import Glibc

/// The lock's side of the control socket, on a thread of its own (the bridge waits for a
/// command's answer): `watch --json` gets `status` and then whatever `send` is given; any
/// other request is recorded and answered `ok`. `stop` removes the socket (the lock gone).
final class FakeLock: @unchecked Sendable {
    let path: String
    private var mutex = pthread_mutex_t()
    private var listener: Int32 = -1
    private var watchers: [Int32] = []
    private var recorded: [String] = []
    private var outgoing: [String] = []
    private var running = true
    private var thread: pthread_t?

    static let status =
        #"{"event":"status","time":1700000000,"state":"locked","display":"on","lockdown":false,"out_of_service":null,"#
        + #""message":null,"last_unlock":null,"unlocks":{},"rejected_slides":{},"door":"closed","tamper":"none","#
        + #""version":"0.1.0","uptime":5}"#

    init(path: String) throws {
        self.path = path
        pthread_mutex_init(&mutex, nil)
        try listen()
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { argument in
                let lock = Unmanaged<FakeLock>.fromOpaque(argument!).takeRetainedValue()
                lock.serve()
                return nil
            }, box)
        self.thread = thread
    }

    /// Ends the thread and closes everything.
    func shutDown() {
        locked { running = false }
        if let thread { pthread_join(thread, nil) }
        thread = nil
        stop()
    }

    /// The requests other than `watch`, in order.
    var requests: [String] { locked { recorded } }
    var watcherCount: Int { locked { watchers.count } }

    /// A line to every watcher.
    func send(_ line: String) { locked { outgoing.append(line) } }

    /// The lock stops: the socket goes, and every watcher is closed.
    func stop() {
        locked {
            if listener >= 0 { close(listener) }
            listener = -1
            unlink(path)
            for fd in watchers { close(fd) }
            watchers = []
        }
    }

    /// The lock runs again on the same path.
    func restart() throws { try locked { try listen() } }

    private func listen() throws {
        unlink(path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard bound, Glibc.listen(fd, 8) == 0 else {
            close(fd)
            throw TestFailure("cannot listen on \(path)")
        }
        listener = fd
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    private func serve() {
        while locked({ running }) {
            let fd = locked { listener }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 10)
            locked {
                if listener >= 0, poller.revents != 0 { accept() }
                for line in outgoing {
                    let bytes = Array((line + "\n").utf8)
                    for fd in watchers { _ = Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) }
                }
                outgoing = []
            }
        }
    }

    /// One connection: its request line, then a watcher kept or an `ok` and close.
    private func accept() {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { return }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        let request = String(decoding: line, as: UTF8.self)
        if request == "watch --json" {
            let bytes = Array((Self.status + "\n").utf8)
            _ = Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL))
            watchers.append(fd)
            return
        }
        recorded.append(request)
        _ = Glibc.send(fd, "ok\n", 3, Int32(MSG_NOSIGNAL))
        close(fd)
    }
}
