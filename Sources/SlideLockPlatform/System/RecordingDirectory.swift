import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The flight recorder's directory (`audit.recordings`): made root-only (0700) when
/// missing, files written 0600 through `OutputFile` (the trusted-output walk), and the
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
        // Nothing made here is readable by others, from the first moment: no chmod after.
        let old = umask(0o077)
        defer { umask(old) }
        try OutputFile.makeDirectories(path)
        let file = try OutputFile(path + "/" + name)
        // An existing file of ours (a name reused within a millisecond) keeps no wider mode.
        guard fchmod(file.descriptor, 0o600) == 0 else {
            throw SystemError(operation: "fchmod", errno: errno, path: file.path)
        }
        try file.write(Array(text.utf8))
        try prune()
    }

    /// Removes the oldest recordings (names sort by time) beyond `keep`.
    func prune() throws(SystemError) {
        let names = try FileIO.list(path).filter(RecordingName.isRecording)
        guard names.count > keep else { return }
        let (walk, _) = try OutputFile.parent(of: path + "/" + names[0])
        for name in names.prefix(names.count - keep) where unlinkat(walk.top.fd, name, 0) != 0 && errno != ENOENT {
            throw SystemError(operation: "unlink", errno: errno, path: path + "/" + name)
        }
    }

    public func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
