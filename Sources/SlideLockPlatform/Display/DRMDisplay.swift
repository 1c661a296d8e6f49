import CDRM
@preconcurrency import Glibc
import SlideLockCore

/// The running display: one DRM card held as DRM master, every lit output on it, and the VT
/// in graphics mode. `close()` (also run by deinit, so every exit path that unwinds gets it)
/// restores the CRTCs and the VT as they were found.
///
/// Use: render per output (each has its own `width`/`height`), `present` when
/// `!isFlipPending`, `poll` `fd` for POLLIN and call `handleFlipEvents()` to learn which flips
/// completed and when.
public final class DRMDisplay {
    public let device: DRMDevice
    public internal(set) var outputs: [DRMOutput]
    /// Why each output got its mode, in `outputs` order (for logs).
    public internal(set) var modeReasons: [ModeChoiceReason]
    /// Pollable (POLLIN) when page-flip events are waiting.
    public var fd: Int32 { device.fd }
    private var terminal: VirtualTerminal?
    private var isClosed = false
    /// Leave the outputs off (black) instead of restoring what was shown before.
    private let leaveBlack: Bool
    /// What the outputs were chosen by, for `reprobe()`.
    let options: DisplayOptions
    /// Unplugged outputs whose last flip had not landed when they were let go: their flip
    /// event still names them, so they live until it arrives (see `handleFlipEvents`).
    private var retired: [DRMOutput] = []

    public init(options: DisplayOptions = DisplayOptions()) throws {
        let (path, _) = try OutputPlan.findDevice(options: options)
        let device = try DRMDevice(
            path: path, master: true, masterWaitSeconds: options.masterWaitSeconds,
            onWait: options.onWait)
        self.device = device
        // Re-read after becoming master: another program may have changed things meanwhile.
        let resources = try device.resources()
        let fresh = try OutputPlan.make(
            path: path, crtcs: resources.crtcs, connectors: resources.connectors, options: options)
        do {
            outputs = try fresh.map {
                let format = options.format ?? device.scanoutFormat(crtcID: $0.crtcID, crtcs: resources.crtcs)
                do {
                    return try DRMOutput(
                        fd: device.fd, connector: $0.connector, crtcID: $0.crtcID,
                        modeIndex: $0.modeIndex, format: format)
                } catch let error as SystemError where format != .xrgb8888 && error.errno == EINVAL {
                    // Dumb buffers and AddFB2 answer EINVAL for a bpp or fourcc the driver lacks.
                    throw DisplayError.formatUnsupported(
                        connector: $0.connector.name, format: format.rawValue.uppercased(),
                        reason: "\(error.operation): \(String(cString: strerror(error.errno)))")
                }
            }
        } catch let error as SystemError {
            throw DisplayError.system(error)
        }
        modeReasons = fresh.map(\.reason)
        leaveBlack = options.leaveBlack
        self.options = options
        terminal = options.switchVT ? VirtualTerminal() : nil
    }

    deinit { close() }

    /// Reads the DRM events waiting on `fd` (call when poll reports POLLIN; it blocks
    /// otherwise) and returns the page flips that completed.
    public func handleFlipEvents() throws -> [FlipCompletion] {
        guard !isClosed else { return [] }
        let before = outputs.map(\.flipCount)
        var context = drmEventContext()
        // Version 2 is the first with user_data in the flip handler; it is all we need.
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            // The vblank counter (drm_crtc_vblank_count) tells missed vblanks from late events.
            output.flipCompleted(
                seconds: Double(seconds) + Double(microseconds) / 1e6, sequence: sequence,
                readAt: MonotonicClock.now())
        }
        // xf86drm.c: -1 when its read(2) of the event queue fails (errno set), 0 otherwise.
        try systemCall("drmHandleEvent") { drmHandleEvent(device.fd, &context) }
        retired.removeAll { !$0.isFlipPending }
        return zip(outputs, before).compactMap { output, count in
            output.flipCount > count ? FlipCompletion(output: output, seconds: output.lastFlipSeconds ?? 0) : nil
        }
    }

    /// Keeps an unplugged output alive until its pending flip's event has been handled.
    func retire(_ output: DRMOutput) { retired.append(output) }

    /// True while any output waits for a flip.
    public var isFlipPending: Bool { outputs.contains(where: \.isFlipPending) }

    /// Switches every output off for an idle blank (see `DRMOutput.blank()`), after letting
    /// flips in flight land (bounded, like `close`).
    public func blankOutputs() throws {
        waitForFlips(seconds: 0.5)
        for output in outputs { try output.blank() }
    }

    /// True while every output is blanked.
    public var isBlanked: Bool { !outputs.isEmpty && outputs.allSatisfy(\.isBlanked) }

    /// Handles flip events until none is pending or `seconds` passed.
    func waitForFlips(seconds: Double) {
        let waiter = PollWaiter()
        let deadline = waiter.now() + seconds
        while isFlipPending, waiter.now() < deadline {
            let ready = (try? waiter.wait(for: [device.fd], until: waiter.now() + 0.05)) ?? []
            if !ready.isEmpty { _ = try? handleFlipEvents() }
        }
    }

    /// False while another program holds DRM master (one ioctl: drmIsMaster asks for
    /// something only a master may do).
    public var isMaster: Bool { !isClosed && drmIsMaster(device.fd) != 0 }

    /// Takes DRM master back when its holder let go. Our fd was master before, so the kernel
    /// lets this process set it again without CAP_SYS_ADMIN (drm_master_check_perm). Every
    /// output then sets its mode afresh with a whole frame on its next `present`.
    public func retakeMaster() -> Bool {
        guard !isClosed, drmSetMaster(device.fd) == 0 || drmIsMaster(device.fd) != 0 else { return false }
        for output in outputs { output.forgetScreen() }
        return true
    }

    /// Restores every CRTC and the VT, frees the buffers and drops DRM master. Idempotent.
    public func close() {
        guard !isClosed else { return }
        // A flip still in flight would land on a buffer we are about to free and its event
        // would name a dead object: wait for it (bounded; a wedged driver must not hang exit).
        waitForFlips(seconds: 0.5)
        isClosed = true
        for output in outputs { leaveBlack ? output.switchOff() : output.restore() }
        outputs = [] // buffers go now: RmFB after the CRTCs point elsewhere
        terminal?.staysInGraphicsMode = leaveBlack
        terminal = nil // back to KD_TEXT: the console redraws (unless left black)
        _ = drmDropMaster(device.fd)
    }
}
