import Foundation
import Testing

/// `render --message/--lockdown/--held-open/--tampered/--clock-time` (the reference images VM tests compare
/// against) and the screen text's mistakes: one line on stderr, a non-zero exit.
@Suite struct ScreenTextCLITests {
    static let mistakes: [([String], Int32, String)] = [
        (
            ["render", "--out", "/tmp/x.png", "--clock-time", "09:41"], 2,
            "--clock-time: expected YYYY-MM-DDTHH:MM, got \"09:41\""
        ),
        (["render", "--out", "/tmp/x.png", "--clock-time", "2026-02-30T09:41"], 2, "--clock-time: expected"),
        (["render", "--out", "/tmp/x.png", "--clock-time", "2026-12-04T24:00"], 2, "--clock-time: expected"),
        (["render", "--out", "/tmp/x.png", "--message", "two\nlines"], 2, "--message: contains a control character"),
        (["render", "--out", "/tmp/x.png", "--message"], 2, "--message needs a value"),
        (["render", "--out", "/tmp/x.png", "--out-of-service", ""], 2, "--out-of-service: empty"),
        (
            ["render", "--out", "/tmp/x.png", "--out-of-service", "a\tb"], 2,
            "--out-of-service: contains a control character"
        ),
        (
            ["render", "--out", "/tmp/x.png", "--set", "display.clock_format=%T"], 1,
            "display.clock_format: shows seconds (%T)"
        ),
        (["check-config", "--set", "display.date_format=%c"], 1, "display.date_format: shows seconds (%c)"),
        (["check-config", "--set", "display.message=a\tb"], 1, "display.message: contains a control character"),
    ]

    @Test(arguments: 0..<mistakes.count)
    func mistakeIsOneLine(_ i: Int) throws {
        let (args, status, text) = Self.mistakes[i]
        let r = try CLITests.run(args)
        #expect(r.status == status, "\(args): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(text), "\(args): \(r.stderr)")
    }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SlideLockRenderTests/Golden")

    /// `render` with a fixed minute formats it through strftime exactly as the golden's
    /// injected text says, and draws the same picture, byte for byte.
    @Test func renderWithAFixedMinuteIsTheGolden() throws {
        let out = CLITests.scratch.appendingPathComponent("clock.png").path
        let r = try CLITests.run([
            "render", "--set", "display.clock=on", "--clock-time", "2026-12-04T09:41",
            "--message", "Deliveries: please use door 3", "--out", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let golden = try Data(contentsOf: Self.goldens.appendingPathComponent("text-clock.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == golden)
    }

    @Test func renderLockdownIsTheGolden() throws {
        let out = CLITests.scratch.appendingPathComponent("lockdown.png").path
        let r = try CLITests.run([
            "render", "--set", "display.clock=on", "--clock-time", "2026-12-04T09:41", "--lockdown",
            "--out", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let golden = try Data(contentsOf: Self.goldens.appendingPathComponent("text-lockdown.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == golden)
    }

    /// The door's words as the panel shows them: held open over a message, tampered over
    /// lockdown (`tamper.lockdown = on`).
    @Test func renderTheDoorsWordsIsTheGolden() throws {
        let cases = [
            (["--message", "Deliveries: please use door 3", "--held-open"], "text-held-open"),
            (["--lockdown", "--tampered"], "text-tampered"),
        ]
        for (flags, name) in cases {
            let out = CLITests.scratch.appendingPathComponent("\(name).png").path
            let r = try CLITests.run(
                ["render", "--set", "display.clock=on", "--clock-time", "2026-12-04T09:41"] + flags + ["--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            let golden = try Data(contentsOf: Self.goldens.appendingPathComponent("\(name).png"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == golden, "\(name)")
        }
    }
}
