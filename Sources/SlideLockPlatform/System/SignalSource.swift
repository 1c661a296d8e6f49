import CLinux
@preconcurrency import Glibc

/// Signals as readable events on a file descriptor (signalfd), so the single-threaded poll
/// loop handles them like input: no async-signal-safety traps, and a SIGTERM unwinds
/// normally through every deinit that restores the display.
public final class SignalSource {
    public let fd: Int32
    private var mask = sigset_t()

    /// Blocks `signals` for the process (a blocked signal stays pending for the signalfd
    /// instead of running its default action) and opens the descriptor.
    public init(_ signals: [Int32]) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        mask = set
        // Blocked before the fd exists, so none can slip through with its default action.
        sigprocmask(SIG_BLOCK, &set, nil)
        do {
            fd = try systemCall("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
        } catch {
            sigprocmask(SIG_UNBLOCK, &set, nil)
            throw error
        }
    }

    /// Runs `body` with `signals` arriving on a new source instead of by their default
    /// action, so a SIGTERM unwinds through the deinits that restore the display and the
    /// devices. The source lives until `body` returns: its deinit unblocks the signals, and
    /// ARC may end a local's lifetime after its last use (the fd read once), which would
    /// let a SIGTERM kill the process mid-run.
    public static func handling<T>(_ signals: [Int32], _ body: (SignalSource) throws -> T) throws -> T {
        let source = try SignalSource(signals)
        return try withExtendedLifetime(source) { try body(source) }
    }

    deinit {
        // A loop may stop at "the signal fd is readable" without reading it; a signal still
        // pending when the mask lifts would run its default action (SIGTERM: death without
        // the restoring deinits after us). Drain first, so a handled signal stays handled.
        _ = read()
        close(fd)
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    /// Every signal waiting, in arrival order; empty when none.
    public func read() -> [Int32] {
        var found: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            found.append(Int32(info.ssi_signo))
        }
        return found
    }
}
