import CDRM
@preconcurrency import Glibc

/// What a CRTC scans out, read through the kernel: the CRTC's framebuffer id
/// (drmModeGetCrtc), that framebuffer's buffer handle (drmModeGetFB2), and a mapping of that
/// handle. Nothing of the program that drew it is trusted: not its pointers, not its idea of
/// which buffer is in front.
public struct ScanoutImage: Sendable {
    public var framebufferID: UInt32
    public var width: Int
    public var height: Int
    /// `XRGB8888` or `RGB565`.
    public var format: String
    /// Rows of `width` pixels, widened to 0x00RRGGBB (RGB565 by repeating each channel's top bits).
    public var pixels: [UInt32]

    public init(framebufferID: UInt32, width: Int, height: Int, format: String, pixels: [UInt32]) {
        self.framebufferID = framebufferID
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }
}

public enum CRTCReadback {
    /// The picture on the CRTC that drives `connector` (by name) of `device`. GETFB2 hands
    /// out buffer handles only to DRM master or CAP_SYS_ADMIN (drm_mode_getfb2_ioctl), and
    /// mapping one works for dumb buffers (DRM_IOCTL_MODE_MAP_DUMB on the handle).
    public static func read(device: DRMDevice, connector: String) throws -> ScanoutImage {
        let fd = device.fd
        guard let info = try device.resources().connectors.first(where: { $0.name == connector }) else {
            throw ReadbackError("\(connector) is not a connector of \(device.path)")
        }
        guard info.currentCRTC != 0 else { throw ReadbackError("\(connector) is driven by no CRTC") }
        var crtc: UnsafeMutablePointer<drmModeCrtc>?
        try systemCall("drmModeGetCrtc") { () -> Int32 in
            crtc = drmModeGetCrtc(fd, info.currentCRTC)
            return crtc == nil ? -1 : 0
        }
        let framebufferID = crtc!.pointee.buffer_id
        drmModeFreeCrtc(crtc)
        guard framebufferID != 0 else { throw ReadbackError("CRTC \(info.currentCRTC) shows no framebuffer") }
        var fb: UnsafeMutablePointer<drmModeFB2>?
        try systemCall("drmModeGetFB2 \(framebufferID)") { () -> Int32 in
            fb = drmModeGetFB2(fd, framebufferID)
            return fb == nil ? -1 : 0
        }
        defer { drmModeFreeFB2(fb) }
        let f = fb!.pointee
        let handle = f.handles.0
        guard handle != 0 else { throw ReadbackError("framebuffer \(framebufferID): no buffer handle (run as root)") }
        // GETFB2 made a new handle to the buffer in this file: closed again whatever happens.
        defer { _ = drmCloseBufferHandle(fd, handle) }
        let wide = f.pixel_format == slidelock_format_xrgb8888 || f.pixel_format == slidelock_format_argb8888
        guard wide || f.pixel_format == slidelock_format_rgb565 else {
            throw ReadbackError("framebuffer \(framebufferID): format 0x\(String(f.pixel_format, radix: 16)) not read")
        }
        var offset: UInt64 = 0
        try negativeErrnoCall("drmModeMapDumbBuffer") { drmModeMapDumbBuffer(fd, handle, &offset) }
        let width = Int(f.width)
        let height = Int(f.height)
        let pitch = Int(f.pitches.0)
        let start = Int(f.offsets.0)
        // The kernel made the framebuffer fit its buffer (drm_framebuffer_check); a pitch too
        // short for a row would still read past the mapping here.
        guard pitch >= width * (wide ? 4 : 2) else {
            throw ReadbackError("framebuffer \(framebufferID): pitch \(pitch) is short of \(width) pixels")
        }
        let size = start + pitch * height
        var mapped: UnsafeMutableRawPointer?
        try systemCall("mmap framebuffer \(framebufferID)") { () -> Int32 in
            mapped = mmap(nil, size, PROT_READ, MAP_SHARED, fd, off_t(offset))
            return mapped == MAP_FAILED ? -1 : 0
        }
        defer { munmap(mapped, size) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = mapped! + start + y * pitch
            for x in 0..<width {
                pixels[y * width + x] =
                    wide
                    ? row.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
                    : widen565(row.load(fromByteOffset: x * 2, as: UInt16.self))
            }
        }
        return ScanoutImage(
            framebufferID: framebufferID, width: width, height: height, format: wide ? "XRGB8888" : "RGB565",
            pixels: pixels)
    }

    /// 5-6-5 bits to 8-8-8, each channel's top bits repeated below it.
    public static func widen565(_ p: UInt16) -> UInt32 {
        let r = UInt32(p >> 11)
        let g = UInt32((p >> 5) & 0x3F)
        let b = UInt32(p & 0x1F)
        return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
    }
}

/// Why a framebuffer could not be read back; one line.
public struct ReadbackError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
