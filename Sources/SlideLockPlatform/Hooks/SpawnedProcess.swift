import CLinux
@preconcurrency import Glibc

/// A child started with `posix_spawn` from its checked descriptor (`HookProgram`), in a
/// session of its own, stdin on `/dev/null`, stdout and stderr on pipes whose read ends
/// (non-blocking, close-on-exec) we own.
struct SpawnedProcess {
    let pid: pid_t
    /// Read ends of the child's stdout and stderr pipes.
    let stdout: Int32
    let stderr: Int32

    /// Starts `program` (opened and checked: `HookProgram`) from its descriptor, with
    /// `arguments` (argv[0] first) and `environment` (`NAME=value` strings) as its whole
    /// environment. `passing`, when given, is handed to the child as descriptor 4
    /// (`passedDescriptor`): the lock's relay line request, for its pulse.
    static func spawn(program: HookProgram, arguments: [String], environment: [String], passing: Int32? = nil)
        throws(HookError) -> SpawnedProcess
    {
        guard !arguments.isEmpty else { throw .emptyCommand }
        // Copied above 4 for the same reason as the program below.
        let passedCopy: Int32?
        do {
            passedCopy = try passing.map { (fd) throws(SystemError) in
                try systemCall("fcntl F_DUPFD_CLOEXEC") { fcntl(fd, F_DUPFD_CLOEXEC, 10) }
            }
        } catch {
            throw .system(error)
        }
        defer { passedCopy.map { _ = close($0) } }
        // A copy numbered above 3, so that placing it on 3 below never clobbers a descriptor
        // another file action still needs (nor is a no-op dup2 that keeps close-on-exec).
        let programCopy: Int32
        do {
            programCopy = try systemCall("fcntl F_DUPFD_CLOEXEC", path: program.name) {
                fcntl(program.descriptor, F_DUPFD_CLOEXEC, 10)
            }
        } catch {
            throw .system(error)
        }
        defer { close(programCopy) }
        let out = try makePipe("stdout")
        let err: (read: Int32, write: Int32)
        do { err = try makePipe("stderr") } catch {
            close(out.read)
            close(out.write)
            throw error
        }
        // Our copies of the write ends must go once the child has its own, or we would never
        // see end-of-file on the pipes.
        defer {
            close(out.write)
            close(err.write)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The hook must not read our terminal (slidelock owns tty1; under systemd stdin may be
        // the tty itself).
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 gives the new descriptor 1/2 without FD_CLOEXEC, so only these survive exec.
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        // The checked program on 3, kept across exec: the child execs /proc/self/fd/3 (a
        // script's interpreter then reads it there, which is why it must stay open).
        posix_spawn_file_actions_adddup2(&actions, programCopy, HookProgram.childDescriptor)
        // Belt and braces: we open everything O_CLOEXEC, but a library might not (older libdrm,
        // libevdev users); a hook inheriting the DRM master fd would keep the card open after
        // we exit. glibc >= 2.34 implements this with close_range(2) in the child.
        if let passedCopy { posix_spawn_file_actions_adddup2(&actions, passedCopy, passedDescriptor) }
        posix_spawn_file_actions_addclosefrom_np(&actions, passedDescriptor + (passedCopy == nil ? 0 : 1))

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The signal mask and ignored dispositions survive execve(2) (signal(7)). The main loop
        // blocks SIGCHLD/SIGTERM/SIGINT for its signalfd and may ignore SIGPIPE: without a reset
        // the hook could not be stopped with SIGTERM and its pipelines would misbehave.
        var empty = sigset_t()
        var all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all) // glibc skips SIGKILL/SIGSTOP and its internal signals itself
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // setsid(2) in the child: a new process group (pgid = pid) we can signal as a whole on
        // timeout (kill(-pid)), and no controlling terminal, so the hook cannot grab tty1.
        let flags = Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | SLIDELOCK_POSIX_SPAWN_SETSID
        posix_spawnattr_setflags(&attributes, flags)

        var pid: pid_t = 0
        let argv = CStringArray(arguments)
        let envp = CStringArray(environment)
        // glibc's posix_spawn uses clone(CLONE_VM|CLONE_VFORK): it returns after the child
        // exec'd or failed, so a missing program is reported here as an error number
        // (not as exit status 127 as with fork+exec).
        let code = posix_spawn(&pid, HookProgram.execPath, &actions, &attributes, argv.pointers, envp.pointers)
        guard code == 0 else {
            close(out.read)
            close(err.read)
            throw .cannotStart(program: program.name, errno: code)
        }
        return SpawnedProcess(pid: pid, stdout: out.read, stderr: err.read)
    }

    /// Where a passed descriptor lands in the child: right after the program's.
    static let passedDescriptor: Int32 = HookProgram.childDescriptor + 1

    /// A close-on-exec pipe whose read end is non-blocking. The write end stays blocking:
    /// the child gets it as stdout/stderr and would not expect EAGAIN.
    private static func makePipe(_ name: String) throws(HookError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        do throws(SystemError) {
            try systemCall("pipe2 for the hook's \(name)") { pipe2(&fds, O_CLOEXEC) }
            let flags = try systemCall("fcntl F_GETFL") { fcntl(fds[0], F_GETFL) }
            try systemCall("fcntl F_SETFL O_NONBLOCK") { fcntl(fds[0], F_SETFL, flags | O_NONBLOCK) }
        } catch {
            if fds[0] >= 0 {
                close(fds[0])
                close(fds[1])
            }
            throw .system(error)
        }
        return (fds[0], fds[1])
    }

    /// Variables meant for slidelock alone: a hook that speaks sd_notify (`systemd-notify`)
    /// must not report for the service, and the watchdog settings name our pid.
    static let withheld: Set<String> = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]

    /// `base` (the parent's environment) minus `withheld`, with `extra` added (replacing
    /// variables of the same name).
    static func environment(adding extra: [String: String], base: [String] = currentEnvironment()) -> [String] {
        var result: [String] = []
        for text in base {
            let name =
                text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                ?? text
            if extra[name] == nil && !withheld.contains(name) { result.append(text) }
        }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { result.append("\(name)=\(value)") }
        return result
    }

    /// This process's `NAME=value` strings (environ(7)).
    static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }
}

/// A NULL-terminated `char *[]` for argv/envp, freed on deinit.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
