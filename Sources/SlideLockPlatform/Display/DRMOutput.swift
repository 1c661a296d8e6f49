import CDRM
@preconcurrency import Glibc
import SlideLockCore

/// One lit connector: its CRTC, its mode, and two dumb buffers. On a panel scanned out from
/// memory (vc4, vkms) frames flip between the two on vblank. On a display that uploads what
/// it shows (virtio-gpu, SPI panels, USB displays: their framebuffers answer DirtyFB) a flip
/// would upload the whole frame, so frames are drawn into the buffer on screen and only the
/// damage is uploaded, with DirtyFB. Created and owned by `DRMDisplay`, which restores the
/// CRTC it found before releasing it.
public final class DRMOutput: FrameSink {
    /// Connector name, e.g. `HDMI-A-1`.
    public let name: String
    public let mode: DisplayMode
    /// From the connector's `panel orientation` property, nil when it has none.
    public let panelRotation: Int?
    /// The connector's visible area in millimetres, 0x0 when unknown.
    public let physicalSize: Size
    /// What the dumb buffers hold: XRGB8888, or RGB565 when asked for or when the CRTC's
    /// primary plane cannot scan out 32-bit pixels.
    public let pixelFormat: PixelFormat
    public var width: Int { mode.width }
    public var height: Int { mode.height }
    /// True from a page flip's submission until its completion event was handled.
    public private(set) var isFlipPending = false
    /// CLOCK_MONOTONIC time of the last completed flip (the moment it reached the screen).
    public private(set) var lastFlipSeconds: Double?
    /// CLOCK_MONOTONIC time of the first completed flip.
    public private(set) var firstFlipSeconds: Double?
    /// Completed page flips since start.
    public private(set) var flipCount = 0

    let connectorID: UInt32
    let crtcID: UInt32
    private let fd: Int32
    private let modeInfo: drmModeModeInfo
    private let buffers: [DumbBuffer]
    private var front = 0
    private var isModeSet = false
    /// Which buffers have never received a whole frame (the first copy into each is full).
    private var needsFullCopy = [true, true]
    /// Damage of the previous present: the back buffer is one frame behind, so it needs both.
    private var previousDamage: [PixelRect] = []
    /// How frames reach the panel (see the type's comment).
    public private(set) var path: PresentPath
    private var canFlip: Bool { path == .pageFlips }
    /// drmModeDirtyFB: the kernel answers ENOSYS when the driver has no dirty hook, i.e. the
    /// panel refreshes itself from memory; after that we stop asking.
    private var wantsDirtyFB = true
    /// The kernel takes at most this many clip rectangles a call (DRM_MODE_FB_DIRTY_MAX_CLIPS).
    static let maxDirtyClips = 256
    private let saved: drmModeCrtc?

    init(fd: Int32, connector: DRMConnectorInfo, crtcID: UInt32, modeIndex: Int, format: PixelFormat) throws {
        self.fd = fd
        name = connector.name
        panelRotation = connector.panelRotation
        physicalSize = connector.physicalSize
        pixelFormat = format
        connectorID = connector.id
        self.crtcID = crtcID
        modeInfo = connector.modes[modeIndex]
        let mode = DisplayMode(drm: connector.modes[modeIndex])
        self.mode = mode
        // Saved before anything changes, so close can put back exactly what was showing.
        if let crtc = drmModeGetCrtc(fd, crtcID) {
            saved = crtc.pointee
            drmModeFreeCrtc(crtc)
        } else {
            saved = nil
        }
        // If the second buffer fails, the first one's deinit unwinds it.
        buffers = try (0..<2).map { _ in try DumbBuffer(fd: fd, width: mode.width, height: mode.height, format: format)
        }
        path = DRMOutput.uploadsDamage(fd: fd, framebuffer: buffers[0].framebufferID) ? .damageUploads : .pageFlips
    }

    /// The path this card's outputs would take, probed with a small buffer; nil when that
    /// cannot be told (no dumb buffers, or another program is DRM master).
    static func probePath(fd: Int32) -> PresentPath? {
        guard let buffer = try? DumbBuffer(fd: fd, width: 64, height: 64) else { return nil }
        switch drmModeDirtyFB(fd, buffer.framebufferID, nil, 0) {
        case 0: return .damageUploads
        case -ENOSYS: return .pageFlips
        default: return nil
        }
    }

