import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

/// The control socket's edges on a real kernel: the directory, the socket, the peer's
/// credentials, the client, LISTEN_FDS and the journal's datagram.
@Suite struct ControlSocketTests {
    /// A raw client connected to `path`.
    func connectRaw(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return rc == 0 ? fd : -1
    }

    @Test func theDirectoryIsMadeOwnerOnlyAndAWiderOneRefused() throws {
        let f = TrustFixture("ctl-dir")
        let dir = f.dir + "/run"
        try RuntimeDirectory.prepare(dir, policy: f.policy)
        var info = stat()
        stat(dir, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        try RuntimeDirectory.prepare(dir, policy: f.policy) // again: found, fine
        let wide = f.directory("wide", mode: 0o755)
        #expect(throws: SystemError.self) { try RuntimeDirectory.prepare(wide, policy: f.policy) }
        do { try RuntimeDirectory.prepare(wide, policy: f.policy) } catch {
            #expect(error.description == "\(wide): mode 0755, the control socket's directory must be 0700 (owner only)")
        }
        let shared = f.directory("shared", mode: 0o777)
        do {
            try RuntimeDirectory.prepare(shared + "/run", policy: f.policy)
            Issue.record("made a directory under one writable by others")
        } catch {
            #expect(error.description.contains("is writable by its group and others"))
        }
    }

    @Test func aDirectoryOfAnotherUserIsRefused() throws {
        guard getuid() == 0 else { return }
        let f = TrustFixture("ctl-other")
        let dir = f.directory("run", mode: 0o700)
        chown(dir, TrustFixture.other, TrustFixture.other)
        do {
            try RuntimeDirectory.prepare(dir, policy: TrustPolicy(owner: 0))
            Issue.record("accepted another user's directory")
        } catch {
            #expect(error.description.contains("is owned by uid 65534"))
        }
    }

    @Test func theSocketIsOwnerOnlyAndTellsWhoConnected() throws {
        let f = TrustFixture("ctl-sock")
        let path = f.dir + "/run/control"
        mkdir(f.dir + "/run", 0o700)
        let socket = try ControlSocket(binding: path)
        var info = stat()
        lstat(path, &info)
        #expect(info.st_mode & S_IFMT == S_IFSOCK && info.st_mode & 0o777 == 0o600)
        #expect(socket.accept() == nil) // nobody yet: never blocks
        let client = connectRaw(path)
        #expect(client >= 0)
        defer { close(client) }
        let connection = try #require(socket.accept())
        #expect(connection.uid == getuid() && connection.gid == getgid() && connection.pid == getpid())
        #expect(connection.read(limit: 16) == [])
        _ = Glibc.send(client, "status\n", 7, 0)
        #expect(connection.read(limit: 16) == Array("status\n".utf8))
        #expect(connection.send(Array("ok\n".utf8)))
        connection.close()
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(recv(client, &buffer, 8, 0) == 3)
    }

    @Test func aStaleSocketIsReplacedAndAFileIsNot() throws {
        let f = TrustFixture("ctl-stale")
        mkdir(f.dir + "/run", 0o700)
        let path = f.dir + "/run/control"
        do { _ = try ControlSocket(binding: path) } // closed: its file removed
        var info = stat()
        #expect(lstat(path, &info) != 0)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        close(fd) // a dead lock's socket file
        _ = try ControlSocket(binding: path)
        f.file("run/control", "not a socket")
        do {
            _ = try ControlSocket(binding: path)
            Issue.record("bound over a regular file")
        } catch {
            #expect(error.description == "\(path): exists and is not a socket of ours")
        }
    }

    @Test func theClientSaysWhyItGotNoAnswer() throws {
        let f = TrustFixture("ctl-client")
        do {
            _ = try ControlClient.request("status", socket: f.dir + "/none")
            Issue.record("connected to nothing")
        } catch {
            #expect(error.errno == ENOENT)
        }
        mkdir(f.dir + "/run", 0o700)
        let socket = try ControlSocket(binding: f.dir + "/run/control")
        do {
            _ = try ControlClient.request("status", socket: socket.path, timeout: 0.2)
            Issue.record("an answer from a lock that never answered")
        } catch {
            #expect(error.description.contains("no reply from the lock"))
        }
    }

    @Test func listenDescriptorsFollowSystemdsProtocol() {
        func env(_ values: [String: String]) -> (String) -> String? { { values[$0] } }
        let pid: Int32 = 4242
        #expect(ListenDescriptors.named("control", environment: env([:]), pid: pid) == nil)
        let other = env(["LISTEN_PID": "1", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "control"])
        #expect(ListenDescriptors.named("control", environment: other, pid: pid) == nil)
        let two = env(["LISTEN_PID": "4242", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "x:control"])
        #expect(ListenDescriptors.named("control", environment: two, pid: pid) == 4)
        let unnamed = env(["LISTEN_PID": "4242", "LISTEN_FDS": "1"])
        #expect(ListenDescriptors.named("control", environment: unnamed, pid: pid) == 3)
        let wrong = env(["LISTEN_PID": "4242", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "other"])
        #expect(ListenDescriptors.named("control", environment: wrong, pid: pid) == nil)
        let bad = env(["LISTEN_PID": "4242", "LISTEN_FDS": "-3", "LISTEN_FDNAMES": "control"])
        #expect(ListenDescriptors.named("control", environment: bad, pid: pid) == nil)
    }

    @Test func journalFieldsAreEncodedAsTheNativeProtocolWants() {
        let plain = JournalWriter.encode([("MESSAGE", "unlocked by ctl"), ("SLIDELOCK_PEER_UID", "0")])
        #expect(String(decoding: plain, as: UTF8.self) == "MESSAGE=unlocked by ctl\nSLIDELOCK_PEER_UID=0\n")
        let twoLines = JournalWriter.encode([("MESSAGE", "a\nb")])
        #expect(twoLines == Array("MESSAGE\n".utf8) + [3, 0, 0, 0, 0, 0, 0, 0] + Array("a\nb\n".utf8))
        #expect(JournalWriter(socketPath: "/nonexistent/journal") == nil)
    }

    @Test func controlGroupNamesOrNumbersAGroup() throws {
        #expect(try GroupLookup.gid("") == nil)
        #expect(try GroupLookup.gid("0") == 0)
        #expect(try GroupLookup.gid("root") == 0)
        do {
            _ = try GroupLookup.gid("no-such-group-here")
            Issue.record("found a group that does not exist")
        } catch {
            #expect(error.description == "control.group: no group named \"no-such-group-here\"")
        }
    }
}
