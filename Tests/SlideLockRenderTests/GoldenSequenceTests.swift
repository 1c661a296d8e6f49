import Foundation
import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// Motion, frozen: scripted touches played on a virtual 60 Hz clock, every 6th frame of
/// the run in one contact-sheet golden per sequence, plus the numbers that make it right.
@Suite struct GoldenSequenceTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Scripts").standardized

    struct Run {
        var frames: [Playback.Frame] = []
        var log: [String] = []
        var sheet: ContactSheet
    }

    static func play(_ name: String, _ configure: (inout Settings) -> Void = { _ in }) throws -> Run {
        var settings = Settings()
        settings.theme.fonts = ["DejaVu Sans"]
        settings.action.mode = .hook
        configure(&settings)
        let text = try String(contentsOf: scripts.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let script = try TouchScript.parse(text, fileName: name, screen: Size(width: 800, height: 480))
        let builder = SceneBuilder(settings: settings, width: 800, height: 480)
        let renderer = SceneRenderer(width: 800, height: 480)
        var run = Run(sheet: ContactSheet(frameWidth: 800, frameHeight: 480, shrink: 4))
        for frame in Playback(settings: settings, width: 800, height: 480, fps: 60, script: script) {
            run.frames.append(frame)
            run.log += frame.log
            try renderer.render(builder.scene(frame.visual))
            if frame.index % 6 == 0 { run.sheet.add(renderer.canvas, label: "\(frame.index)") }
        }
        return run
    }

    static func check(_ run: Run, _ name: String) throws {
        try Golden.check(try run.sheet.compose(columns: 8, fonts: ["DejaVu Sans"]), "sequence-" + name)
    }

    @Test func fullSlideUnlocksThenRelocks() throws {
        let run = try Self.play("full-slide")
        #expect(run.log.contains { $0.hasSuffix(" unlock") })
        #expect(run.log.contains { $0.hasSuffix(" unlocked") })
        #expect(run.log.contains { $0.hasSuffix(" relock") })
        #expect(run.frames.last?.visual.state == .locked)
        try Self.check(run, "full-slide")
    }

    @Test func releaseAtSixtyPercentSpringsBackMonotonically() throws {
        let run = try Self.play("release-60") { $0.animation.hueEnabled = false }
        #expect(!run.log.contains { $0.contains("unlock") })
        let after = run.frames.filter { $0.time >= 0.4 }
        let positions = after.map(\.visual.progress)
        #expect(positions.first! > 0.55)
        for (a, b) in zip(positions, positions.dropFirst()) { #expect(b <= a + 1e-12, "not monotone") }
        // Settled (within half a pixel of home) within 0.8 s of the release.
        let travel = SceneBuilder(settings: Settings(), width: 800, height: 480).layout.travel
        let settled = after.first { $0.visual.progress * travel < 0.5 }
        #expect(settled != nil && settled!.time - 0.4 <= 0.8, "settled at \(String(describing: settled?.time))")
        try Self.check(run, "release-60")
    }

    @Test func flingUnlocksOnlyWhenEnabled() throws {
        let off = try Self.play("fling") { $0.animation.hueEnabled = false }
        #expect(!off.log.contains { $0.contains("unlock") })
        let on = try Self.play("fling") {
            $0.animation.hueEnabled = false
            $0.gesture.fling = true
        }
        #expect(on.log.contains { $0.contains("unlock fling") || $0.hasSuffix(" unlock") })
        try Self.check(on, "fling")
    }

    @Test func failedActionShakesThenRelocks() throws {
        let run = try Self.play("fail") { $0.animation.hueEnabled = false }
        #expect(run.log.contains { $0.hasSuffix(" failed") })
        #expect(run.frames.contains { $0.visual.state == .busy })
        #expect(run.frames.contains { $0.visual.state == .failed && abs($0.visual.shake) > 2 })
        #expect(run.frames.last?.visual.state == .locked)
        try Self.check(run, "fail")
    }

    @Test func hueAtZeroThreeQuartersAndOneAndAHalfSeconds() throws {
        let settings = Settings()
        for (t, degrees) in [(0.0, -20.0), (0.75, -10.0), (1.5, 0.0)] {
            let visual = StillFrame.visual(state: .locked, progress: 0, time: t, settings: settings)
            #expect(abs(visual.hueDegrees - degrees) < 1e-9)
            let canvas = try Golden.frame(settings, width: 800, height: 480, state: .locked, progress: 0, time: t)
            try Golden.check(canvas, "hue-t\(Int(t * 1000))")
        }
    }
}
