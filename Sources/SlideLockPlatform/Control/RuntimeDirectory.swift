@preconcurrency import Glibc

/// The directory the control socket lives in (`/run/slidelock`) when slidelock makes it
/// itself (no systemd `RuntimeDirectory=`): created root-only (0700) in a parent walked and
/// checked by `PathWalk` under the trust rules, then walked into and checked like any
/// directory root trusts, and refused unless nobody but its owner can enter it.
public enum RuntimeDirectory {
    /// Makes (or finds) the directory `path`, checked. Throws one line naming what is wrong.
    public static func prepare(_ path: String, policy: TrustPolicy = .current) throws(SystemError) {
        try FileIO.checkPath(path, operation: "mkdir")
        do throws(TrustError) {
            let walk = try PathWalk(request: path, policy: policy)
            var components = try walk.requestComponents()
            guard let name = components.popLast(), name != ".", name != ".." else {
                throw walk.failure(path, errno: EINVAL)
            }
            if let entry = try walk.walk(components) {
                close(entry.fd)
                throw walk.failure(entry.shown, errno: ENOTDIR)
            }
            do throws(SystemError) {
                try systemCall(path) { mkdirat(walk.top.fd, name, 0o700) }
            } catch {
                guard error.errno == EEXIST else { throw walk.failure(path, errno: error.errno) }
            }
            if let entry = try walk.walk([name]) {
                close(entry.fd)
                throw walk.failure(entry.shown, errno: ENOTDIR)
            }
            var info = stat()
            try walk.call(path) { fstat(walk.top.fd, &info) }
            guard info.st_uid == geteuid() else {
                throw TrustError(
                    path: path, culprit: path,
                    problem: "owned by uid \(info.st_uid), not by this user (uid \(geteuid()))")
            }
            guard info.st_mode & 0o077 == 0 else {
                let octal = "0" + String(info.st_mode & 0o7777, radix: 8)
                throw TrustError(
                    path: path, culprit: path,
                    problem: "mode \(octal), the control socket's directory must be 0700 (owner only)")
            }
        } catch {
            throw SystemError(
                operation: "mkdir", errno: error.errno == 0 ? EACCES : error.errno, path: path, detail: error.reason)
        }
    }
}
