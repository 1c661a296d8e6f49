import Foundation
import Testing

/// Issue 11: hostile input through the real binary. Forged slides never unlock; bad
/// numbers, files and tool arguments give one clear line, never a trap or a hang.
extension CLITests {
    /// `play` a script; its stdout (the session's log lines).
    static func play(_ script: String, _ extra: [String] = []) throws -> Run {
        let path = try file("hostile-\(UUID()).txt", script)
        return try run(["play", "--script", path, "--contact-sheet", scratch.appendingPathComponent("hostile.png").path]
                       + extra)
    }

    static let forgedScripts: [(String, String, [String])] = [
        // A flick released at 49 % overshoots past the end; a second finger catches the
        // thumb there and moves 2 px backwards.
        ("overshoot", """
            0.000 down 112 240
            0.010 move 256 240
            0.020 move 394.24 240
            0.021 up
            0.085 down 712 240 id=1
            0.100 move 710 240 id=1
            0.150 up id=1
            """, ["--set", "gesture.max_speed=100000"]),
        ("three 205 px samples in 3 ms", """
            0.000 down 112 240
            0.001 move 317 240
            0.002 move 522 240
            0.003 move 727 240
            0.010 up
            """, []),
        ("one-sample jump to the end", "0.000 down 112 240\n0.016 move 700 240\n0.050 up\n", []),
        ("one-sample jump after a still pause", "0.000 down 112 240\n0.500 move 700 240\n0.600 up\n", []),
        ("ghost filter off: the same jump", "0.000 down 112 240\n0.016 move 700 240\n0.050 up\n",
         ["--set", "input.ghost_filter=off"]),
    ]

    @Test(arguments: 0..<forgedScripts.count)
    func forgedSlidesDoNotUnlockInPlay(index: Int) throws {
        let (name, script, extra) = Self.forgedScripts[index]
        let r = try Self.play(script, extra)
        #expect(r.status == 0, "\(name): \(r.stderr)")
        #expect(r.stdout.contains("pressed") || r.stdout.contains("grab"), "\(name): \(r.stdout)")
        #expect(!r.stdout.contains("unlock"), "\(name): \(r.stdout)")
    }

    @Test func realSlidesStillUnlockInPlay() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for (path, extra) in [("Assets/demo/slide.txt", []), ("Tests/Scripts/full-slide.txt", []),
                              ("Tests/Scripts/fling.txt", ["--set", "gesture.fling=on"])] {
            let r = try Self.run(["play", "--script", repo.appendingPathComponent(path).path, "--contact-sheet",
                                  Self.scratch.appendingPathComponent("real.png").path] + extra)
            #expect(r.status == 0 && r.stdout.contains(" unlock"), "\(path): \(r.stdout) \(r.stderr)")
        }
    }
}
