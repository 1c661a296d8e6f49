import Foundation
import Testing

/// The real `slidelock` binary, run as a person would: exit statuses and the one line on
/// stderr that every mistake must produce.
@Suite struct CLITests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The binary SwiftPM built next to this test bundle.
    static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("slidelock").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("slidelock")
    }()

    static let scratch: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slidelock-cli-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func run(_ args: [String], environment extra: [String: String] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        // An empty system config root, so a developer's /etc/slidelock never leaks in.
        var env = ProcessInfo.processInfo.environment
        env["SLIDELOCK_CONFIG_ROOT"] = scratch.appendingPathComponent("no-etc").path
        env.merge(extra) { $1 }
        p.environment = env
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    static func file(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Mistakes: (arguments, exit status, what the single stderr line must contain).
    static let mistakes: [([String], Int32, String)] = [
        (["--set", "control.socket=relative/ctl"], 1, "control.socket: bad socket \"relative/ctl\""),
        (["ctl"], 2, "no request"),
        (["ctl", "open", "sesame"], 2, "unknown request \"open\""),
        (["ctl", "message", "--for", "1e9", "hi"], 2, "message --for: bad seconds"),
        (["ctl", "--socket"], 2, "--socket needs a path"),
        (["ctl", "watch", "--xml"], 2, "watch takes only --json"),
        (["ctl", "display", "sideways"], 2, "display takes on, dim or off"),
        (["ctl", "--socket", "/nonexistent/control", "watch"], 1, "no lock running (nothing listens on /nonexistent"),
        (
            ["ctl", "--socket", "/nonexistent/control", "status"], 1,
            "no lock running (nothing listens on /nonexistent/control)"
        ),
        (["render", "--size", "800by480", "--out", "/tmp/x.png"], 2, "--size: expected WIDTHxHEIGHT"),
        (["render", "--size", "0x480", "--out", "/tmp/x.png"], 2, "--size: 0x480 is out of range"),
        (["render", "--progress", "2", "--out", "/tmp/x.png"], 2, "--progress: 2 is out of range 0...1"),
        (["render", "--state", "sleepy", "--out", "/tmp/x.png"], 2, "--state: expected locked|pressed"),
        (["render", "--rotate", "45", "--out", "/tmp/x.png"], 2, "--rotate: expected 0, 90, 180 or 270"),
        (["render", "--physical-size", "108", "--out", "/tmp/x.png"], 2, "--physical-size: bad size \"108\""),
        (["render", "--physical-size", "0x65", "--out", "/tmp/x.png"], 2, "--physical-size: bad size \"0x65\""),
        (["play", "--script", "/dev/null", "--physical-size", "nanx65"], 2, "--physical-size: bad size"),
        (["render"], 2, "--out FILE.png is required"),
        (["render", "--out", "/tmp/x.png", "--frobnicate"], 2, "unknown flag --frobnicate"),
        (["render", "--out", "/tmp/x.png", "--size"], 2, "--size needs a value"),
        (
            ["render", "--set", "theme.fonts=/nonexistent/NoSuchFont.ttf", "--out", "/tmp/x.png"], 1,
            "font file /nonexistent/NoSuchFont.ttf"
        ),
        (
            ["render", "--config", "/nonexistent/slidelock.conf", "--out", "/tmp/x.png"], 1,
            "cannot read /nonexistent/slidelock.conf: No such file or directory"
        ),
        (["render", "--theme", "neon", "--out", "/tmp/x.png"], 1, "unknown theme \"neon\""),
        (["render", "--out", "/nonexistent-dir/x.png"], 1, "/nonexistent-dir/x.png: No such file or directory"),
        (["check-config", "--set", "theme.track_start=#12345"], 1, "--set: theme.track_start: bad colour"),
        (["frobnicate"], 2, "unknown command \"frobnicate\""),
        (["play", "--frames", "/tmp/f"], 2, "--script FILE is required"),
        // The lock screen checks its command line and hooks before it touches a display.
        (["--on-unlock", "hook", "--hook", "'/bin/door open"], 1, "action.hook: "),
        (["--set", "action.cancel_hook=\"x"], 1, "action.cancel_hook: "),
        (["--set", "action.idle_hook=\"x"], 1, "action.idle_hook: "),
        (
            ["--set", "display.backlight=nosuch"], 1,
            "display.backlight: no backlight named nosuch in /sys/class/backlight"
        ),
        (["--on-unlock", "hook"], 1, "action.hook"),
        (["--rotate", "45"], 1, "display.rotate: bad rotation \"45\""),
        (["--mode", "big"], 1, "display.mode: bad mode \"big\""),
        (["--frobnicate"], 2, "unknown flag --frobnicate"),
        (["--set", "theme.fonts=/nonexistent/font.ttf"], 1, "font file /nonexistent/font.ttf"),
        (["play", "--script", "/nonexistent.txt", "--frames", "/tmp/f"], 1, "/nonexistent.txt: No such file"),
        (["bench", "--kinds", "full,sideways"], 2, "--kinds: expected full, thumb or hue, got \"sideways\""),
        (["bench", "--sizes", "800by480"], 2, "--sizes: expected WIDTHxHEIGHT"),
        (["bench", "--best-of", "0"], 2, "--best-of: 0 is out of range"),
        // The start-up child opens the fonts as the lock screen does: a bad font is its error.
        (
            ["bench", "--startup-child", "800x480", "--set", "theme.fonts=/nonexistent/font.ttf"], 1,
            "font file /nonexistent/font.ttf"
        ),
    ]

    @Test(arguments: 0..<mistakes.count)
    func mistakesGiveOneClearLine(index: Int) throws {
        let (args, status, message) = Self.mistakes[index]
        let r = try Self.run(args)
        #expect(r.status == status, "\(args): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(r.stderr.hasPrefix("slidelock"))
    }

    @Test func unreadableConfigNamesTheFile() throws {
        let path = try Self.file("locked.conf", "[theme]\nlabel = x\n")
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        guard getuid() != 0 else { return } // root reads anything: nothing to test
        let r = try Self.run(["check-config", "--config", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot read \(path): Permission denied"))
    }

    /// A threshold under half the track: the lock would run it as 0.5, check-config refuses it.
    @Test func checkConfigRefusesAThresholdUnderHalf() throws {
        let path = try Self.file("low.conf", "[gesture]\nthreshold = 0.3\n")
        let r = try Self.run(["check-config", "--config", path])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "\(path):2: gesture.threshold: 0.3 is below 0.5: a slide must cover at least half the track; "
                    + "for an easier way in, use gesture.tap_to_open"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func configErrorsNameFileLineAndKey() throws {
        let path = try Self.file("bad.conf", "[theme]\nlabel = Hi\ntrack_start = blue\n[layout]\nwobble = 3\n")
        let r = try Self.run(["check-config", "--config", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):3: theme.track_start: bad colour"))
        #expect(r.stderr.contains("\(path):5: unknown key \"wobble\" in [layout]"))
    }

    @Test func checkConfigPrintsTheEffectiveConfigurationInLayerOrder() throws {
        let root = Self.scratch.appendingPathComponent("etc-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("conf.d"), withIntermediateDirectories: true)
        try "[theme]\nname = mint\nlabel = From etc\n".write(
            to: root.appendingPathComponent("slidelock.conf"), atomically: true, encoding: .utf8)
        try "[theme]\nlabel = From 10\n".write(
            to: root.appendingPathComponent("conf.d/10-a.conf"), atomically: true, encoding: .utf8)
        try "[theme]\nlabel_color = #FF0000\n".write(
            to: root.appendingPathComponent("conf.d/20-b.conf"), atomically: true, encoding: .utf8)
        try "ignored".write(to: root.appendingPathComponent("conf.d/README"), atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["check-config", "--set", "animation.hue=off"]
        p.environment = ["SLIDELOCK_CONFIG_ROOT": root.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.contains("name = mint"))
        #expect(text.contains("label = From 10"))
        #expect(text.contains("label_color = #FF0000"))
        #expect(text.contains("hue = off"))
    }

    @Test func renderWritesThePanelImage() throws {
        let out = Self.scratch.appendingPathComponent("frame.png").path
        let r = try Self.run(["render", "--size", "320x200", "--progress", "0.5", "--rotate", "90", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR width and height (big-endian) at bytes 16..23: rotated to portrait.
        let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let h = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 200 && h == 320)
    }

    @Test func playPrintsEventsAndWritesFrames() throws {
        let script = try Self.file(
            "slide.txt",
            """
            # slide all the way on 800x480
            0.000 down 110 240
            0.100 move 300 240
            0.200 move 500 240
            0.300 move 730 240
            0.350 up
            0.900 action ok
            """)
        let dir = Self.scratch.appendingPathComponent("frames-\(UUID())").path
        let sheet = Self.scratch.appendingPathComponent("sheet.png").path
        let r = try Self.run([
            "play", "--script", script, "--on-unlock", "hook", "--frames", dir, "--every", "10",
            "--contact-sheet", sheet,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("t=0.350 unlock"))
        #expect(r.stdout.contains("t=0.900 unlocked"))
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
        #expect(frames.contains("frame-0000.png") && frames.contains("frame-0010.png"))
        #expect(FileManager.default.fileExists(atPath: sheet))
    }

    static let evemu = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SlideLockCoreTests/Evemu").standardized

    /// Recordings replay through the same touch pipeline as a live panel: a recorded slide
    /// unlocks, a slide cut by lost events or a teleporting sample does not, ghosts do nothing.
    @Test(arguments: [
        ("mt-slide", true), ("single-touch-slide", true), ("mt-syn-dropped", false),
        ("ghost-teleport", false), ("ghost-corner-taps", false), ("ghost-short-taps", false),
    ])
    func evemuRecordingsReplay(name: String, unlocks: Bool) throws {
        let path = Self.evemu.appendingPathComponent(name + ".events").path
        let sheet = Self.scratch.appendingPathComponent("\(name).png").path
        let r = try Self.run(["play", "--script", path, "--contact-sheet", sheet, "--every", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(" unlock") == unlocks, "\(name): \(r.stdout)")
    }

    @Test func malformedEvemuNamesTheLine() throws {
        let path = try Self.file("bad.events", "# EVEMU 1.3\nN: panel\nE: 0.000000 0003 0035 oops\n")
        let r = try Self.run([
            "play", "--script", path, "--contact-sheet", Self.scratch.appendingPathComponent("x.png").path,
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):3:"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    /// The README's config example is a valid config: documentation that cannot rot.
    @Test func readmeConfigExampleIsValid() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        // Two steps: Swift 6.0's #require rejects an optional chain inside the macro.
        let afterFence = try #require(readme.components(separatedBy: "```ini\n").dropFirst().first)
        let block = try #require(afterFence.components(separatedBy: "```").first)
        let path = try Self.file("readme.conf", block)
        // check-config opens the hook as the lock would: the relay's install path is absent here.
        let r = try Self.run(["check-config", "--config", path, "--set", "action.hook=/bin/true"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("name = mint"))
    }

    @Test func badScriptNamesTheLine() throws {
        let script = try Self.file("bad.txt", "0.0 down 110 240\n0.1 tap 3 3\n")
        let r = try Self.run(["play", "--script", script, "--frames", Self.scratch.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(script):2: unknown verb \"tap\""))
    }

    @Test func helpForEveryCommand() throws {
        for command in [
            ["--help"], ["render", "--help"], ["play", "--help"], ["check-config", "--help"], ["bench", "--help"],
        ] {
            let r = try Self.run(command)
            #expect(r.status == 0)
            #expect(r.stdout.contains("Usage: slidelock"))
        }
    }

    /// A short bench prints every kind's times, the scanout copy and start-up.
    @Test func benchPrintsTimesScanoutAndStartup() throws {
        let r = try Self.run(["bench", "--frames", "5", "--sizes", "96x64", "--startup", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        for kind in ["full ", "thumb", "hue  "] {
            #expect(r.stdout.contains("96x64 \(kind) median"), "\(r.stdout)")
        }
        #expect(r.stdout.contains(" ms; scanout copy"))
        #expect(!r.stdout.contains("memset"), "the memset ratios are withdrawn (cairo is the yardstick)")
        #expect(r.stdout.contains("px, the median frame)"))
        #expect(r.stdout.contains("start-up 800x480: exec to first frame rendered"))
        #expect(r.stdout.contains("font sets opened: 1"))
    }
}
