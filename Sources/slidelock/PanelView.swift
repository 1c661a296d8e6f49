import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// One lit output: renders the session's visual at the output's own size and rotation
/// and hands only the damaged pixels to the display. Rendering and presenting are separate
/// steps, so the next frame can be drawn while the current flip waits for its vblank.
final class PanelView {
    let output: PanelOutput
    let rotation: ImageRotation
    let builder: SceneBuilder
    let renderer: SceneRenderer
    /// The rotated image in panel orientation; nil when upright (the canvas is presented).
    private let panel: Canvas?
    /// Seconds between vblanks, from the mode's refresh rate.
    let frameInterval: Double
    /// Changed rectangles (panel coordinates) rendered but not presented yet.
    private var pendingDamage: [PixelRect] = []
    /// Set when a frame was drawn ahead for the next vblank: the session version it saw.
    var preparedVersion: Int?

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

    /// Draws `visual` into the shadow image; nothing reaches the screen until `present`.
    func render(_ visual: ControlVisual) throws {
        let damage = try renderer.render(builder.scene(visual))
        if let panel {
            pendingDamage += damage.map { renderer.canvas.blitRotated($0, by: rotation.degrees, into: panel) }
        } else {
            pendingDamage += damage
        }
    }

    /// Presents what was rendered since the last present; false when nothing changed.
    func present() throws -> Bool {
        preparedVersion = nil
        guard !pendingDamage.isEmpty else { return false }
        let image = panel ?? renderer.canvas
        try output.present(shadow: image.pixels, stride: image.width, damage: Damage.merge(pendingDamage))
        pendingDamage.removeAll()
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
