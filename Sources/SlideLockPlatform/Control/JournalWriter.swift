@preconcurrency import Glibc

/// Structured journal entries through journald's native protocol, written by hand as
/// `SystemdNotifier` writes sd_notify: one datagram of `FIELD=value` lines to
/// `/run/systemd/journal/socket` (a value holding a newline goes as `FIELD\n`, its length
/// as 64-bit little-endian, the bytes, `\n`). Linking libsystemd instead would map it and
/// the six libraries it pulls in (cap, gcrypt, gpg-error, lzma, zstd, lz4) into the resident
/// lock for the sake of one sendto().
public final class JournalWriter {
    public static let defaultSocket = "/run/systemd/journal/socket"
    public let socketPath: String
    private let fd: Int32
    private var address = sockaddr_un()

    /// nil when there is no journal to write to (not under systemd).
    public init?(socketPath: String = JournalWriter.defaultSocket) {
        var info = stat()
        guard stat(socketPath, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        let bytes = Array(socketPath.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.socketPath = socketPath
        self.fd = fd
    }

    deinit { close(fd) }

    /// The datagram for `fields` (names as journald wants them: upper case, digits, `_`).
    public static func encode(_ fields: [(String, String)]) -> [UInt8] {
        var out: [UInt8] = []
        for (name, value) in fields {
            let bytes = Array(value.utf8)
            out += Array(name.utf8)
            if bytes.contains(UInt8(ascii: "\n")) {
                out.append(UInt8(ascii: "\n"))
                var length = UInt64(bytes.count).littleEndian
                withUnsafeBytes(of: &length) { out += $0 }
            } else {
                out.append(UInt8(ascii: "="))
            }
            out += bytes
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Sends one entry. Never blocks (a full journal queue loses the entry, not a frame).
    public func send(_ fields: [(String, String)]) throws(SystemError) {
        let bytes = Self.encode(fields)
        try systemCall("send to \(socketPath)") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(
                        fd, bytes, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL), $0,
                        socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
    }
}
