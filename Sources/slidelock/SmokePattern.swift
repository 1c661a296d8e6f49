import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// The drm-smoke test picture for one output, in its own shadow buffer: six vertical colour
/// bars over the top three quarters, a dark band below with a cyan square that moves 4 px per
/// frame. Tests/VM/tools/check-pattern.py checks screenshots against exactly this.
final class SmokePattern {
    static let bars: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF, 0xFFFF00, 0xFF00FF]
    static let band: UInt32 = 0x202020
    static let square: UInt32 = 0x00FFFF

    let width: Int
    let height: Int
    private var shadow: [UInt32]
    private var squareX = 0
    private var damage: [PixelRect] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        shadow = Array(repeating: SmokePattern.band, count: width * height)
        let barBottom = height * 3 / 4
        for (i, color) in SmokePattern.bars.enumerated() {
            fill(
                PixelRect(x: i * width / 6, y: 0, width: (i + 1) * width / 6 - i * width / 6, height: barBottom), color)
        }
        fill(squareRect, SmokePattern.square)
    }

    private var side: Int { max(1, height / 8) }
    private var squareRect: PixelRect {
        let top = height * 3 / 4
        return PixelRect(x: squareX, y: top + (height - top - side) / 2, width: side, height: side)
    }

    /// Moves the square one step; the damage is where it was plus where it is now.
    func advance() {
        let old = squareRect
        fill(old, SmokePattern.band)
        squareX = (squareX + 4) % max(1, width - side)
        fill(squareRect, SmokePattern.square)
        damage = [old, squareRect]
    }

    func present(on sink: FrameSink, full: Bool) throws {
        let all = [PixelRect(x: 0, y: 0, width: width, height: height)]
        try shadow.withUnsafeBufferPointer {
            try sink.present(shadow: $0.baseAddress!, stride: width, damage: full ? all : damage)
        }
    }

    private func fill(_ rect: PixelRect, _ color: UInt32) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { shadow[y * width + x] = color }
        }
    }
}
