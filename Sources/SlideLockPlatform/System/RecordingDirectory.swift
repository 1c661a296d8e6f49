import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The flight recorder's directory (`audit.recordings`): made when missing and kept
/// root-only (0700), files written 0600 through `OutputFile` (the trusted-output walk), and the
/// oldest recordings removed past `keep`, in the directory the walk checked.
public final class RecordingDirectory {
    public let path: String
    public let keep: Int

    public init(path: String, keep: Int) {
        self.path = path
        self.keep = max(1, keep)
    }

    public func store(name: String, text: String) throws(SystemError) {
        guard RecordingName.isRecording(name) else {
            throw SystemError(operation: "open", errno: EINVAL, path: path + "/" + name, detail: "not a recording name")
        }
        try OutputFile.makeDirectories(path)
        // The directory the walk checked, opened from its own descriptor: root-only, whatever
        // mode it was made or found with (the unit's UMask=0077 makes it so already).
        let (walk, _) = try OutputFile.parent(of: path + "/" + name)
        let dir = try systemCall("open \(path)") { openat(walk.top.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(dir) }
        try systemCall("fchmod \(path)") { fchmod(dir, 0o700) }
        let file = try OutputFile(path + "/" + name)
        // Made 0644 less the umask, in a directory nobody else may enter: 0600 before a byte.
        try systemCall("fchmod \(file.path)") { fchmod(file.descriptor, 0o600) }
        try file.write(Array(text.utf8))
        try prune()
    }

    /// Removes the oldest recordings (names sort by time) beyond `keep`.
    func prune() throws(SystemError) {
        let names = try FileIO.list(path).filter(RecordingName.isRecording)
        guard names.count > keep else { return }
        let (walk, _) = try OutputFile.parent(of: path + "/" + names[0])
        for name in names.prefix(names.count - keep) {
            do throws(SystemError) {
                try systemCall("unlink \(path)/\(name)") { unlinkat(walk.top.fd, name, 0) }
            } catch {
                // Gone already (removed by hand meanwhile) is what pruning wanted.
                guard error.errno == ENOENT else { throw error }
            }
        }
    }

    public func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
