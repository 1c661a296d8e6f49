import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The fallback when no DRM device can light a panel, or the panel `display.fbdev` names: a
/// Linux framebuffer, 16 bpp (RGB565 or BGR565) or 32 bpp (XRGB8888). Double-buffered through `FBIOPAN_DISPLAY` when the
/// virtual screen holds two pages (it is asked to), else drawn in place from the shadow.
/// Presenting is synchronous: the pan ioctl of most drivers waits for the vblank itself.
public final class FBDevOutput: PanelOutput, PanelDisplay {
    public let name: String
    public let width: Int
    public let height: Int
    public var isFlipPending: Bool { false }
    /// The copy (and the pan) are done when `present` returns.
    public var completesOnVblank: Bool { false }
    /// Frames are copied synchronously: there is never a flip to give up on.
    public func abandonFlip() {}
    public private(set) var lastFlipSeconds: Double?
    public private(set) var firstFlipSeconds: Double?
    public private(set) var flipCount = 0
    public let frameInterval: Double
    /// How the framebuffer packs a pixel.
    public let layout: FramebufferLayout
    /// True when two pages are available and frames are flipped by panning.
    public let isDoubleBuffered: Bool

    private let fd: Int32
    private let memory: UnsafeMutableRawPointer
    private let memoryLength: Int
    private let lineLength: Int
    private let saved: fb_var_screeninfo
    private var current: fb_var_screeninfo
    private var backPage = 1
    private var previousDamage: [PixelRect] = []
    private var needsFullCopy = [true, true]
    private var terminal: VirtualTerminal?
    private var isClosed = false

    public init(path: String = "/dev/fb0", switchVT: Bool = true) throws {
        let fd: Int32
        do { fd = try systemCall("open \(path)") { open(path, O_RDWR | O_CLOEXEC) } } catch {
            if error.errno == EACCES { throw DisplayError.permissionDenied(path: path) }
            throw error
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        do {
            try systemCall("FBIOGET_VSCREENINFO \(path)") { slidelock_fb_get_var(fd, &variable) }
            try systemCall("FBIOGET_VSCREENINFO \(path)") { slidelock_fb_get_fix(fd, &fixed) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        let bpp = Int(variable.bits_per_pixel)
        func channel(_ field: fb_bitfield) -> FramebufferLayout.Channel {
            FramebufferLayout.Channel(offset: Int(field.offset), length: Int(field.length))
        }
        let (red, green, blue) = (channel(variable.red), channel(variable.green), channel(variable.blue))
        guard let layout = FramebufferLayout(bitsPerPixel: bpp, red: red, green: green, blue: blue) else {
            Glibc.close(fd)
            let found = FramebufferLayout.describe(bitsPerPixel: bpp, red: red, green: green, blue: blue)
            throw DisplayError.framebufferFormat(path: path, layout: found)
        }
        saved = variable
        // Ask for two pages; a driver that refuses keeps one, and we draw in place.
        var twoPages = variable
        twoPages.yres_virtual = variable.yres * 2
        twoPages.yoffset = 0
        if variable.yres_virtual < variable.yres * 2 && slidelock_fb_put_var(fd, &twoPages) == 0 {
            _ = slidelock_fb_get_var(fd, &variable)
        }
        let length = Int(fixed.smem_len)
        let pages = Int(variable.yres_virtual) / Int(variable.yres)
        let lineLength = Int(fixed.line_length)
        let mapped: UnsafeMutableRawPointer
        do {
            mapped = try systemPointerCall("mmap \(path)") {
                mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0).flatMap { $0 == MAP_FAILED ? nil : $0 }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
        name = path
        width = Int(variable.xres)
        height = Int(variable.yres)
        self.layout = layout
        memory = mapped
        memoryLength = length
        self.lineLength = lineLength
        current = variable
        isDoubleBuffered = pages >= 2 && lineLength * height * 2 <= length
        // pixclock is picoseconds per pixel; 0 (virtual framebuffers) means unknown: 60 Hz.
        let total =
            Double(variable.xres + variable.left_margin + variable.right_margin + variable.hsync_len)
            * Double(variable.yres + variable.upper_margin + variable.lower_margin + variable.vsync_len)
        frameInterval = variable.pixclock > 0 ? total * Double(variable.pixclock) * 1e-12 : 1.0 / 60
        terminal = switchVT ? VirtualTerminal() : nil
    }

    deinit { close() }

    /// fbdev has no orientation property.
    public var panelRotation: Int? { nil }
    public var pixelFormat: PixelFormat { layout.pixelFormat }
    public var bitsPerPixel: Int { layout.bitsPerPixel }
    public var modeDescription: String {
        "\(width)x\(height) \(layout.bitsPerPixel) bpp \(layout.name)\(isDoubleBuffered ? ", panned" : "")"
    }
    public var panels: [PanelOutput] { [self] }
    public var eventDescriptor: Int32? { nil }
    public var deviceDescription: String { "\(name) (fbdev)" }
    public func handleEvents() throws {}

    public func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        let clipped = damage.map { $0.intersection(screen) }.filter { !$0.isEmpty }
        let page = isDoubleBuffered ? backPage : 0
        // The back page last showed the frame before the previous one: it misses both damages.
        let region = needsFullCopy[page] ? [screen] : (isDoubleBuffered ? clipped + previousDamage : clipped)
        for r in region { copy(shadow, stride: stride, rect: r, page: page) }
        needsFullCopy[page] = false
        previousDamage = clipped
        if isDoubleBuffered {
            current.yoffset = UInt32(page * height)
            try systemCall("FBIOPAN_DISPLAY \(name)") { slidelock_fb_pan(fd, &current) }
            backPage = 1 - page
        }
        let now = MonotonicClock.now()
        if firstFlipSeconds == nil { firstFlipSeconds = now }
        lastFlipSeconds = now
        flipCount += 1
    }

    private func copy(_ shadow: UnsafePointer<UInt32>, stride: Int, rect r: PixelRect, page: Int) {
        let base = memory + page * height * lineLength
        for y in r.y..<r.maxY {
            let src = shadow + y * stride
            let row = base + y * lineLength
            if layout == .xrgb8888 {
                (row.assumingMemoryBound(to: UInt32.self) + r.x).update(from: src + r.x, count: r.width)
            } else {
                let dst = row.assumingMemoryBound(to: UInt16.self)
                for x in r.x..<r.maxX { dst[x] = layout.pack16(src[x]) }
            }
        }
    }

    /// Powers the panel down for an idle blank (FBIOBLANK); drivers without blanking
    /// answer EINVAL and keep showing the frame, which the caller can only log.
    public func blank() throws {
        try systemCall("FBIOBLANK \(name)") { slidelock_fb_blank(fd, Int32(FB_BLANK_POWERDOWN)) }
    }

    public func unblank() throws {
        try systemCall("FBIOBLANK \(name)") { slidelock_fb_blank(fd, Int32(FB_BLANK_UNBLANK)) }
    }

    /// Puts the original screen mode and page back and clears our frame (fbcon redraws
    /// its text when the VT returns to text mode).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        memset(memory, 0, memoryLength)
        var original = saved
        _ = slidelock_fb_put_var(fd, &original)
        munmap(memory, memoryLength)
        Glibc.close(fd)
        terminal = nil
    }
}
