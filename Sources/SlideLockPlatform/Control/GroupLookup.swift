@preconcurrency import Glibc

/// `control.group` as a gid: a number is taken as it is, a name is looked up (getgrnam_r).
public enum GroupLookup {
    /// nil for an empty name; throws for a name no group has.
    public static func gid(_ name: String) throws(SystemError) -> UInt32? {
        guard !name.isEmpty else { return nil }
        if let number = UInt32(name) { return number }
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let code = getgrnam_r(name, &group, &buffer, buffer.count, &result)
        guard code == 0, result != nil else {
            throw SystemError(
                operation: "getgrnam", errno: code == 0 ? ENOENT : code, path: "control.group",
                detail: "no group named \"\(name)\"")
        }
        return group.gr_gid
    }
}
