@preconcurrency import Glibc

/// A file root should not act on: someone other than root could change it.
public struct FileTrustError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that was asked about.
    public var file: String
    /// The file or directory at fault (the file itself, or a directory above it).
    public var culprit: String
    /// What is wrong with it, e.g. `writable by group (mode 0664)`.
    public var problem: String

    /// `/etc/slidelock/conf.d/x.conf: /etc/slidelock/conf.d is writable by others (mode 0777): not trusted`
    public var description: String {
        culprit == file
            ? "\(file): \(problem): not trusted when running as root"
            : "\(file): \(culprit) \(problem): not trusted when running as root"
    }
}

/// sshd's StrictModes for slidelock's own inputs: as root, a settings file, drop-in
/// directory, font file or hook program counts only if it and every directory above it
/// belong to root and nobody else can write them. Otherwise whoever can write one of them
/// could change what root runs or the lock shows (point the hook elsewhere, turn the
/// keyboard lockout off). Symlinks are resolved first; the real path is checked.
public enum FileTrust {
    /// Checks `path` when this process runs as root (effective uid 0); does nothing
    /// otherwise (an ordinary user can only hurt themselves).
    public static func checkIfRoot(_ path: String) throws(FileTrustError) {
        guard geteuid() == 0 else { return }
        try check(path, owner: 0)
    }

    /// Checks `path` and the directories above it: owned by `owner` (root, or the test's
    /// own uid), no group or other write bit. A sticky directory (`/tmp`, mode 1777) may be
    /// writable by others: they cannot rename or replace `owner`'s entries in it.
    public static func check(_ path: String, owner: uid_t) throws(FileTrustError) {
        guard let resolved = realPath(path) else {
            throw FileTrustError(
                file: path, culprit: path, problem: "cannot be checked (\(String(cString: strerror(errno))))")
        }
        var current = resolved
        while true {
            var info = stat()
            guard stat(current, &info) == 0 else {
                throw FileTrustError(
                    file: path, culprit: current, problem: "cannot be checked (\(String(cString: strerror(errno))))")
            }
            if let problem = problem(mode: info.st_mode, uid: info.st_uid, owner: owner) {
                throw FileTrustError(
                    file: path, culprit: current == resolved && path == resolved ? path : current,
                    problem: problem)
            }
            if current == "/" { return }
            current = parent(current)
        }
    }

    /// What makes an entry with this mode and owner untrustworthy, or nil. Pure, for tests.
    static func problem(mode: mode_t, uid: uid_t, owner: uid_t) -> String? {
        let octal = "0" + String(mode & 0o7777, radix: 8)
        if uid != owner { return "is owned by uid \(uid), not \(owner == 0 ? "root" : "uid \(owner)")" }
        if mode & S_IFMT == S_IFDIR && mode & S_ISVTX != 0 { return nil }
        let group = mode & 0o020 != 0
        let others = mode & 0o002 != 0
        guard group || others else { return nil }
        return
            "is writable by \(group && others ? "its group and others" : group ? "its group" : "others") (mode \(octal))"
    }

    /// `/a/b` -> `/a`, `/a` -> `/`.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
