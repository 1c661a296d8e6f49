import CLinux
@preconcurrency import Glibc

/// A directory opened by `TrustedOpener`: its entries are listed and opened through the
/// checked descriptor, never by path again.
public final class TrustedDirectory {
    public let path: String
    private let walk: PathWalk

    init(walk: PathWalk, path: String) {
        self.walk = walk
        self.path = path
    }

    /// The entries' names (no `.`/`..`), sorted. A name that is not valid UTF-8 is an
    /// error naming it (bytes as `\xNN`): a String cannot hold it, so it could not be
    /// opened again by name, and a file root put there must not be skipped unseen.
    public func names() throws(TrustError) -> [String] {
        let fd = try walk.call(walk.top.path) { openat(walk.top.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        let dir: OpaquePointer
        do { dir = try walk.pointerCall(walk.top.path) { fdopendir(fd) } } catch {
            close(fd)
            throw error
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let escaped = bytes.map {
                    (0x20..<0x7f).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16)
                }
                let shown = (path.hasSuffix("/") ? path : path + "/") + escaped.joined()
                throw TrustError(
                    path: path, culprit: shown, problem: "has a name that is not valid UTF-8: rename or remove it")
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Opens the entry `name` (one component) like `TrustedOpener.open`; a symlink there is
    /// followed only when the policy trusts it.
    public func open(_ name: String) throws(TrustError) -> TrustedFile {
        let shown = path.hasSuffix("/") ? path + name : path + "/" + name
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw TrustError(path: shown, culprit: shown, problem: "not a file name", errno: EINVAL)
        }
        let named = try walk.copy(request: shown)
        guard let entry = try named.walk([name]) else { throw named.failure(named.top.path, errno: EISDIR) }
        return try TrustedOpener.openFile(entry, in: named)
    }
}
