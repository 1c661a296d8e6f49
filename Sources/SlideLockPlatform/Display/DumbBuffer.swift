import CDRM
@preconcurrency import Glibc
import SlideLockCore

/// One XRGB8888 or RGB565 scanout buffer: a dumb GEM object, mapped into our address space and
/// registered as a KMS framebuffer. Each step is undone in reverse order, both when a later
/// step fails (so a half-built buffer leaks nothing) and on deinit.
final class DumbBuffer {
    let width: Int
    let height: Int
    /// Bytes per row, chosen by the driver (may exceed width * 4 for alignment).
    let pitch: Int
    let framebufferID: UInt32
    let format: PixelFormat
    /// The mapping is write-combined on real GPUs: write to it, never read from it.
    let pixels: UnsafeMutableRawPointer
    private let fd: Int32
    private let handle: UInt32
    private let size: Int

    init(fd: Int32, width: Int, height: Int, format: PixelFormat = .xrgb8888) throws {
        self.fd = fd
        self.format = format
        self.width = width
        self.height = height
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        // libdrm's dumb-buffer helpers return -errno instead of setting errno.
        try negativeErrnoCall("drmModeCreateDumbBuffer \(width)x\(height)") {
            drmModeCreateDumbBuffer(
                fd, UInt32(width), UInt32(height), UInt32(format.bytesPerPixel * 8), 0,
                &handle, &pitch, &size)
        }
        var mapped: UnsafeMutableRawPointer?
        var framebuffer: UInt32 = 0
        do {
            var offset: UInt64 = 0
            try negativeErrnoCall("drmModeMapDumbBuffer") { drmModeMapDumbBuffer(fd, handle, &offset) }
            // The offset is a fake one the kernel hands out for mmap on the DRM fd.
            mapped = try systemPointerCall("mmap dumb buffer") {
                mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
                    .flatMap { $0 == MAP_FAILED ? nil : $0 }
            }
            let handles: [UInt32] = [handle, 0, 0, 0]
            let pitches: [UInt32] = [pitch, 0, 0, 0]
            let offsets: [UInt32] = [0, 0, 0, 0]
            // xf86drmMode.c wraps the ioctl so that failures come back as -errno.
            let fourcc = format == .rgb565 ? slidelock_format_rgb565 : slidelock_format_xrgb8888
            try negativeErrnoCall("drmModeAddFB2 \(format.rawValue.uppercased()) \(width)x\(height)") {
                drmModeAddFB2(fd, UInt32(width), UInt32(height), fourcc, handles, pitches, offsets, &framebuffer, 0)
            }
        } catch {
            if let mapped { munmap(mapped, Int(size)) }
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        self.handle = handle
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.framebufferID = framebuffer
        self.pixels = mapped!
    }

    deinit {
        // RmFB of a framebuffer still on screen turns that CRTC off (drm_mode_rmfb), so the
        // owner restores the CRTCs before letting buffers go.
        _ = drmModeRmFB(fd, framebufferID)
        munmap(pixels, size)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }

    /// Copies the rectangle `x, y, w, h` from `shadow` (XRGB8888 rows of `stride` pixels),
    /// converting to the buffer's format; the caller has clipped it to the buffer.
    func copy(from shadow: UnsafePointer<UInt32>, stride: Int, x: Int, y: Int, width w: Int, height h: Int) {
        for row in y..<(y + h) {
            let source = shadow + row * stride + x
            if format == .xrgb8888 {
                (pixels + row * pitch).assumingMemoryBound(to: UInt32.self).advanced(by: x).update(
                    from: source, count: w)
            } else {
                let destination = (pixels + row * pitch).assumingMemoryBound(to: UInt16.self) + x
                for i in 0..<w { destination[i] = PixelPacking.rgb565(source[i]) }
            }
        }
    }
}
