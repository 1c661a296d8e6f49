import Foundation
import Testing

@testable import SlideLockCore
@testable import SlideLockRender

/// Golden-image comparison. A pixel matches when every channel is within
/// `channelTolerance` of the golden; an image matches when at most `pixelFraction` of its
/// pixels do not (room for FreeType/libpng version drift, none for a layout change).
/// `SLIDELOCK_RECORD=1 swift test` re-records every golden.
enum Golden {
    static let channelTolerance = 4
    static let pixelFraction = 0.001

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["SLIDELOCK_RECORD"] == "1" }
    static let failureDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "slidelock-golden")

    /// Compares `canvas` with `Golden/<name>.png`; on a mismatch writes the actual image and
    /// a diff (differing pixels red over a dimmed copy) and fails saying where.
    static func check(_ canvas: Canvas, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name + ".png")
        let actual = try PNGCodec.encode(xrgb: canvas.pixels, width: canvas.width, height: canvas.height)
        if recording {
            try Data(actual).write(to: file)
            return
        }
        guard let data = try? Data(contentsOf: file) else {
            Issue.record(
                "missing golden \(file.path): run with SLIDELOCK_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGCodec.decode([UInt8](data))
        guard golden.width == canvas.width, golden.height == canvas.height else {
            Issue.record(
                "\(name): size \(canvas.width)x\(canvas.height) != golden \(golden.width)x\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let diff = Canvas(width: canvas.width, height: canvas.height)
        var bad = 0
        var worst = 0
        var firstBad: (Int, Int)?
        for i in 0..<(canvas.width * canvas.height) {
            let a = canvas.pixels[i]
            let b = golden.pixels[i]
            let d = channelDistance(a, b)
            worst = max(worst, d)
            if d > channelTolerance {
                bad += 1
                if firstBad == nil { firstBad = (i % canvas.width, i / canvas.width) }
                diff.pixels[i] = 0xFF0000
            } else {
                diff.pixels[i] = (a >> 2) & 0x3F3F3F
            }
        }
        let allowed = Int(Double(canvas.width * canvas.height) * pixelFraction)
        if bad > allowed {
            try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
            let actualURL = failureDirectory.appendingPathComponent(name + ".actual.png")
            let diffURL = failureDirectory.appendingPathComponent(name + ".diff.png")
            try Data(actual).write(to: actualURL)
            try Data(try PNGCodec.encode(xrgb: diff.pixels, width: diff.width, height: diff.height)).write(to: diffURL)
            Issue.record(
                """
                \(name): \(bad) pixels differ by more than \(channelTolerance) per channel (allowed \(allowed)), \
                worst \(worst), first at \(firstBad!); actual: \(actualURL.path), diff: \(diffURL.path)
                """, sourceLocation: sourceLocation)
        }
    }

    static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift in [16, 8, 0] as [UInt32] {
            worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return worst
    }

    /// One frame of `settings` at a state, rendered from scratch.
    static func frame(
        _ settings: Settings, width: Int, height: Int, state: LockState, progress: Double,
        time: Double = 0
    ) throws -> Canvas {
        let builder = SceneBuilder(settings: settings, width: width, height: height)
        let renderer = SceneRenderer(width: width, height: height)
        try renderer.render(
            builder.scene(
                StillFrame.visual(
                    state: state, progress: progress, time: time,
                    settings: settings)))
        return renderer.canvas
    }
}
