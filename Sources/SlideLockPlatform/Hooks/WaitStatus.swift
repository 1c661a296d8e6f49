@preconcurrency import Glibc

/// Words for a wait(2) status.
enum WaitStatus {
    /// `exited with status 3`, `killed by signal SIGKILL (Killed)`.
    static func describe(exitCode: Int32?, signal: Int32?) -> String {
        if let exitCode { return "exited with status \(exitCode)" }
        if let signal { return "killed by signal \(signalName(signal))" }
        return "ended with an unknown status"
    }

    /// `SIGTERM (Terminated)`; `signal 40` for those without a classic name.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
            SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        let text = strsignal(signal).map { String(cString: $0) }
        guard let name = names[signal] else { return "signal \(signal)" }
        return text.map { "\(name) (\($0))" } ?? name
    }
}
