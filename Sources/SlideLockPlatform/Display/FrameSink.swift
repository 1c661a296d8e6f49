import SlideLockCore

/// Something frames are presented to: a DRM output, an fbdev framebuffer, or a headless PNG
/// writer in tests. The caller renders each frame into its own shadow buffer (XRGB8888) and
/// hands over the rectangles that changed since the previous frame.
public protocol FrameSink: AnyObject {
    /// Size in pixels of the frames this sink takes.
    var width: Int { get }
    var height: Int { get }
    /// True while a presented frame has not reached the screen yet; present again only after
    /// it completes (the DRM output reports that through `DRMDisplay.handleEvents()`).
    var isFlipPending: Bool { get }
    /// Shows the frame in `shadow` (`height` rows of `stride` pixels, at least `width` used),
    /// copying only the `damage` rectangles (clipped to the sink) that changed since the
    /// previous call. The first frame is always copied whole.
    func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws
}
