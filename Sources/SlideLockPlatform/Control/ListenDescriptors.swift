@preconcurrency import Glibc

/// The sd_listen_fds(3) protocol without libsystemd, like `SystemdNotifier`: a socket unit's
/// descriptors arrive from 3 on, `LISTEN_FDS` of them, for the process `LISTEN_PID`, named
/// by `LISTEN_FDNAMES` (colon-separated, `FileDescriptorName=`).
public enum ListenDescriptors {
    /// The first descriptor systemd passes (SD_LISTEN_FDS_START).
    public static let start: Int32 = 3

    /// The descriptor named `name`, or nil when none was passed to this process.
    public static func named(
        _ name: String, environment: (String) -> String? = Environment.value, pid: Int32 = getpid()
    ) -> Int32? {
        guard let pidText = environment("LISTEN_PID"), Int32(pidText) == pid,
            let countText = environment("LISTEN_FDS"), let count = Int32(countText), count > 0, count < 1024
        else { return nil }
        guard let list = environment("LISTEN_FDNAMES") else {
            // One descriptor and no names (an old systemd): it can only be ours.
            return count == 1 ? start : nil
        }
        let names = list.split(separator: ":", omittingEmptySubsequences: false)
        for index in 0..<Int(count) where index < names.count && names[index] == name {
            return start + Int32(index)
        }
        return nil
    }

    /// Removes the variables, so no hook the lock starts takes them for its own.
    public static func forget() {
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
    }
}
