import Foundation
import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform

/// Issue 26: hooks ran by path after a check of the resolved path (a symlink in an
/// untrusted directory passed; a PATH lookup was not checked at all).
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
}
