import Foundation
import Testing

/// Every command speaks one dialect: `--help` exits 0 and prints its usage, an unknown flag
/// is one line on stderr naming it, exit 2.
@Suite struct CommandDialectTests {
    /// The commands the top-level help lists, read from that help itself.
    static func listedCommands() throws -> [String] {
        let help = try CLITests.run(["--help"]).stdout
        guard let start = help.range(of: "Commands:\n") else { return [] }
        let block = help[start.upperBound...]
        var names: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if let name = line.split(separator: " ").first { names.append(String(name)) }
        }
        return names
    }

    @Test func topLevelHelpListsTheCommands() throws {
        let names = try Self.listedCommands()
        #expect(names.contains("render") && names.contains("drm-smoke") && names.contains("trace-stats"))
    }

    @Test func everyListedCommandTakesHelp() throws {
        let names = try Self.listedCommands().filter { $0 != "help" }
        #expect(names.count >= 9)
        for name in names + [""] {
            let run = try CLITests.run((name.isEmpty ? [] : [name]) + ["--help"])
            #expect(run.status == 0, "\(name) --help: \(run.stderr)")
            #expect(run.stdout.hasPrefix("Usage: slidelock"), "\(name) --help: \(run.stdout.prefix(60))")
            #expect(run.stderr.isEmpty)
        }
    }

    @Test func everyListedCommandRejectsAnUnknownFlagOnOneLine() throws {
        for name in try Self.listedCommands().filter({ $0 != "help" }) {
            let run = try CLITests.run([name, "--no-such-flag"])
            #expect(run.status == 2, "\(name): \(run.status) \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            // The flag itself, or the required argument that is missing first, on one line.
            #expect(lines.count == 1 && lines[0].hasPrefix("slidelock \(name): "), "\(name): \(run.stderr)")
        }
    }

    @Test func displayCommandsReadTheConfig() throws {
        // A bad [display] key is reported like everywhere else: file-less --set, key named.
        let run = try CLITests.run(["list-outputs", "--set", "display.master_wait=-3"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("display.master_wait"))
    }

    @Test func traceStatsSummarisesATrace() throws {
        let file = CLITests.scratch.appendingPathComponent("trace.jsonl")
        var lines: [String] = []
        for i in 0..<10 {
            let vblank = 10.0 + Double(i) / 60
            let input = vblank - 0.020
            lines.append(
                "{\"output\":\"DSI-1\",\"input\":\(input),\"render_start\":\(input),\"render_end\":\(input),"
                    + "\"flip_queued\":\(input),\"flip_completed\":\(vblank),\"visual\":\(vblank)}")
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try CLITests.run(["trace-stats", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("DSI-1: 10 frames, refresh 16.7 ms"))
        #expect(run.stdout.contains("p50 20 ms (1.2 refreshes)"))
    }

    @Test func traceStatsNamesABadLine() throws {
        let file = CLITests.scratch.appendingPathComponent("bad-trace.jsonl")
        try "{\"output\":\"A\",\"flip_completed\":1.0}\nhello\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try CLITests.run(["trace-stats", file.path])
        #expect(run.status == 1)
        #expect(run.stderr == "slidelock trace-stats: \(file.path): line 2: not a slidelock frame record\n")
    }
}

/// As root, slidelock reads only root's own files (sshd's StrictModes).
@Suite struct RootTrustTests {
    @Test func aWorldWritableConfigIsRefusedAsRoot() throws {
        guard geteuid() == 0 else { return }
        let file = CLITests.scratch.appendingPathComponent("open.conf")
        try "[theme]\nlabel = Hi\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o666)
        let run = try CLITests.run(["check-config", "--config", file.path])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "slidelock check-config: cannot read \(file.path): is writable by its group and others (mode 0666): not trusted when running as root\n"
        )
    }

    @Test func aWorldWritableHookProgramIsRefusedAsRoot() throws {
        guard geteuid() == 0 else { return }
        let hook = CLITests.scratch.appendingPathComponent("open-hook.sh")
        try "#!/bin/sh\nexit 0\n".write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o777)
        let run = try CLITests.run(["--on-unlock", "hook", "--hook", hook.path, "--fbdev", "/nonexistent"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("action.hook: not running \(hook.path): is writable by its group and others")
                && run.stderr.contains("not trusted when running as root"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aWorldWritableFontFileIsRefusedAsRoot() throws {
        guard geteuid() == 0 else { return }
        let font = CLITests.scratch.appendingPathComponent("open-font.ttf")
        try? FileManager.default.removeItem(at: font)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: font.path)
        chmod(font.path, 0o666)
        let run = try CLITests.run(["--set", "theme.fonts=\(font.path)", "--fbdev", "/nonexistent"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("font file \(font.path)") && run.stderr.contains("not trusted when running as root"),
            "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
