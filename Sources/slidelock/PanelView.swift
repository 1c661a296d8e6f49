import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// One lit output: renders the session's visual at the output's own size and rotation
/// and hands only the damaged pixels to the display.
final class PanelView {
    let output: PanelOutput
    let rotation: ImageRotation
    let builder: SceneBuilder
    let renderer: SceneRenderer
    /// The rotated image in panel orientation; nil when upright (the canvas is presented).
    private let panel: Canvas?
    /// Seconds between vblanks, from the mode's refresh rate.
    let frameInterval: Double

    init(output: PanelOutput, rotation: ImageRotation, settings: Settings) {
        self.output = output
        self.rotation = rotation
        let logicalWidth = rotation.swapsAxes ? output.height : output.width
        let logicalHeight = rotation.swapsAxes ? output.width : output.height
        builder = SceneBuilder(settings: settings, width: logicalWidth, height: logicalHeight)
        renderer = SceneRenderer(width: logicalWidth, height: logicalHeight)
        panel = rotation == .upright ? nil : Canvas(width: output.width, height: output.height)
        frameInterval = output.frameInterval
    }

    /// Logical (unrotated) size: the touch and layout coordinate space.
    var logicalSize: Size { Size(width: Double(renderer.canvas.width), height: Double(renderer.canvas.height)) }

    /// Checks the fonts before the panel is touched.
    func prepare(_ visual: ControlVisual) throws {
        try renderer.prepare(builder.scene(visual))
    }

    /// Draws `visual`; presents and returns true when any pixel changed.
    func show(_ visual: ControlVisual) throws -> Bool {
        let damage = try renderer.render(builder.scene(visual))
        guard !damage.isEmpty else { return false }
        if let panel {
            let panelDamage = damage.map { renderer.canvas.blitRotated($0, by: rotation.degrees, into: panel) }
            try output.present(shadow: panel.pixels, stride: panel.width, damage: panelDamage)
        } else {
            try output.present(shadow: renderer.canvas.pixels, stride: renderer.canvas.width, damage: damage)
        }
        return true
    }

    /// True once a refresh interval has passed since the last frame reached the screen.
    func isDue(now: Double) -> Bool {
        guard let last = output.lastFlipSeconds else { return true }
        return now >= last + frameInterval - 0.001
    }

    /// The time the next frame will be on screen: one refresh after the last flip, or now.
    func nextFrameTime(now: Double) -> Double {
        guard let last = output.lastFlipSeconds else { return now }
        return max(now, last + frameInterval)
    }
}
