@preconcurrency import Glibc

/// Starts the running program afresh in the same process (execv of /proc/self/exe with the
/// same arguments): the pid systemd watches stays, and so do the descriptors systemd
/// passed (`LISTEN_FDS`), handed on as systemd hands them; every other descriptor closes
/// on the exec. The display, keyboards and relay are let go before by their owners.
public final class ProcessRestart {
    /// Copies of the passed descriptors (close-on-exec), in their order, and their names.
    let passed: [Int32]
    let names: String?

    /// Takes copies of the descriptors systemd passed to this process, if any, before
    /// anything uses or forgets them.
    public init(environment: (String) -> String? = Environment.value, pid: Int32 = getpid()) {
        var copies: [Int32] = []
        if let pidText = environment("LISTEN_PID"), Int32(pidText) == pid,
            let countText = environment("LISTEN_FDS"), let count = Int32(countText), count > 0, count < 64
        {
            for fd in ListenDescriptors.start..<(ListenDescriptors.start + count) {
                let copy = fcntl(fd, F_DUPFD_CLOEXEC, 64)
                if copy >= 0 { copies.append(copy) }
            }
        }
        passed = copies
        names = copies.isEmpty ? nil : environment("LISTEN_FDNAMES")
    }

    deinit { for fd in passed { close(fd) } }

    /// Replaces this process with a fresh start of the same program and `arguments`
    /// (argv[0] first). Returns only by throwing, when the exec failed.
    public func exec(_ arguments: [String]) throws -> Never {
        closeOnExecAbove(2)
        for (index, copy) in passed.enumerated() {
            // dup2 leaves the copy at 3, 4, ... open across the exec, as systemd passed it.
            _ = dup2(copy, ListenDescriptors.start + Int32(index))
        }
        if !passed.isEmpty {
            setenv("LISTEN_PID", String(getpid()), 1)
            setenv("LISTEN_FDS", String(passed.count), 1)
            if let names { setenv("LISTEN_FDNAMES", names, 1) }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        try systemCall("execv", path: "/proc/self/exe") { execv("/proc/self/exe", &argv) }
        // execv returns only with -1, which systemCall throws.
        throw SystemError(operation: "execv", errno: 0, path: "/proc/self/exe", detail: "returned")
    }

    /// Marks every open descriptor above `floor` close-on-exec (up to the soft limit).
    func closeOnExecAbove(_ floor: Int32) {
        var limit = rlimit()
        let top =
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
            ? min(Int32(clamping: limit.rlim_cur), 65_536) : 1024
        guard top > floor + 1 else { return }
        for fd in (floor + 1)..<top {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}
