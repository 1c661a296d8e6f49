import Foundation
import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform

/// Hooks run what was checked, not a path looked up again: a check of the resolved path
/// lets a symlink in an untrusted directory pass, and a PATH lookup escapes it.
@Suite struct HookProgramTests {
    func error(_ program: String, policy: TrustPolicy) -> HookError? {
        do { _ = try HookProgram.open(program, policy: policy) } catch { return error }
        return nil
    }

    @Test func aBareNameIsRefusedAsRootAndLookedUpOtherwise() throws {
        #expect(
            error("sh", policy: TrustPolicy(owner: 0))?.description
                == "hook: not running sh: not a path: as root a hook must be given by its full path (e.g. /usr/local/bin/sh)"
        )
        #expect(error("sh", policy: TrustPolicy(owner: nil)) == nil)
    }

    @Test func anUntrustedScriptOrInterpreterIsRefused() {
        let f = TrustFixture("hook-trust")
        let script = f.file("hook.sh", "#!/bin/sh\nexit 0\n", mode: 0o755)
        #expect(error(script, policy: f.policy) == nil)
        chown(script, TrustFixture.other, TrustFixture.other)
        #expect(error(script, policy: f.policy)?.description.contains("is owned by uid 65534") == true)
        let interpreter = f.file("interp", "#!/bin/sh\n", mode: 0o755)
        chown(interpreter, TrustFixture.other, TrustFixture.other)
        let wrapped = f.file("wrapped.sh", "#!\(interpreter) -e\nexit 0\n", mode: 0o755)
        #expect(error(wrapped, policy: f.policy)?.description.contains("its interpreter \(interpreter)") == true)
        let relative = f.file("relative.sh", "#!sh\n", mode: 0o755)
        #expect(error(relative, policy: f.policy)?.description.contains("names no interpreter by full path") == true)
        // A link to a trusted hook, planted by another user in a directory the owner trusts.
        let planted = f.link("planted.sh", to: f.file("ok.sh", "#!/bin/sh\n", mode: 0o755), owner: TrustFixture.other)
        #expect(
            error(planted, policy: f.policy)?.description.contains("(a symbolic link) is owned by uid 65534") == true)
    }

    @Test func aHookTheKernelWouldNotRunIsRefusedWhenOpenedNotAtTheSlide() {
        let f = TrustFixture("hook-runnable")
        let script = f.file("hook.sh", "#!/bin/sh\nexit 0\n", mode: 0o644)
        #expect(
            error(script, policy: f.policy)?.description == "hook: cannot run \(script): is not executable (chmod +x)")
        let interpreter = f.file("interp", "#!/bin/sh\n", mode: 0o644)
        let wrapped = f.file("wrapped.sh", "#!\(interpreter)\nexit 0\n", mode: 0o755)
        #expect(
            error(wrapped, policy: f.policy)?.description
                == "hook: cannot run \(wrapped): its interpreter \(interpreter) is not executable (chmod +x)")
        #expect(
            HookError.notRunnable(program: "/mnt/hook", reason: "is on a noexec mount (nothing on it may run)")
                .detail == "cannot run /mnt/hook: is on a noexec mount (nothing on it may run)")
    }

    @Test func theCheckedFileIsWhatRunsEvenIfItsPathIsSwapped() throws {
        let f = TrustFixture("hook-swap")
        let path = f.file("hook.sh", "#!/bin/sh\necho checked \"$0\"\n", mode: 0o755)
        let program = try HookProgram.open(path, policy: f.policy)
        // Replaced after the check: the child still runs the checked file from its descriptor.
        let evil = f.file("evil.sh", "#!/bin/sh\necho evil\n", mode: 0o755)
        #expect(rename(evil, path) == 0)
        let process = try SpawnedProcess.spawn(
            program: program, arguments: [path], environment: ["PATH=/usr/bin:/bin"])
        var status: Int32 = 0
        waitpid(process.pid, &status, 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(process.stdout, &buffer, buffer.count)
        close(process.stdout)
        close(process.stderr)
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == "checked /proc/self/fd/3\n")
    }

    @Test func aHookSwappedForAnUntrustedOneIsRefusedAtItsNextRun() throws {
        // The runner opens and checks the program on every run, not once at start.
        let f = TrustFixture("hook-rerun")
        let path = f.file("hook.sh", "#!/bin/sh\nexit 0\n", mode: 0o755)
        let runner = HookRunner(command: [path], timeout: 10, grace: 1, usePidfd: true, policy: f.policy)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        #expect(drive(runner).outcome?.isSuccess == true)
        let evil = f.file("evil.sh", "#!/bin/sh\nexit 0\n", mode: 0o755)
        chown(evil, TrustFixture.other, TrustFixture.other)
        #expect(rename(evil, path) == 0)
        #expect(throws: HookError.self) { try runner.start(event: "unlock", environment: [:], now: 0) }
        #expect(!runner.isRunning)
    }

    @Test func anELFBinaryRunsFromItsDescriptorWithItsArguments() throws {
        let runner = HookRunner(command: ["/bin/echo", "one", "two"], timeout: 10)
        try runner.start(event: "unlock", environment: [:], now: MonotonicClock.now())
        let run = drive(runner)
        #expect(run.outcome?.isSuccess == true)
        #expect(printed(run) == ["one two"])
    }

    /// F-2: the `#!` interpreter was checked one level deep: env's PATH lookup or operand,
    /// and a trusted wrapper whose own interpreter is untrusted, ran as root.
    @Test func theWholeInterpreterChainIsCheckedAndEnvIsRefusedAsRoot() {
        let f = TrustFixture("hook-chain")
        let root = TrustPolicy(owner: getuid())
        let viaEnv = f.file("env.sh", "#!/usr/bin/env sh\nexit 0\n", mode: 0o755)
        #expect(
            error(viaEnv, policy: root)?.description
                == "hook: not running \(viaEnv): its interpreter is /usr/bin/env: as root name the interpreter itself"
                + " by its full path (e.g. #!/bin/sh), not through env")
        let envPath = f.file("env-path.sh", "#!/usr/bin/env /tmp/x\n", mode: 0o755)
        #expect(error(envPath, policy: root)?.description.contains("not through env") == true)
        #expect(error(viaEnv, policy: TrustPolicy(owner: nil)) == nil)
        // Other interpreters that run their operand: nice, nohup, sh ./file.
        let viaNice = f.file("nice.sh", "#!/usr/bin/nice evilprog\n", mode: 0o755)
        #expect(
            error(viaNice, policy: root)?.description
                == "hook: not running \(viaNice): its #! line passes \"evilprog\" to /usr/bin/nice: as root only"
                + " options may follow the interpreter")
        let viaSh = f.file("sh-file.sh", "#!/bin/sh  ./evil\n", mode: 0o755)
        #expect(error(viaSh, policy: root)?.description.contains("passes \"./evil\" to /bin/sh") == true)
        let options = f.file("options.sh", "#!/bin/sh -e\nexit 0\n", mode: 0o755)
        #expect(error(options, policy: root) == nil)

        let untrusted = f.file("interp", "#!/bin/sh\n", mode: 0o755)
        chown(untrusted, TrustFixture.other, TrustFixture.other)
        let wrap = f.file("wrap", "#!\(untrusted)\n", mode: 0o755)
        let hook = f.file("hook.sh", "#!\(wrap) -e\nexit 0\n", mode: 0o755)
        #expect(
            error(hook, policy: root)?.description.contains("its interpreter \(untrusted): is owned by uid 65534")
                == true)
        chown(untrusted, getuid(), getgid())
        #expect(error(hook, policy: root) == nil)
        let relative = f.file("relative-wrap", "#!sh\n", mode: 0o755)
        let wrapped = f.file("wrapped.sh", "#!\(relative)\n", mode: 0o755)
        #expect(
            error(wrapped, policy: root)?.description.contains("the #! line of its interpreter \(relative) names no")
                == true)
    }

    @Test func interpreterScriptsNestedDeeperThanTheKernelAllowsAreRefused() {
        let f = TrustFixture("hook-deep")
        var interpreter = "/bin/sh"
        for level in 1...4 { interpreter = f.file("level\(level)", "#!\(interpreter)\n", mode: 0o755) }
        // Five scripts: the kernel runs it (a sixth is ELOOP).
        let five = f.file("five.sh", "#!\(interpreter)\n", mode: 0o755)
        #expect(error(five, policy: f.policy) == nil)
        let level5 = f.file("level5", "#!\(interpreter)\n", mode: 0o755)
        let six = f.file("six.sh", "#!\(level5)\n", mode: 0o755)
        #expect(error(six, policy: f.policy)?.description.contains("more than 5 scripts") == true)
    }
}
