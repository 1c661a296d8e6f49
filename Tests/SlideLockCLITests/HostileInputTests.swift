import Foundation
import Testing

/// Hostile input through the real binary. Forged slides never unlock; bad
/// numbers, files and tool arguments give one clear line, never a trap or a hang.
extension CLITests {
    /// `play` a script; its stdout (the session's log lines).
    static func play(_ script: String, _ extra: [String] = []) throws -> Run {
        let path = try file("hostile-\(UUID()).txt", script)
        return try run(
            ["play", "--script", path, "--contact-sheet", scratch.appendingPathComponent("hostile.png").path]
                + extra)
    }

    /// (name, script, extra arguments, the refusal the session logs for it).
    static let forgedScripts: [(String, String, [String], String)] = [
        // A flick released at 49 % overshoots past the end; a second finger catches the
        // thumb there and moves 2 px backwards.
        (
            "overshoot",
            """
            0.000 down 112 240
            0.010 move 256 240
            0.020 move 394.24 240
            0.021 up
            0.085 down 712 240 id=1
            0.100 move 710 240 id=1
            0.150 up id=1
            """, ["--set", "gesture.max_speed=100000"], "spring-back"
        ),
        (
            "three 205 px samples in 3 ms",
            """
            0.000 down 112 240
            0.001 move 317 240
            0.002 move 522 240
            0.003 move 727 240
            0.010 up
            """, [], "too-fast"
        ),
        ("one-sample jump to the end", "0.000 down 112 240\n0.016 move 700 240\n0.050 up\n", [], "too-fast"),
        (
            "one-sample jump after a still pause", "0.000 down 112 240\n0.500 move 700 240\n0.600 up\n", [],
            "too-quick"
        ),
        (
            "ghost filter off: the same jump", "0.000 down 112 240\n0.016 move 700 240\n0.050 up\n",
            ["--set", "input.ghost_filter=off"], "too-fast"
        ),
    ]

    @Test(arguments: 0..<forgedScripts.count)
    func forgedSlidesDoNotUnlockInPlay(index: Int) throws {
        let (name, script, extra, reason) = Self.forgedScripts[index]
        let r = try Self.play(script, extra)
        #expect(r.status == 0, "\(name): \(r.stderr)")
        #expect(r.stdout.contains("pressed") || r.stdout.contains("grab"), "\(name): \(r.stdout)")
        #expect(!r.stdout.contains("unlock"), "\(name): \(r.stdout)")
        // Refused for the reason the forgery is about, not for something beside it.
        #expect(r.stdout.contains(" \(reason)"), "\(name): \(r.stdout)")
    }

    @Test func realSlidesStillUnlockInPlay() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for (path, extra) in [
            ("Assets/demo/slide.txt", []), ("Tests/Scripts/full-slide.txt", []),
            ("Tests/Scripts/fling.txt", ["--set", "gesture.fling=on"]),
        ] {
            let r = try Self.run(
                [
                    "play", "--script", repo.appendingPathComponent(path).path, "--contact-sheet",
                    Self.scratch.appendingPathComponent("real.png").path,
                ] + extra)
            #expect(r.status == 0 && r.stdout.contains(" unlock"), "\(path): \(r.stdout) \(r.stderr)")
        }
    }
}

extension CLITests {
    /// Hostile files and numbers: (arguments, exit status, what the one stderr line contains).
    static func hostileCases() throws -> [([String], Int32, String)] {
        let fifo = scratch.appendingPathComponent("fifo-\(UUID())").path
        mkfifo(fifo, 0o600)
        let big = try file("big.conf", String(repeating: "# padding\n", count: 110_000))
        let badUTF8 = scratch.appendingPathComponent("bad-utf8.conf").path
        FileManager.default.createFile(
            atPath: badUTF8, contents: Data("[theme]\nlabel = x".utf8) + Data([0xC3, 0x28, 0x0A]))
        let link = scratch.appendingPathComponent("out-link.png").path
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: scratch.appendingPathComponent("victim").path)
        let late = try file("late.txt", "0 down 112 240\n1e300 up\n")
        let sheet = scratch.appendingPathComponent("h.png").path
        return [
            (["check-config", "--config", fifo], 1, "cannot read \(fifo): not a regular file (a FIFO)"),
            (
                ["check-config", "--config", "/dev/zero"], 1,
                "cannot read /dev/zero: not a regular file (a character device)"
            ),
            (["check-config", "--config", big], 1, "cannot read \(big): larger than 1 MiB"),
            (["check-config", "--config", badUTF8], 1, "cannot read \(badUTF8): line 2 is not valid UTF-8"),
            (
                ["check-config", "--set", "layout.track_min_height=1e308"], 1,
                "layout.track_min_height: 1e308 is out of range"
            ),
            (
                ["check-config", "--set", "layout.track_min_height=100000"], 1,
                "layout.track_min_height: 100000 is out of range"
            ),
            (
                ["check-config", "--set", "animation.hue_period=1e-320"], 1,
                "animation.hue_period: 1e-320 is out of range"
            ),
            (["check-config", "--set", "input.calibration=1e20 0 0 0 1 0"], 1, "input.calibration: bad calibration"),
            (["check-config", "--set", "action.cooldown=1e308"], 1, "action.cooldown: 1e308 is out of range"),
            (["check-config", "--set", "action.timeout=1e308"], 1, "action.timeout: 1e308 is out of range"),
            (
                ["check-config", "--set", "animation.unlocked_duration=1e308"], 1,
                "animation.unlocked_duration: 1e308 is out of range"
            ),
            (["render", "--out", link], 1, "\(link): not a regular file (a symbolic link), refusing to write it"),
            (["render", "--out", fifo], 1, "\(fifo): not a regular file (a FIFO), refusing to write it"),
            (["render", "--set", "theme.fonts=\(fifo)", "--out", sheet], 1, "font file \(fifo): not a regular file"),
            (["play", "--script", fifo, "--contact-sheet", sheet], 1, "\(fifo): not a regular file (a FIFO)"),
            (["play", "--script", late, "--contact-sheet", sheet], 1, "\(late):2: time"),
        ]
    }

    @Test func hostileFilesAndNumbersGiveOneClearLine() throws {
        for (args, status, message) in try Self.hostileCases() {
            let r = try Self.run(args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: Self.scratch.appendingPathComponent("victim").path))
    }

    @Test func configFromStandardInputStillWorks() throws {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["check-config", "--config", "/dev/stdin"]
        p.environment = ["SLIDELOCK_CONFIG_ROOT": Self.scratch.appendingPathComponent("no-etc").path]
        let input = Pipe()
        let out = Pipe()
        p.standardInput = input
        p.standardOutput = out
        try p.run()
        input.fileHandleForWriting.write(Data("[theme]\nlabel = From stdin\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && text.contains("label = From stdin"))
    }
}
