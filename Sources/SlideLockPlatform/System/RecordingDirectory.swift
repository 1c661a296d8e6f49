import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The flight recorder's directory (`audit.recordings`). Root writes evidence there, so,
/// as root, the directory and every directory (and link) above it must be root's and
/// writable by nobody else, as for the files root reads (`TrustPolicy`): another user who
/// owned one could read, replace or delete what was written. Made when missing and kept
/// root-only (0700); each recording a new file (0600) under the next counter
/// (`RecordingName`), made in the directory the walk checked; past `keep` the oldest by
/// counter are removed there, never the file just written.
public final class RecordingDirectory {
    public let path: String
    public let keep: Int
    /// Whose directories are accepted: root's as root; as another user (a test, a run by
    /// hand) the trusted-output rule, no link another user planted followed.
    let policy: TrustPolicy

    /// What one `store` did: the file written and the ones pruned.
    public struct Stored: Equatable, Sendable {
        public var name: String
        public var removed: [String]

        public init(name: String, removed: [String]) {
            self.name = name
            self.removed = removed
        }
    }

    public init(path: String, keep: Int, policy: TrustPolicy? = nil) {
        self.path = path
        self.keep = max(1, keep)
        self.policy = policy ?? (geteuid() == 0 ? TrustPolicy(owner: 0) : .output())
    }

    /// Writes `text` as the next recording of `verdict` on `device`.
    public func store(verdict: String, device: String, text: String) throws(SystemError) -> Stored {
        let dir = try open()
        defer { close(dir) }
        // Root-only, whatever mode it was made or found with (the unit's UMask=0077 makes it so already).
        try systemCall("fchmod \(path)") { fchmod(dir, 0o700) }
        let names = try list(dir)
        let name = RecordingName.make(
            sequence: RecordingName.next(after: names), unixMilliseconds: unixMilliseconds(), verdict: verdict,
            device: device)
        let shown = path + "/" + name
        let fd = try systemCall("open", path: shown) {
            openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o600)
        }
        defer { close(fd) }
        // Made 0600 less the umask, in a directory nobody else may enter: 0600 before a byte.
        try systemCall("fchmod", path: shown) { fchmod(fd, 0o600) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            offset += try systemCall("write", path: shown) {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
        }
        let removed = RecordingName.pruned(names + [name], keep: keep, written: name)
        for old in removed {
            do throws(SystemError) {
                try systemCall("unlink", path: path + "/" + old) { unlinkat(dir, old, 0) }
            } catch {
                // Gone already (removed by hand meanwhile) is what pruning wanted.
                guard error.errno == ENOENT else { throw error }
            }
        }
        return Stored(name: name, removed: removed)
    }

    /// The directory, made when missing, walked under `policy`: a read descriptor of the
    /// very directory checked.
    func open() throws(SystemError) -> Int32 {
        try FileIO.checkPath(path, operation: "mkdir")
        do throws(TrustError) {
            let walk = try PathWalk(request: path, policy: policy)
            if let entry = try walk.walk(try walk.requestComponents(), creating: true) {
                close(entry.fd)
                throw walk.failure(entry.shown, errno: ENOTDIR)
            }
            return try walk.call(path) { openat(walk.top.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        } catch {
            throw OutputFile.failure(error, path: path)
        }
    }

    /// The names in the directory `dir` (a descriptor of its own is read and closed).
    func list(_ dir: Int32) throws(SystemError) -> [String] {
        let copy = try systemCall("open \(path)") { openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        let opened = Result { () throws(SystemError) in
            try systemPointerCall("opendir", path: path) { fdopendir(copy) }
        }
        if case .failure = opened { close(copy) }
        let stream = try opened.get()
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
