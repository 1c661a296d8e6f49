@preconcurrency import Glibc

/// A hook's program, opened by `TrustedOpener` and run from that descriptor: the child
/// gets it as descriptor 3 (not close-on-exec) and execs `/proc/self/fd/3`, so what runs is
/// the file that was checked, whatever happens to its path afterwards. A script's `#!`
/// interpreter is opened and checked the same way; the kernel then starts it by that path
/// (trusted: root's all the way down) with `/proc/self/fd/3` as the script to read.
public final class HookProgram {
    /// The program as configured (argv[0] of a binary, and the name in messages).
    public let name: String
    let file: TrustedFile

    /// The descriptor number the child finds the program on.
    static let childDescriptor: Int32 = 3
    /// The path the child execs: the program's descriptor, through procfs (what /dev/fd
    /// links to; present wherever /proc is, without relying on /dev's links).
    static let execPath = "/proc/self/fd/3"

    private init(name: String, file: TrustedFile) {
        self.name = name
        self.file = file
    }

    /// Opens `program`: a path (absolute, or relative to the working directory), or, for an
    /// ordinary user only, a bare name looked up in `PATH`. As root a bare name is refused:
    /// which file it finds depends on an environment, not on files root owns.
    public static func open(_ program: String, policy: TrustPolicy = .current, path: String? = nil) throws(HookError)
        -> HookProgram
    {
        guard !program.isEmpty else { throw .emptyCommand }
        let located: String
        if program.contains("/") {
            located = program
        } else if policy.owner != nil {
            throw .untrusted(
                program: program,
                reason: "not a path: as root a hook must be given by its full path (e.g. /usr/local/bin/\(program))")
        } else {
            guard let found = search(program, in: path ?? Environment.value("PATH") ?? "/usr/bin:/bin") else {
                throw .cannotStart(program: program, errno: ENOENT)
            }
            located = found
        }
        let file: TrustedFile
        do { file = try TrustedOpener.open(located, policy: policy) } catch {
            throw error.isMissing
                ? .cannotStart(program: program, errno: ENOENT) : .untrusted(program: program, reason: error.reason)
        }
        try checkRunnable(file, program: program)
        try checkInterpreters(of: file, program: program, policy: policy)
        return HookProgram(name: program, file: file)
    }

    /// The kernel would refuse to exec `file` (the hook or one of its interpreters): on a
    /// `noexec` mount, or without execute permission for us. Said when the hook is opened
    /// (at start, on reload, by `check-config`) rather than by a spawn failing at every slide.
    static func checkRunnable(_ file: TrustedFile, program: String, interpreter: Bool = false) throws(HookError) {
        let which = interpreter ? "its interpreter \(file.path) " : ""
        // ST_NOEXEC, which glibc declares in an enum only under _GNU_SOURCE.
        let noexec: UInt = 8
        var mount = statvfs()
        if fstatvfs(file.descriptor, &mount) == 0, mount.f_flag & noexec != 0 {
            throw .notRunnable(program: program, reason: "\(which)is on a noexec mount (nothing on it may run)")
        }
        // access(2) on the descriptor's /proc link: the checked file, with the kernel's own rules.
        // Anything but EACCES (no /proc) is left to the kernel at run time.
        let runnable = Result { () throws(SystemError) in
            try systemCall("access", path: file.path) { access("/proc/self/fd/\(file.descriptor)", X_OK) }
        }
        if case .failure(let error) = runnable, error.errno == EACCES {
            throw .notRunnable(program: program, reason: "\(which)is not executable (chmod +x)")
        }
    }

    /// Scripts in one `#!` chain the kernel runs (binfmt_script): the hook and up to four
    /// interpreters that are scripts themselves; a longer chain fails with ELOOP.
    static let maxScripts = 5

    /// Checks the `#!` chain from `file`: every interpreter named by full path and opened
    /// through `TrustedOpener`, then its own `#!` line, until a binary. As root `env` is
    /// refused as an interpreter, and so is an argument after the interpreter that is not
    /// an option: what they run is found by PATH or named by a path, never checked here.
    static func checkInterpreters(of file: TrustedFile, program: String, policy: TrustPolicy) throws(HookError) {
        var current = file
        var depth = 0
        while let line = current.interpreterLine() {
            depth += 1
            guard depth <= maxScripts else {
                throw .untrusted(
                    program: program, reason: "its #! chain has more than \(maxScripts) scripts (the kernel's limit)")
            }
            let interpreter = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            guard interpreter.hasPrefix("/") else {
                let which = depth == 1 ? "its #! line" : "the #! line of its interpreter \(current.path)"
                throw .untrusted(program: program, reason: "\(which) names no interpreter by full path")
            }
            if policy.owner != nil, interpreter.split(separator: "/").last == "env" {
                throw .untrusted(
                    program: program,
                    reason:
                        "its interpreter is \(interpreter): as root name the interpreter itself by its full path"
                        + " (e.g. #!/bin/sh), not through env")
            }
            // `#!/usr/bin/nice prog`, `#!/bin/sh ./prog`: an operand after the interpreter names
            // another program or script, found by PATH or by a path never checked here.
            let operand = line.drop { $0 == " " || $0 == "\t" }.dropFirst(interpreter.count)
                .drop { $0 == " " || $0 == "\t" }
            if policy.owner != nil, let first = operand.first, first != "-" {
                throw .untrusted(
                    program: program,
                    reason: "its #! line passes \"\(operand)\" to \(interpreter): as root only options may follow"
                        + " the interpreter")
            }
            do { current = try TrustedOpener.open(interpreter, policy: policy) } catch {
                throw error.isMissing
                    ? .cannotStart(program: program, errno: ENOENT)
                    : .untrusted(program: program, reason: "its interpreter \(error)")
            }
            try checkRunnable(current, program: program, interpreter: true)
        }
    }

    /// The first executable regular file named `name` in the `:`-separated `directories`.
    static func search(_ name: String, in directories: String) -> String? {
        for directory in directories.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// The program's descriptor, for the spawn to hand to the child.
    var descriptor: Int32 { file.descriptor }
}
