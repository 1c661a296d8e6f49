@preconcurrency import Glibc

/// Other slidelock processes running the lock screen itself (no subcommand), found in
/// /proc: what `selftest` must not fight for the screen and touch.
public enum LockProcesses {
    /// Their process ids, this process left out.
    public static func running(proc: String = "/proc") -> [Int32] {
        let me = getpid()
        return ((try? FileIO.list(proc)) ?? []).compactMap { entry -> Int32? in
            guard let pid = Int32(entry), pid != me,
                let bytes = try? FileIO.read(proc + "/" + entry + "/cmdline", limit: 64 << 10)
            else { return nil }
            return isLockScreen(commandLine: bytes) ? pid : nil
        }
    }

    /// True for `slidelock [--flags]` (argv NUL-separated, as /proc/PID/cmdline holds it).
    public static func isLockScreen(commandLine bytes: [UInt8]) -> Bool {
        let argv = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard let program = argv.first, program.split(separator: "/").last == "slidelock" else { return false }
        guard argv.count > 1, let first = argv.dropFirst().first(where: { !$0.isEmpty }) else { return true }
        return first.hasPrefix("-")
    }
}
