@preconcurrency import Glibc

/// Whose files `TrustedOpener` accepts. As root (sshd's StrictModes for slidelock's own
/// inputs): a file, every directory above it and every symlink followed on the way must
/// belong to root and be writable by nobody else, or whoever can write one of them could
/// change what root runs or the lock shows. An ordinary user can only hurt themselves: no
/// checks, but the same walk and the same descriptor-based reads.
public struct TrustPolicy: Equatable, Sendable {
    /// The uid that must own everything on the way; nil: nothing is checked.
    public var owner: uid_t?
    /// Set for the way to an output (`OutputFile`): the uid writing it. Then only the
    /// directories and links on the way are checked, with `outputProblem`.
    var writer: uid_t?

    public init(owner: uid_t?) { self.owner = owner }

    /// The policy for the directories above a file this process writes: see `outputProblem`.
    static func output(writer: uid_t = geteuid()) -> TrustPolicy {
        var policy = TrustPolicy(owner: nil)
        policy.writer = writer
        return policy
    }

    /// What `PathWalk` adds after a problem.
    var verdict: String { writer == nil ? ": not trusted when running as root" : ": refusing to write there" }

    /// Root's policy when this process runs as root (effective uid 0), else none.
    public static var current: TrustPolicy { TrustPolicy(owner: geteuid() == 0 ? 0 : nil) }

    /// What makes an entry with this mode and owner untrustworthy, or nil. A sticky
    /// directory (`/tmp`, mode 1777) may be writable by others: they cannot rename or
    /// replace the owner's entries in it. A symlink's own mode means nothing (always 0777).
    func problem(mode: mode_t, uid: uid_t) -> String? {
        if let writer { return Self.outputProblem(mode: mode, uid: uid, writer: writer) }
        guard let owner else { return nil }
        if uid != owner { return "is owned by uid \(uid), not \(owner == 0 ? "root" : "uid \(owner)")" }
        let type = mode & S_IFMT
        if type == S_IFLNK || (type == S_IFDIR && mode & S_ISVTX != 0) { return nil }
        let group = mode & 0o020 != 0
        let others = mode & 0o002 != 0
        guard group || others else { return nil }
        let octal = "0" + String(mode & 0o7777, radix: 8)
        return
            "is writable by \(group && others ? "its group and others" : group ? "its group" : "others") (mode \(octal))"
    }
}

extension TrustPolicy {
    /// On the way to an output, for any writer: a symlink is followed only when root or the
    /// writer owns it (the kernel's protected_symlinks rule, applied in every directory), so
    /// another user's link cannot send root's write elsewhere. As root, a directory others
    /// can write without the sticky bit is refused: they could rename what was checked.
    /// The file itself is `OutputFile`'s to check.
    static func outputProblem(mode: mode_t, uid: uid_t, writer: uid_t) -> String? {
        switch mode & S_IFMT {
        case S_IFLNK:
            if uid == 0 || uid == writer { return nil }
            return "is owned by uid \(uid), not by root or this user (uid \(writer))"
        case S_IFDIR:
            guard writer == 0, mode & 0o002 != 0, mode & S_ISVTX == 0 else { return nil }
            return "is writable by others without the sticky bit (mode 0\(String(mode & 0o7777, radix: 8)))"
        default:
            return nil
        }
    }
}
