import Foundation
import Testing

/// `check-config` as a new user meets it: the shipped file with its examples uncommented,
/// and the hooks, fonts and GPIO chips the lock itself would refuse, in the lock's words.
@Suite struct CheckConfigTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// A system config root holding `text` as its slidelock.conf.
    static func systemRoot(_ text: String) throws -> String {
        let root = CLITests.scratch.appendingPathComponent("etc-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try text.write(to: root.appendingPathComponent("slidelock.conf"), atomically: true, encoding: .utf8)
        return root.path
    }

    /// `# key = value` lines of the shipped file uncommented, as a person trying them would.
    static func uncommentingEveryExample(_ text: String) -> (text: String, examples: Int) {
        var examples = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("#") else { return String(line) }
            let body = line.dropFirst().drop { $0 == " " }
            guard let equals = body.firstIndex(of: "="),
                !body[..<equals].trimmingCharacters(in: .whitespaces).isEmpty,
                body[..<equals].trimmingCharacters(in: .whitespaces).allSatisfy({ $0 == "_" || $0.isLowercase })
            else { return String(line) }
            examples += 1
            return String(body)
        }
        return (lines.joined(separator: "\n"), examples)
    }

    @Test func theShippedFileWithEveryExampleUncommentedChecks() throws {
        let shipped = try String(contentsOf: Self.repo.appendingPathComponent("deploy/slidelock.conf"), encoding: .utf8)
        let (text, examples) = Self.uncommentingEveryExample(shipped)
        #expect(examples >= 12, "\(text)")
        // The relay's install path is the one thing this machine lacks: /bin/true stands in.
        // The packages' group slidelock-ctl may be missing too: a warning, and only that.
        let r = try CLITests.run(
            ["check-config", "--set", "action.hook=/bin/true"],
            environment: ["SLIDELOCK_CONFIG_ROOT": try Self.systemRoot(text)])
        #expect(r.status == 0, "\(r.stderr)\n\(text)")
        let groupWarning =
            "slidelock check-config: warning: control.group: no group named \"slidelock-ctl\": the control socket would be root's only\n"
        #expect(r.stderr.isEmpty || r.stderr == groupWarning, "\(r.stderr)")
        #expect(r.stdout.contains("max_speed = 20000"))
    }

    @Test func aCommentAfterAValueIsNamedAsSuch() throws {
        let root = try Self.systemRoot("[gesture]\nthreshold = 1             # fraction of the travel\n")
        let r = try CLITests.run(["check-config"], environment: ["SLIDELOCK_CONFIG_ROOT": root])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "slidelock check-config: \(root)/slidelock.conf:2: gesture.threshold: bad number"
                + " \"1             # fraction of the travel\" (comments go on their own line)\n")
    }

    @Test func aMisspeltOrMisplacedKeySaysWhichItMeant() throws {
        let path = try CLITests.file("misplaced.conf", "[theme]\ndim_after = 30\n[layout]\ntrack_widht = 0.8\n")
        let r = try CLITests.run(["check-config", "--config", path])
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                slidelock check-config: \(path):2: unknown key "dim_after" in [theme] (it belongs in [display])
                slidelock check-config: \(path):4: unknown key "track_widht" in [layout] (did you mean track_width?)

                """)
    }

    /// The hook problems the lock refuses at start: check-config says the same line, and
    /// exits 1. The lock's own run is the oracle (it stops before touching a display).
    static func hookFixtures() throws -> [(name: String, args: [String])] {
        let dir = CLITests.scratch.appendingPathComponent("hooks-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let plain = dir.appendingPathComponent("not-executable.sh").path
        try "#!/bin/sh\nexit 0\n".write(toFile: plain, atomically: true, encoding: .utf8)
        chmod(plain, 0o644)
        return [
            ("a bare name", ["--set", "action.hook=relay.sh"]),
            ("a missing file", ["--set", "action.hook=/nonexistent/slidelock-relay"]),
            ("a file without x", ["--set", "action.hook=\(plain)"]),
            ("a comment after it", ["--set", "action.hook=/bin/true # pulse the relay"]),
            ("a missing idle hook", ["--set", "action.idle_hook=/nonexistent/idle"]),
        ]
    }

    @Test func aHookTheLockRefusesFailsCheckConfigInTheLocksWords() throws {
        for (name, args) in try Self.hookFixtures() {
            let hook =
                ["--set", "action.on_unlock=hook"]
                + (args[1].hasPrefix("action.hook") ? [] : ["--set", "action.hook=/bin/true"])
            let check = try CLITests.run(["check-config"] + hook + args)
            let lock = try CLITests.run(hook + args)
            #expect(check.status == 1, "\(name): \(check.stderr)")
            #expect(lock.status == 1, "\(name): \(lock.stderr)")
            let said = check.stderr.replacingOccurrences(of: "slidelock check-config: ", with: "")
            #expect(said == lock.stderr.replacingOccurrences(of: "slidelock: ", with: ""), "\(name)")
            #expect(said.hasPrefix("action."), "\(name): \(said)")
            #expect(said.split(separator: "\n").count == 1, "\(name): \(said)")
        }
    }

    /// A hook on a `noexec` mount: refused when the lock starts, not at every slide. Needs a
    /// private mount namespace (root); skipped where `unshare` cannot make one.
    @Test func aHookOnANoexecMountIsRefusedAtStart() throws {
        let dir = CLITests.scratch.appendingPathComponent("noexec-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o noexec,mode=755 none "$1" || exit 77
            printf '#!/bin/sh\\nexit 0\\n' > "$1/hook" && chmod 755 "$1/hook"
            "$2" check-config --set action.on_unlock=hook --set action.hook="$1/hook"
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        p.arguments = ["--mount", "sh", "-c", script, "sh", dir, CLITests.binary.path]
        p.environment = ["SLIDELOCK_CONFIG_ROOT": CLITests.scratch.appendingPathComponent("no-etc").path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        guard (try? p.run()) != nil else { return }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus != 77, !text.contains("unshare:") else { return }
        #expect(p.terminationStatus == 1, "\(text)")
        #expect(
            text == "slidelock check-config: action.hook: cannot run \(dir)/hook: is on a noexec mount"
                + " (nothing on it may run)\n")
    }

    /// A NUL or an escape sequence in the text an error quotes: the whole line arrives, the
    /// characters spelt out (a C string ended the line at the NUL, its quote left open).
    @Test func anErrorLineQuotingANULOrAnEscapeIsWholeAndVisible() throws {
        let path = try CLITests.file("nul.conf", "[layout]\ntrack_width = 0.5\u{0}9\n[theme]\nicon = \u{1B}[2Jlock\n")
        let r = try CLITests.run(["check-config", "--config", path])
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                slidelock check-config: \(path):2: layout.track_width: bad number "0.5\\x009"
                slidelock check-config: \(path):4: theme.icon: bad value "\\x1B[2Jlock" (expected none, lock, lock.open, chevrons, star, spinner or checkmark)

                """)
    }

    @Test func aButtonOnAMissingGPIOChipFailsCheckConfig() throws {
        let r = try CLITests.run(["check-config", "--set", "input.button=/dev/gpiochip-none:3"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("slidelock check-config: input.button = /dev/gpiochip-none:3: no GPIO chip"))
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func aDoorContactAndTamperInputOnMissingChipsFailCheckConfig() throws {
        let r = try CLITests.run([
            "check-config", "--set", "door.contact=/dev/gpiochip-none:27", "--set", "tamper.input=no-such-label:22",
        ])
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(
            lines.first?.hasPrefix("slidelock check-config: door.contact = /dev/gpiochip-none:27: no GPIO chip") == true
        )
        #expect(lines.last?.hasPrefix("slidelock check-config: tamper.input = no-such-label:22: no GPIO chip") == true)
    }

    @Test func fontsAndGroupAreCheckedAndEveryProblemShown() throws {
        let r = try CLITests.run([
            "check-config", "--set", "theme.fonts=/nonexistent/font.ttf", "--set", "control.group=no-such-group-here",
        ])
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(
            lines.first
                == "slidelock check-config: warning: control.group: no group named \"no-such-group-here\": the control socket would be root's only"
        )
        #expect(lines.last?.contains("font file /nonexistent/font.ttf") == true)
    }

    /// The shipped `slidelock-ctl` where no package made it: a warning, and the configuration.
    @Test func anUnknownGroupAloneIsAWarning() throws {
        let r = try CLITests.run(["check-config", "--set", "control.group=no-such-group-here"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasSuffix("no group named \"no-such-group-here\": the control socket would be root's only\n"))
        #expect(r.stdout.contains("group = no-such-group-here"))
    }
}
