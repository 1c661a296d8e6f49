import CLinux
@preconcurrency import Glibc

/// One walk down a path for `TrustedOpener`, a component at a time from `/`: each step is
/// `openat(directory, name, SLIDELOCK_O_PATH|O_NOFOLLOW)` on the directory opened (and checked) by
/// the step before, so nothing another user renames or replaces between two steps can
/// redirect the walk. A symlink is followed only when the policy trusts the link (owner)
/// and the directory holding it was trusted; at most `maxLinks` of them. Owns the
/// descriptors of the directories it is in (`..` steps back to the one below).
final class PathWalk {
    /// Symlinks followed in one walk, as the kernel's own limit (path_resolution(7)).
    static let maxLinks = 40

    let request: String
    let policy: TrustPolicy
    /// The directories walked into, `/` first: descriptor and the path that reached it.
    private(set) var stack: [(fd: Int32, path: String)] = []
    private var links = 0

    /// A regular or special file ending the walk: its SLIDELOCK_O_PATH descriptor (owned by the
    /// caller), the name in the top directory, the path shown in errors, its stat.
    struct Entry {
        var fd: Int32
        var name: String
        var shown: String
        var info: stat
    }

    /// Starts at `/`, checked. A relative `request` starts from the working directory's
    /// real path (getcwd(3) has no symlinks in it), so its directories are checked too.
    init(request: String, policy: TrustPolicy) throws(TrustError) {
        self.request = request
        self.policy = policy
        if request.isEmpty { throw TrustError(path: request, culprit: request, problem: "empty path", errno: ENOENT) }
        if request.utf8.contains(0) {
            throw TrustError(
                path: request, culprit: request, problem: "the path contains a NUL character", errno: EINVAL)
        }
        let fd = try Self.call("/", request: request) { Glibc.open("/", SLIDELOCK_O_PATH | O_DIRECTORY | O_CLOEXEC) }
        stack = [(fd, "/")]
        try check(fd, shown: "/")
    }

    private init(copying other: PathWalk, request: String) {
        self.request = request
        policy = other.policy
        stack = other.stack.map { (fcntl($0.fd, F_DUPFD_CLOEXEC, 0), $0.path) }
    }

    deinit { for entry in stack where entry.fd >= 0 { close(entry.fd) } }

    /// The same position, on descriptors of its own, for opening `request` from there.
    func copy(request: String) throws(TrustError) -> PathWalk {
        let walk = PathWalk(copying: self, request: request)
        if let bad = walk.stack.first(where: { $0.fd < 0 }) { throw failure(bad.path, errno: EMFILE) }
        return walk
    }

