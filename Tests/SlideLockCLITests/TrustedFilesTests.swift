import Foundation
import Glibc
import Testing

/// Through the real binary: what root reads or runs goes through
/// the one trusted opener, outputs never hit what is not the caller's regular file, and
/// errors are bounded. Each case: one line on stderr, exit status 1.
@Suite struct TrustedFilesTests {
    static let isRoot = geteuid() == 0

    /// A fresh directory (0755) under the CLI scratch directory.
    static func directory(_ name: String) -> String {
        let path = CLITests.scratch.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
        mkdir(path, 0o755)
        chmod(path, 0o755)
        return path
    }

    static func write(_ path: String, _ text: String, mode: mode_t = 0o644) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
    }

    /// Exit status 1 and exactly one stderr line containing `message`.
    static func expectOneLine(_ r: CLITests.Run, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(
            r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(r.stderr)",
            sourceLocation: sourceLocation)
    }

    // MARK: outputs

    @Test func aTraceIntoAFIFOIsRefusedAtOnceNotWaitedFor() throws {
        let dir = Self.directory("trace-fifo")
        let fifo = dir + "/trace"
        mkfifo(fifo, 0o666)
        let start = Date()
        let r = try CLITests.run(["--trace", fifo, "--fbdev", "/nonexistent"])
        Self.expectOneLine(r, "\(fifo): not a regular file (a FIFO), refusing to write it")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aTraceNeverTruncatesADeviceOrAProcFile() throws {
        Self.expectOneLine(
            try CLITests.run(["--trace", "/dev/null", "--fbdev", "/nonexistent"]),
            "/dev/null: not a regular file (a character device), refusing to write it")
        Self.expectOneLine(
            try CLITests.run(["--trace", "/proc/self/comm", "--fbdev", "/nonexistent"]),
            "/proc/self/comm: a kernel interface file (/proc, /sys), refusing to write it")
    }

    @Test func aTraceOrPictureOverAnotherUsersFileIsRefused() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("out-owner")
        let theirs = dir + "/theirs"
        Self.write(theirs, "theirs")
        chown(theirs, 65534, 65534)
        Self.expectOneLine(
            try CLITests.run(["--trace", theirs, "--fbdev", "/nonexistent"]), "owned by uid 65534, not by this user")
        Self.expectOneLine(try CLITests.run(["render", "--out", theirs]), "owned by uid 65534, not by this user")
        #expect(try String(contentsOfFile: theirs, encoding: .utf8) == "theirs")
    }

    @Test func playFramesNeverWriteThroughAPlantedLink() throws {
        let dir = Self.directory("frames")
        let victim = dir + "/victim"
        Self.write(victim, "victim")
        symlink(victim, dir + "/frame-0000.png")
        let script = dir + "/slide.txt"
        Self.write(script, "0.000 down 112 240\n0.100 up\n")
        let r = try CLITests.run(["play", "--script", script, "--frames", dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("frame-0000.png: not a regular file (a symbolic link), refusing to write it"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim")
    }

    /// F-1: another user's link to a directory in an output path: root replaced, truncated
    /// or created files wherever it pointed.
    @Test func outputsNeverFollowAnotherUsersLinkInADirectory() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("out-dirlink")
        mkdir(dir + "/etc", 0o755)
        let shadow = dir + "/etc/shadow"
        Self.write(shadow, "secret", mode: 0o600)
        mkdir(dir + "/u", 0o755)
        chown(dir + "/u", 65534, 65534)
        let link = dir + "/u/d"
        symlink(dir + "/etc", link)
        lchown(link, 65534, 65534)
        let refused = "\(link) (a symbolic link) is owned by uid 65534, not by root or this user (uid 0)"
        Self.expectOneLine(try CLITests.run(["render", "--size", "64x32", "--out", link + "/shadow"]), refused)
        Self.expectOneLine(try CLITests.run(["--trace", link + "/shadow", "--fbdev", "/nonexistent"]), refused)
        let script = dir + "/slide.txt"
        Self.write(script, "0.000 down 10 16\n0.100 up\n")
        Self.expectOneLine(
            try CLITests.run(["play", "--script", script, "--size", "64x32", "--frames", link + "/new"]), refused)
        Self.expectOneLine(
            try CLITests.run(["play", "--script", script, "--size", "64x32", "--contact-sheet", link + "/s.png"]),
            refused)
        #expect(try String(contentsOfFile: shadow, encoding: .utf8) == "secret")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/etc") == ["shadow"])
        // The caller's own link still works, and --frames makes its directories.
        symlink(dir + "/etc", dir + "/mine")
        let r = try CLITests.run(["play", "--script", script, "--size", "64x32", "--frames", dir + "/mine/a/b"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/etc/a/b/frame-0000.png"))
    }

    // MARK: configs, drop-ins, hooks, fonts (root's checks)

    @Test func aDropInLinkPlantedByAnotherUserIsNotFollowed() throws {
        guard Self.isRoot else { return }
        let root = Self.directory("etc")
        mkdir(root + "/conf.d", 0o755)
        let elsewhere = Self.directory("theirs") + "/evil.conf"
        Self.write(elsewhere, "[input]\nkeyboard_lockout = false\n")
        symlink(elsewhere, root + "/conf.d/50-evil.conf")
        lchown(root + "/conf.d/50-evil.conf", 65534, 65534)
        let r = try CLITests.run(["check-config"], environment: ["SLIDELOCK_CONFIG_ROOT": root])
        Self.expectOneLine(
            r,
            "cannot read \(root)/conf.d/50-evil.conf: \(root)/conf.d/50-evil.conf (a symbolic link) is owned by uid 65534"
        )
        // A conf.d anybody can write is refused whole.
        unlink(root + "/conf.d/50-evil.conf")
        chmod(root + "/conf.d", 0o777)
        let open = try CLITests.run(["check-config"], environment: ["SLIDELOCK_CONFIG_ROOT": root])
        Self.expectOneLine(open, "cannot read \(root)/conf.d: is writable by its group and others (mode 0777)")
    }

    /// F-6: a drop-in whose name is not UTF-8 was skipped without a word.
    @Test func aDropInNamedInBytesThatAreNotUTF8IsReported() throws {
        let root = Self.directory("etc-bytes")
        mkdir(root + "/conf.d", 0o755)
        let raw = Array((root + "/conf.d/50-").utf8) + [0xff] + Array(".conf".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let r = try CLITests.run(["check-config"], environment: ["SLIDELOCK_CONFIG_ROOT": root])
        Self.expectOneLine(
            r,
            "cannot read \(root)/conf.d: \(root)/conf.d/50-\\xff.conf has a name that is not valid UTF-8")
    }

    /// F-2: `#!/usr/bin/env NAME` and a trusted wrapper around an untrusted interpreter ran
    /// as root.
    @Test func aHookThroughEnvOrAnUntrustedWrappedInterpreterIsRefusedAsRoot() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("hook-chain")
        let viaEnv = dir + "/env.sh"
        Self.write(viaEnv, "#!/usr/bin/env sh\nexit 0\n", mode: 0o755)
        Self.expectOneLine(
            try CLITests.run(["--set", "action.slide_start_hook=\(viaEnv)", "--fbdev", "/nonexistent"]),
            "action.slide_start_hook: not running \(viaEnv): its interpreter is /usr/bin/env: as root name the interpreter"
        )
        let interpreter = dir + "/interp"
        Self.write(interpreter, "#!/bin/sh\n", mode: 0o755)
        chown(interpreter, 65534, 65534)
        let wrap = dir + "/wrap"
        Self.write(wrap, "#!\(interpreter)\n", mode: 0o755)
        let hook = dir + "/hook.sh"
        Self.write(hook, "#!\(wrap)\nexit 0\n", mode: 0o755)
        Self.expectOneLine(
            try CLITests.run(["--set", "action.idle_hook=\(hook)", "--fbdev", "/nonexistent"]),
            "action.idle_hook: not running \(hook): its interpreter \(interpreter): is owned by uid 65534")
    }

    /// N-b: `--config /dev/stdin` redirected from another user's file read it as root,
    /// while `--config /dev/fd/0` refused it.
    @Test func aConfigOnStandardInputFromAnotherUsersFileIsRefusedAsRoot() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("stdin-file")
        let theirs = dir + "/theirs.conf"
        Self.write(theirs, "[theme]\nlabel = Theirs\n")
        chown(theirs, 65534, 65534)
        let p = Process()
        p.executableURL = CLITests.binary
        p.arguments = ["check-config", "--config", "/dev/stdin"]
        p.environment = ["SLIDELOCK_CONFIG_ROOT": dir + "/no-etc"]
        p.standardInput = FileHandle(forReadingAtPath: theirs)
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(
            text.split(separator: "\n").count == 1
                && text.contains(
                    "/dev/stdin: standard input is a file that is owned by uid 65534, not root: not trusted"),
            "\(text)")
    }

    @Test func anUntrustedIdleHookIsRefusedLikeTheOthers() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("idle-hook")
        let hook = dir + "/idle.sh"
        Self.write(hook, "#!/bin/sh\nexit 0\n", mode: 0o755)
        chown(hook, 65534, 65534)
        let message = "action.idle_hook: not running \(hook): is owned by uid 65534, not root"
        Self.expectOneLine(
            try CLITests.run(["--set", "action.idle_hook=\(hook)", "--fbdev", "/nonexistent"]), message)
        // A hook whose #! interpreter another user controls.
        chown(hook, 0, 0)
        let interpreter = dir + "/interp"
        Self.write(interpreter, "#!/bin/sh\n", mode: 0o755)
        chown(interpreter, 65534, 65534)
        Self.write(hook, "#!\(interpreter)\nexit 0\n", mode: 0o755)
        Self.expectOneLine(
            try CLITests.run(["--set", "action.cancel_hook=\(hook) x", "--fbdev", "/nonexistent"]),
            "action.cancel_hook: not running \(hook): its interpreter \(interpreter): is owned by uid 65534")
    }

    @Test func aHookFoundInPATHIsRefusedAsRoot() throws {
        guard Self.isRoot else { return }
        Self.expectOneLine(
            try CLITests.run(["--set", "action.slide_start_hook=true", "--fbdev", "/nonexistent"]),
            "action.slide_start_hook: not running true: not a path: as root a hook must be given by its full path")
    }

    @Test func theFeedbackHookIsCheckedLikeEveryHook() throws {
        guard Self.isRoot else { return }
        Self.expectOneLine(
            try CLITests.run(["--set", "action.feedback_hook=true", "--fbdev", "/nonexistent"]),
            "action.feedback_hook: not running true: not a path: as root a hook must be given by its full path")
    }

    @Test func aFontLinkPlantedByAnotherUserIsRefused() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("font-link")
        let link = dir + "/font.ttf"
        symlink("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", link)
        lchown(link, 65534, 65534)
        Self.expectOneLine(
            try CLITests.run(["render", "--set", "theme.fonts=\(link)", "--out", dir + "/x.png"]),
            "font file \(link): \(link) (a symbolic link) is owned by uid 65534")
    }

    // MARK: bounds

    @Test func oneFontListed15000TimesIsOpenedOnce() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        guard FileManager.default.fileExists(atPath: font) else { return }
        let dir = Self.directory("fonts")
        let config = dir + "/fonts.conf"
        Self.write(config, "[theme]\nfonts = " + Array(repeating: font, count: 15000).joined(separator: ", ") + "\n")
        let r = try CLITests.run(["render", "--config", config, "--out", dir + "/x.png"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func moreThanSixteenFontsAreRefusedNamingTheKey() throws {
        let fonts = (1...17).map { "Family \($0)" }.joined(separator: ", ")
        let dir = Self.directory("fonts17")
        Self.expectOneLine(
            try CLITests.run(["render", "--set", "theme.fonts=\(fonts)", "--out", dir + "/x.png"]),
            "theme.fonts: 17 different fonts listed, at most 16 are used")
    }

    /// F-3: the cap was applied after an O(n·m) dedupe: 140 000 family names took minutes
    /// (100 000 here: a config file is at most 1 MiB).
    @Test func aHugeFontListIsRefusedAtOnceByCheckConfigAndRender() throws {
        let dir = Self.directory("fonts-huge")
        let config = dir + "/fonts.conf"
        Self.write(config, "[theme]\nfonts = " + (1...100_000).map { "F\($0)" }.joined(separator: ", ") + "\n")
        let start = Date()
        Self.expectOneLine(
            try CLITests.run(["check-config", "--config", config]),
            "theme.fonts: 100000 different fonts listed, at most 16 are used")
        Self.expectOneLine(
            try CLITests.run(["render", "--config", config, "--out", dir + "/x.png"]),
            "theme.fonts: 100000 different fonts listed, at most 16 are used")
        #expect(Date().timeIntervalSince(start) < 20)
        let seventeen = (1...17).map { "Family \($0)" }.joined(separator: ", ")
        Self.expectOneLine(
            try CLITests.run(["check-config", "--set", "theme.fonts=\(seventeen)"]),
            "theme.fonts: 17 different fonts listed, at most 16 are used")
    }

    @Test func aMegabyteOfBadLinesPrintsTwentyAndACount() throws {
        let dir = Self.directory("bad-config")
        let config = dir + "/bad.conf"
        Self.write(config, String(repeating: "x\n", count: 524_287))
        let r = try CLITests.run(["check-config", "--config", config])
        let lines = r.stderr.split(separator: "\n")
        #expect(r.status == 1)
        #expect(lines.count == 21)
        #expect(lines.last == "slidelock check-config: 524267 more errors not shown (fix these first)")
    }

    @Test func traceStatsRefusesNulNanInfAndHex() throws {
        let dir = Self.directory("trace-stats")
        let good =
            #"{"output":"DSI-1","input":1.000000,"render_start":1.001000,"render_end":1.002000,"flip_queued":1.003000,"flip_completed":1.016000,"visual":1.0}"#
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "1.016000", with: "nan"), "line 2: not a slidelock frame record"),
            (good.replacingOccurrences(of: "1.016000", with: "inf"), "line 2: not a slidelock frame record"),
            (good.replacingOccurrences(of: "1.016000", with: "0x1p4"), "line 2: not a slidelock frame record"),
            (
                good.replacingOccurrences(of: "\"input\":1.000000", with: "\"input\":-infinity"),
                "line 2: input: not a number"
            ),
            (good.replacingOccurrences(of: "DSI-1", with: "DSI\u{0}-1"), "line 2: contains a NUL character"),
            // F-5: finite, but their difference is not: "p95 inf ms".
            (
                good.replacingOccurrences(of: "1.016000", with: "1.7e308")
                    .replacingOccurrences(of: "\"input\":1.000000", with: "\"input\":-1.7e308"),
                "line 2: flip_completed: 1.7e+308 is out of range (at most 1e9 seconds either way)"
            ),
            (
                good.replacingOccurrences(of: "\"input\":1.000000", with: "\"input\":-1.7e308"),
                "line 2: input: -1.7e+308 is out of range"
            ),
        ]
        for (index, (bad, message)) in cases.enumerated() {
            let path = dir + "/trace-\(index)"
            Self.write(path, good + "\n" + bad + "\n")
            Self.expectOneLine(try CLITests.run(["trace-stats", path]), message)
        }
        let fine = dir + "/fine"
        Self.write(fine, good + "\n" + good.replacingOccurrences(of: "1.016000", with: "1.032000") + "\n")
        #expect(try CLITests.run(["trace-stats", fine]).status == 0)
    }

    // MARK: the relay's settings

    @Test func relayDefaultsArePrintedAsFourCheckedLines() throws {
        let dir = Self.directory("relay")
        let file = dir + "/slidelock-relay"
        Self.write(
            file, "# comment\n  RELAY_CHIP=\"gpiochip4\"  \nRELAY_LINE='27'\nRELAY_ACTIVE=low\nRELAY_PULSE_MS=2250\n")
        let r = try CLITests.run(["check-config", "--relay-defaults", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "RELAY_CHIP=gpiochip4\nRELAY_LINE=27\nRELAY_ACTIVE=low\nRELAY_PULSE_MS=2250\n")
        // A buzzer (the feedback hook's `beep`) adds its three lines, on the relay's chip by default.
        Self.write(file, "RELAY_LINE=17\nBUZZER_LINE=27\nBUZZER_ACTIVE=low\n")
        let buzzer = try CLITests.run(["check-config", "--relay-defaults", file])
        #expect(
            buzzer.stdout
                == "RELAY_CHIP=gpiochip0\nRELAY_LINE=17\nRELAY_ACTIVE=high\nRELAY_PULSE_MS=500\n"
                + "BUZZER_CHIP=gpiochip0\nBUZZER_LINE=27\nBUZZER_ACTIVE=low\n", "\(buzzer.stderr)")
        let bad: [(String, String)] = [
            ("RELAY_CHIP=gpiochip0\n", "RELAY_LINE is not set"),
            ("RELAY_LINE=$(reboot)\n", "RELAY_LINE must be a line offset"),
            ("RELAY_LINE=17\nRELAY_CHIP=a b\n", "RELAY_CHIP must name a GPIO chip"),
            ("RELAY_LINE=17\nRELAY_ACTIVE=up\n", "RELAY_ACTIVE must be high or low, not 'up'"),
            ("RELAY_LINE=17\nRELAY_PULSE_MS=60001\n", "RELAY_PULSE_MS must be a whole number"),
            ("RELAY_LINE=17\nRELAY_COLOR=red\n", "\(file):2: unknown setting RELAY_COLOR"),
            ("RELAY_LINE 17\nRELAY_LINE=17\n", "\(file):1: expected KEY=value"),
            ("RELAY_LINE=17\nBUZZER_LINE=x\n", "\(file):2: BUZZER_LINE must be a line offset"),
            ("RELAY_LINE=17\nBUZZER_ACTIVE=on\n", "BUZZER_ACTIVE must be high or low, not 'on'"),
            ("RELAY_LINE=17\nBUZZER_CHIP=a;b\n", "BUZZER_CHIP must name a GPIO chip"),
        ]
        for (text, message) in bad {
            Self.write(file, text)
            Self.expectOneLine(try CLITests.run(["check-config", "--relay-defaults", file]), message)
        }
        Self.expectOneLine(
            try CLITests.run(["check-config", "--relay-defaults", dir + "/missing"]), "cannot read \(dir)/missing")
    }

    @Test func relayDefaultsAnotherUserCouldChangeAreRefused() throws {
        guard Self.isRoot else { return }
        let dir = Self.directory("relay-trust")
        let file = dir + "/slidelock-relay"
        Self.write(file, "RELAY_LINE=17\n")
        let link = dir + "/planted"
        symlink(file, link)
        lchown(link, 65534, 65534)
        Self.expectOneLine(
            try CLITests.run(["check-config", "--relay-defaults", link]),
            "\(link): \(link) (a symbolic link) is owned by uid 65534, not root")
        chmod(file, 0o666)
        Self.expectOneLine(
            try CLITests.run(["check-config", "--relay-defaults", file]),
            "\(file): is writable by its group and others (mode 0666)")
    }
}
