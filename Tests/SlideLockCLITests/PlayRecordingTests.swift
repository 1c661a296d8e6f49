import Foundation
import Testing

/// `slidelock play` on a flight recorder's file: the header decides, and the run says
/// whether the replay came to the recorded verdict (exit 1 when not).
@Suite struct PlayRecordingTests {
    /// A real panel's slide (Tests/SlideLockCoreTests/Evemu/mt-slide.events) under a header.
    func recording(_ header: String) throws -> String {
        let text = try String(contentsOf: CLITests.evemu.appendingPathComponent("mt-slide.events"), encoding: .utf8)
        return try CLITests.file("rec-\(UInt32.random(in: 0...UInt32.max)).evemu", header + text)
    }

    /// When the plain recording unlocks (`t=1.234 unlock` on stdout).
    func unlockTime() throws -> String {
        let path = CLITests.evemu.appendingPathComponent("mt-slide.events").path
        let sheet = CLITests.scratch.appendingPathComponent("rec-sheet.png").path
        let r = try CLITests.run(["play", "--script", path, "--contact-sheet", sheet])
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasSuffix(" unlock") })
        return String(line.dropFirst(2).prefix { $0 != " " })
    }

    func header(_ verdict: String, at t: String, screen: String = "800x480") -> String {
        "# slidelock-verdict: \(verdict)\n# slidelock-verdict-at: \(t)\n# slidelock-screen: \(screen)\n"
            + "# slidelock-rotate: 0\n# slidelock-set: gesture.threshold=1\n"
    }

    @Test func theRecordedVerdictIsReplayedWithNothingToWrite() throws {
        let t = try unlockTime()
        let path = try recording(header("unlock", at: t))
        let r = try CLITests.run(["play", "--script", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("replayed to the recorded verdict, unlock at t=\(t)"), "\(r.stderr)")
    }

    @Test func anotherVerdictIsOneLineAndExit1() throws {
        let t = try unlockTime()
        let path = try recording(header("rejected too-fast", at: t))
        let r = try CLITests.run(["play", "--script", path])
        #expect(r.status == 1)
        #expect(r.stderr == "slidelock: \(path): recorded rejected too-fast at t=\(t), replayed unlock there\n")
    }

    @Test func aBadHeaderNamesTheLine() throws {
        let path = try recording(header("unlock", at: "0", screen: "0x480"))
        let r = try CLITests.run(["play", "--script", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):3: slidelock-screen: 0x480 is out of range"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        let bad = try recording(header("unlock", at: "0") + "# slidelock-set: gesture.max_speed=5\n")
        let s = try CLITests.run(["play", "--script", bad])
        #expect(s.status == 1)
        #expect(s.stderr.contains("gesture.max_speed"), "\(s.stderr)")
    }

    /// The header's physical size lays the thumb out where the lock had it: at 200x120 mm
    /// the thumb is left of where this proportional recording pressed, so its press misses.
    @Test func theHeadersPhysicalSizeIsUsedAndAGivenOneWins() throws {
        let t = try unlockTime()
        let sized = try recording(header("unlock", at: t) + "# slidelock-set: display.physical_size=200x120\n")
        let r = try CLITests.run(["play", "--script", sized])
        #expect(r.status == 1)
        #expect(r.stderr.contains("recorded unlock at t=\(t), replayed no verdict there"), "\(r.stderr)")
        #expect(r.stdout.contains("ignored-touch off-thumb"), "\(r.stdout)")
        let given = try CLITests.run(["play", "--script", sized, "--physical-size", "auto"])
        #expect(given.status == 0, "\(given.stderr)")
    }

    /// A header from before sizes in millimetres: proportional, whatever the player's config says.
    @Test func anOldHeaderWithoutASizePlaysProportionally() throws {
        let t = try unlockTime()
        let old = try recording(header("unlock", at: t))
        let r = try CLITests.run(["play", "--script", old, "--set", "display.physical_size=200x120"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("replayed to the recorded verdict, unlock at t=\(t)"), "\(r.stderr)")
    }

    /// A header asking for a screen no panel has (1 GiB of canvas) is one line and exit 1.
    @Test func aScreenBeyondAPanelIsRefusedBeforeACanvas() throws {
        let path = try recording(header("unlock", at: "0", screen: "16384x16384"))
        let r = try CLITests.run(["play", "--script", path])
        #expect(r.status == 1)
        let line = "slidelock-screen: 16384x16384 is out of range (each side 16...8192)"
        #expect(r.stderr == "slidelock play: \(path):3: \(line)\n")
    }

    /// Touches in the header's `event` lines are not the recording's: refused, naming the line.
    @Test func headerTouchesAreNotReplayed() throws {
        let path = try CLITests.file(
            "rec-touches.evemu",
            header("unlock", at: "0.5")
                + "# slidelock-event: 0.000 down 112 240\n# slidelock-event: 0.400 move 690 240\n"
                + "# slidelock-event: 0.500 up\n")
        let r = try CLITests.run(["play", "--script", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):6: slidelock-event: only uncertain, hidden, shown and ctl"), "\(r.stderr)")
    }
}