    /// The components of `request`, relative ones after the working directory's.
    func requestComponents() throws(TrustError) -> [String] {
        var text = request
        if !text.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            _ = try pointerCall(".") { getcwd(&buffer, buffer.count) }
            text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + "/" + text
        }
        return text.split(separator: "/").map(String.init)
    }

    /// Walks `components` from the top directory. Ends in a directory (pushed; nil) or at
    /// a non-directory, returned unchecked: the caller checks what it needs. `creating`:
    /// a missing component is made a directory (mode 0755, umask applied) in the one
    /// checked before it, then walked into and checked like any other.
    func walk(_ components: [String], creating: Bool = false) throws(TrustError) -> Entry? {
        var pending = Array(components.reversed())
        while let name = pending.popLast() {
            if name.isEmpty || name == "." { continue }
            if name == ".." {
                if stack.count > 1 { close(stack.removeLast().fd) }
                continue
            }
            let parent = stack[stack.count - 1]
            let shown = parent.path == "/" ? "/" + name : parent.path + "/" + name
            let fd = try open(name, in: parent.fd, shown: shown, creating: creating)
            var info = stat()
            do { try call(shown) { fstat(fd, &info) } } catch {
                close(fd)
                throw error
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                defer { close(fd) }
                let target = try follow(fd, info: info, shown: shown)
                if target.hasPrefix("/") {
                    while stack.count > 1 { close(stack.removeLast().fd) }
                }
                pending += target.split(separator: "/").reversed().map(String.init)
            case S_IFDIR:
                stack.append((fd, shown))
                try check(fd, shown: shown)
            default:
                if pending.contains(where: { !$0.isEmpty }) {
                    close(fd)
                    throw failure(shown, errno: ENOTDIR)
                }
                return Entry(fd: fd, name: name, shown: shown, info: info)
            }
        }
        return nil
    }

    /// `name` in the directory `parent` (SLIDELOCK_O_PATH, not followed); `creating`: made a
    /// directory first when missing (one another process made meanwhile is fine).
    private func open(_ name: String, in parent: Int32, shown: String, creating: Bool) throws(TrustError) -> Int32 {
        do {
            return try systemCall(shown) { openat(parent, name, SLIDELOCK_O_PATH | O_NOFOLLOW | O_CLOEXEC) }
        } catch {
            guard creating && error.errno == ENOENT else { throw failure(shown, errno: error.errno) }
        }
        do {
            try systemCall(shown) { mkdirat(parent, name, 0o755) }
        } catch {
            guard error.errno == EEXIST else { throw failure(shown, errno: error.errno) }
        }
        return try call(shown) { openat(parent, name, SLIDELOCK_O_PATH | O_NOFOLLOW | O_CLOEXEC) }
    }

    /// The target of the symlink `fd` (opened SLIDELOCK_O_PATH|O_NOFOLLOW), once the policy trusts it.
    private func follow(_ fd: Int32, info: stat, shown: String) throws(TrustError) -> String {
        links += 1
        guard links <= Self.maxLinks else { throw failure(shown, errno: ELOOP) }
        if let problem = policy.problem(mode: info.st_mode, uid: info.st_uid) {
            throw TrustError(
                path: request, culprit: shown + " (a symbolic link)",
                problem: problem + policy.verdict)
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        // readlinkat(2) with an empty name reads the link the SLIDELOCK_O_PATH descriptor refers to.
        let count = try call(shown) { readlinkat(fd, "", &buffer, buffer.count - 1) }
        guard count > 0 else { throw failure(shown, errno: ENOENT) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Refuses `fd` (a directory or the file) when the policy does not trust it.
    func check(_ fd: Int32, shown: String) throws(TrustError) {
        var info = stat()
        try call(shown) { fstat(fd, &info) }
        try check(info, shown: shown)
    }

    func check(_ info: stat, shown: String) throws(TrustError) {
        if let problem = policy.problem(mode: info.st_mode, uid: info.st_uid) {
            throw TrustError(path: request, culprit: shown, problem: problem + policy.verdict)
        }
    }

    /// The top directory's descriptor and path.
    var top: (fd: Int32, path: String) { stack[stack.count - 1] }

    func failure(_ shown: String, errno code: Int32) -> TrustError {
        Self.failure(shown, request: request, errno: code)
    }

    static func failure(_ shown: String, request: String, errno code: Int32) -> TrustError {
        TrustError(path: request, culprit: shown, problem: String(cString: strerror(code)), errno: code)
    }

    /// A -1 + errno call (`systemCall`) whose failure is the refusal of `shown`.
    @discardableResult
    func call<Result: FixedWidthInteger & SignedInteger>(_ shown: String, _ body: () -> Result) throws(TrustError)
        -> Result
    {
        try Self.call(shown, request: request, body)
    }

    /// `getcwd` and the like: nil + errno.
    func pointerCall<Value>(_ shown: String, _ body: () -> Value?) throws(TrustError) -> Value {
        do { return try systemPointerCall(shown, body) } catch { throw failure(shown, errno: error.errno) }
    }

    static func call<Result: FixedWidthInteger & SignedInteger>(
        _ shown: String, request: String, _ body: () -> Result
    ) throws(TrustError) -> Result {
        do { return try systemCall(shown, body) } catch { throw failure(shown, request: request, errno: error.errno) }
    }
}