    /// True when the driver uploads a framebuffer's damage (it has a dirty hook): DirtyFB on
    /// a framebuffer that no plane shows yet changes nothing, and answers 0 instead of ENOSYS.
    static func uploadsDamage(fd: Int32, framebuffer: UInt32) -> Bool {
        drmModeDirtyFB(fd, framebuffer, nil, 0) == 0
    }

    /// Copies the damaged part of `shadow` into the back buffer and flips to it (the first
    /// frame is a modeset instead). Completion arrives as an event on the DRM fd. Throws
    /// `masterLost` when another program holds DRM master (the kernel refuses flips and
    /// modesets with EACCES then).
    public func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        do {
            try show(shadow: shadow, stride: stride, damage: damage)
        } catch let error as SystemError where error.errno == EACCES {
            // The next present after master is back must set the mode with a whole frame.
            forgetScreen()
            throw DisplayError.masterLost(connector: name)
        }
    }

    private func show(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        guard !isFlipPending else { throw DisplayError.flipPending(connector: name) }
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        let clipped = damage.map { $0.intersection(screen) }.filter { !$0.isEmpty }
        if !isModeSet {
            buffers[front].copy(from: shadow, stride: stride, x: 0, y: 0, width: width, height: height)
            needsFullCopy[front] = false
            try setCRTC(buffer: front)
            previousDamage = [screen]
            if !canFlip { noteShown(at: MonotonicClock.now()) }
            return
        }
        let target = canFlip ? 1 - front : front
        let region = needsFullCopy[target] ? [screen] : (canFlip ? clipped + previousDamage : clipped)
        for r in region {
            buffers[target].copy(from: shadow, stride: stride, x: r.x, y: r.y, width: r.width, height: r.height)
        }
        needsFullCopy[target] = false
        previousDamage = clipped
        if canFlip {
            do {
                try pageFlip(to: target)
                return
            } catch let error as SystemError
                where error.errno == EINVAL || error.errno == ENOSYS || error.errno == EBUSY
            {
                // drm_mode_page_flip_ioctl: EINVAL when the (legacy) driver has no page_flip;
                // after flips worked, EINVAL or EBUSY say the CRTC is off, lost its
                // framebuffer (another DRM master's went away with it) or still has a commit
                // pending: set it up again (a synchronous modeset).
                if flipCount == 0 && error.errno != EBUSY { path = .inPlace }
                try setCRTC(buffer: target)
                front = target
                return
            }
        }
        try markDirty(region)
        noteShown(at: MonotonicClock.now())
    }

    /// A frame drawn in place is on screen once copied (and uploaded): no event follows.
    private func noteShown(at seconds: Double) {
        lastFlipSeconds = seconds
        if firstFlipSeconds == nil { firstFlipSeconds = seconds }
        flipCount += 1
    }

    /// Handles a page-flip completion event for this output.
    func flipCompleted(seconds: Double, sequence: UInt32, readAt: Double) {
        // The late event of a flip given up on (`abandonFlip`) names nothing we wait for.
        guard isFlipPending else { return }
        isFlipPending = false
        if let last = lastFlipSequence, last != sequence { countsVblanks = true }
        lastFlipSequence = sequence
        lastEventReadSeconds = readAt
        front = 1 - front
        lastFlipSeconds = seconds
        if firstFlipSeconds == nil { firstFlipSeconds = seconds }
        flipCount += 1
    }

    /// True once two flip events carried different vblank counts: the driver has vblanks.
    public private(set) var countsVblanks = false
    /// The kernel's vblank counter at the latest completed flip, and when its event was read.
    public private(set) var lastFlipSequence: UInt32?
    public private(set) var lastEventReadSeconds: Double?
    /// When the latest flip was queued (CLOCK_MONOTONIC).
    public private(set) var lastQueuedSeconds: Double?

    /// True while the output is switched off for an idle blank (its buffers kept).
    public private(set) var isBlanked = false

    /// Switches the CRTC off for an idle blank (CRTC inactive: the panel driver also turns
    /// its backlight off), keeping both buffers: the next `present` lights the output again
    /// with a whole frame through a modeset. Refused while a flip is pending, whose buffer
    /// would be on its way to a CRTC that is gone.
    public func blank() throws {
        guard !isFlipPending else { throw DisplayError.flipPending(connector: name) }
        // Also when the mode is not ours to know (master was away): whatever is lit goes off.
        isModeSet = false
        _ = drmModeSetCrtc(fd, crtcID, 0, 0, 0, nil, 0, nil)
        isBlanked = true
    }

    /// Gives up on a flip whose completion never came (a wedged driver): the next `present`
    /// is a full modeset again, which is synchronous and needs no event.
    public func abandonFlip() {
        isFlipPending = false
        forgetScreen()
    }

    /// Whatever the CRTC shows is no longer known to be ours: the next `present` copies a
    /// whole frame and sets the mode.
    func forgetScreen() {
        isModeSet = false
        needsFullCopy = [true, true]
    }

    /// Switches the CRTC off: a black screen (`display.on_exit = black`).
    func switchOff() {
        guard isModeSet else { return }
        isModeSet = false
        _ = drmModeSetCrtc(fd, crtcID, 0, 0, 0, nil, 0, nil)
    }

    /// Puts the CRTC back as it was found (or turns it off if it was off).
    func restore() {
        guard isModeSet else { return }
        isModeSet = false
        var connectors = [connectorID]
        if var saved, saved.mode_valid != 0, saved.buffer_id != 0,
            drmModeSetCrtc(fd, crtcID, saved.buffer_id, saved.x, saved.y, &connectors, 1, &saved.mode) == 0
        {
            return
        }
        // Nothing was on (or the old framebuffer is gone with its owner): switch the CRTC off.
        _ = drmModeSetCrtc(fd, crtcID, 0, 0, 0, nil, 0, nil)
    }

    private func setCRTC(buffer index: Int) throws {
        var connectors = [connectorID]
        var info = modeInfo
        try negativeErrnoCall("drmModeSetCrtc \(name) \(mode)") {
            drmModeSetCrtc(fd, crtcID, buffers[index].framebufferID, 0, 0, &connectors, 1, &info)
        }
        isModeSet = true
        isBlanked = false
    }

    private func pageFlip(to index: Int) throws {
        // The event's user_data is this object; DRMDisplay keeps it alive while the flip is
        // pending (it drains pending flips before releasing outputs).
        let token = Unmanaged.passUnretained(self).toOpaque()
        try negativeErrnoCall("drmModePageFlip \(name)") {
            drmModePageFlip(fd, crtcID, buffers[index].framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), token)
        }
        isFlipPending = true
        lastQueuedSeconds = MonotonicClock.now()
    }

    /// Without page flips the copy is already visible, or is uploaded by the dirty call; it
    /// is also where a lost DRM master shows (EACCES). A driver that refuses the call for any
    /// other reason is not asked again: its frames then go by page flips, which upload whole.
    private func markDirty(_ region: [PixelRect]) throws {
        guard wantsDirtyFB, !region.isEmpty else { return }
        let rects =
            region.count > DRMOutput.maxDirtyClips ? [region.dropFirst().reduce(region[0]) { $0.union($1) }] : region
        var clips = rects.map {
            drmModeClip(
                x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y),
                x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
        }
        let result = drmModeDirtyFB(fd, buffers[front].framebufferID, &clips, UInt32(clips.count))
        if result == -EACCES { throw SystemError(operation: "drmModeDirtyFB \(name)", errno: EACCES) }
        guard result != 0 else { return }
        wantsDirtyFB = false
        if path == .damageUploads {
            path = .pageFlips
            refusedDirty = SystemError(operation: "drmModeDirtyFB \(name)", errno: -result)
        }
    }

    /// Set once when the driver refused DirtyFB after it had seemed to take it, so the owner
    /// can say so (once); the output went back to page flips.
    public var refusedDirty: SystemError?
}
