@preconcurrency import Glibc
import Testing

/// A real mosquitto (Debian's /usr/sbin/mosquitto) on a loopback port of its own, with a
/// generated config, killed when the test ends. A missing mosquitto fails the test.
final class Broker {
    static let program = "/usr/sbin/mosquitto"
    let port: Int
    let directory: String
    private(set) var pid: pid_t = 0

    init() throws {
        guard access(Self.program, X_OK) == 0 else {
            throw TestFailure("\(Self.program) is missing: apt install mosquitto mosquitto-clients")
        }
        port = try freePort()
        directory = try temporaryDirectory("broker")
        let config = """
            listener \(port) 127.0.0.1
            allow_anonymous true
            persistence false
            log_dest stderr

            """
        try writeFile(directory + "/mosquitto.conf", config)
        try start()
    }

    deinit {
        stop(SIGKILL)
        removeDirectory(directory)
    }

    /// Starts it (again) and waits until it accepts connections.
    func start() throws {
        pid = try spawn([Self.program, "-c", directory + "/mosquitto.conf"], output: directory + "/mosquitto.log")
        for _ in 0..<200 {
            if canConnect(port: port) { return }
            usleep(10_000)
        }
        throw TestFailure("mosquitto did not listen on 127.0.0.1:\(port)")
    }

    func stop(_ signal: Int32) {
        guard pid > 0 else { return }
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A TCP port on 127.0.0.1 that nothing listens on (the kernel's pick).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw TestFailure("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    return address
}

func canConnect(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts: the kernel completes the handshake,
/// and nothing ever answers (a broker that hangs).
final class SilentListener {
    let fd: Int32
    let port: Int

    init() throws {
        port = try freePort()
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard ok, listen(fd, 8) == 0 else { throw TestFailure("cannot listen on 127.0.0.1:\(port)") }
    }

    deinit { close(fd) }
}

/// Starts `arguments` with stdout and stderr appended to `output`.
func spawn(_ arguments: [String], output: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    guard code == 0 else { throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
    return pid
}

func temporaryDirectory(_ name: String) throws -> String {
    var template = Array("/tmp/slidelock-mqtt-\(name)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
    return String(cString: made)
}

/// Removes a temporary directory of `temporaryDirectory` and the files in it (the tests make
/// no subdirectories), so that runs leave nothing in /tmp.
func removeDirectory(_ path: String) {
    guard let stream = opendir(path) else { return }
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != ".." { unlink(path + "/" + name) }
    }
    closedir(stream)
    rmdir(path)
}

func writeFile(_ path: String, _ text: String, mode: mode_t = 0o644) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { throw TestFailure("cannot write \(path)") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count, fchmod(fd, mode) == 0 else {
        throw TestFailure("cannot write \(path)")
    }
}
