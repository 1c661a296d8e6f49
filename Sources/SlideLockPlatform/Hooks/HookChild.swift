import CLinux
@preconcurrency import Glibc

/// One running hook process as `HookRunner` tracks it: pid, pidfd, output pipes, the stderr
/// tail and where it is in the timeout sequence. Owns its descriptors.
final class HookChild {
    enum Phase: Equatable {
        case running
        /// SIGTERM was sent at `since`.
        case terminating(since: Double)
        /// SIGKILL was sent.
        case killed
    }

    /// What waitpid(2) reported; both nil when someone else reaped the child.
    struct ExitStatus {
        var exitCode: Int32?
        var signal: Int32?
    }

    let pid: pid_t
    let startedAt: Double
    private(set) var pidfd: Int32?
    private(set) var stdout: Int32?
    private(set) var stderr: Int32?
    var phase = Phase.running
    /// Set by `HookRunner.stop`: why the hook was stopped (not a timeout).
    var stopReason: String?
    var lastCheck: Double
    var loggedLines = 0
    private(set) var stderrTail: [String] = []
    private var stdoutLines = OutputLineSplitter()
    private var stderrLines = OutputLineSplitter()
    private var reaped = false

    init(process: SpawnedProcess, pidfd: Int32?, startedAt: Double, timeout: Double) {
        pid = process.pid
        stdout = process.stdout
        stderr = process.stderr
        self.pidfd = pidfd
        self.startedAt = startedAt
        lastCheck = startedAt
    }

    deinit { closeAll() }

    /// The exit status if the child ended, reaping it; nil while it runs. Never blocks (WNOHANG).
    func reap() -> ExitStatus? {
        if reaped { return ExitStatus() }
        var status: Int32 = 0
        // ECHILD: SIGCHLD set to SIG_IGN makes the kernel reap children itself (wait(2)).
        let result = (try? systemCall("waitpid") { waitpid(pid, &status, WNOHANG) }) ?? -1
        if result == 0 { return nil }
        reaped = true
        if result == -1 { return ExitStatus() }
        if slidelock_wifexited(status) != 0 { return ExitStatus(exitCode: slidelock_wexitstatus(status)) }
        if slidelock_wifsignaled(status) != 0 { return ExitStatus(signal: slidelock_wtermsig(status)) }
        return ExitStatus()
    }

    /// Sends `signal` to the child's process group (its pid: it ran setsid). ESRCH, a group
    /// already gone, is fine.
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Complete lines from both pipes (stdout first), reading until EAGAIN. With `final`, the
    /// child is gone: unfinished lines are flushed too, and the pipes are closed afterwards
    /// even if a grandchild still holds their write ends.
    func readOutput(final: Bool) -> [String] {
        var lines: [String] = []
        if let fd = stdout {
            lines += read(fd, into: &stdoutLines, final: final) { self.stdout = nil }
        }
        if let fd = stderr {
            let errLines = read(fd, into: &stderrLines, final: final) { self.stderr = nil }
            stderrTail = Array((stderrTail + errLines).suffix(HookRunner.keptStderrLines))
            lines += errLines
        }
        return lines
    }

    private func read(_ fd: Int32, into splitter: inout OutputLineSplitter, final: Bool, closed: () -> Void) -> [String]
    {
        var lines: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // At most 64 KiB per call, so a hook flooding its output cannot starve the loop.
        for _ in 0..<16 {
            let count: Int
            let drained: Bool
            do {
                count = try systemCall("read") {
                    buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                }
                drained = false
            } catch {
                count = -1
                drained = error.errno == EAGAIN || error.errno == EWOULDBLOCK
            }
            if count > 0 {
                lines += splitter.append(buffer[0..<count])
                continue
            }
            if count == 0 || !drained || final {
                // End of file (every writer closed it), a read error, or the child is gone.
                lines += splitter.finish()
                close(fd)
                closed()
            }
            break
        }
        return lines
    }

    func closeAll() {
        for fd in [pidfd, stdout, stderr].compactMap({ $0 }) { close(fd) }
        pidfd = nil
        stdout = nil
        stderr = nil
    }

    /// For teardown while the hook still runs: SIGKILL the group and reap the child. This wait
    /// is short: SIGKILL cannot be caught, so the child dies as soon as it is scheduled.
    func killAndReap() {
        guard !reaped else { return }
        signalGroup(SIGKILL)
        var status: Int32 = 0
        _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
        reaped = true
    }
}
