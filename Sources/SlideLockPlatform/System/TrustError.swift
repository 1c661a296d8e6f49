@preconcurrency import Glibc

/// Why `TrustedOpener` did not open a file. `description` is one line naming the file and,
/// when it is not the file itself, the directory or link at fault.
public struct TrustError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path that was asked for.
    public var path: String
    /// The file, directory or symlink at fault, as reached on the walk.
    public var culprit: String
    /// What is wrong: `No such file or directory`, `is writable by others (mode 0777): not trusted ...`.
    public var problem: String
    /// The errno behind it, or 0 for a failed check.
    public var errno: Int32

    public init(path: String, culprit: String, problem: String, errno code: Int32 = 0) {
        self.path = path
        self.culprit = culprit
        self.problem = problem
        self.errno = code
    }

    /// True when the file (or a directory on its way) does not exist.
    public var isMissing: Bool { self.errno == ENOENT }

    /// `problem`, with the culprit first when it is not the file itself: `/x is writable by
    /// others ...` for a check, `/x: Permission denied` for a failed call; a missing file is
    /// just missing.
    public var reason: String {
        if culprit == path || isMissing { return problem }
        return self.errno == 0 ? "\(culprit) \(problem)" : "\(culprit): \(problem)"
    }

    /// `/etc/slidelock/conf.d/x.conf: /etc/slidelock/conf.d is writable by others (mode 0777): not trusted when running as root`
    public var description: String { "\(path): \(reason)" }
}
