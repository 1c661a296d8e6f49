import Glibc
import SlideLockCore
import SlideLockPlatform

/// How a fake output completes its frames.
enum FakePacing {
    /// DRM with real vblanks: a flip lands on the first vblank after it was queued.
    case paced
    /// DRM without pacing (virtio-gpu): a flip completes a millisecond after it was queued.
    case unpaced
    /// fbdev: frames are copied synchronously, no completion events.
    case framebuffer
    /// DRM drawn in place, its damage uploaded (virtio-gpu with DirtyFB): a frame is on
    /// screen when `present` returns, though the display has an event descriptor.
    case uploaded
}

/// One frame handed to a fake output.
struct PresentedFrame {
    let queued: Double
    var completed: Double?
    let pixels: [UInt32]
    /// Shown by setting the mode (the first frame, or after the screen was forgotten).
    var modeset = false
}

/// A `PanelOutput` that keeps every frame it was given, on a virtual clock.
final class FakeOutput: PanelOutput {
    let name: String
    let width: Int, height: Int
    let frameInterval: Double
    let panelRotation: Int? = nil
    let pixelFormat = PixelFormat.xrgb8888
    /// What its connector reports in millimetres (0x0: unknown, as vkms).
    var physicalSize = Size(width: 0, height: 0)
    var modeDescription: String { "\(width)x\(height)@60" }
    var completesOnVblank: Bool { pacing == .paced }
    private(set) var isFlipPending = false
    private(set) var lastFlipSeconds: Double?
    private(set) var firstFlipSeconds: Double?
    private(set) var flipCount = 0
    private(set) var lastFlipSequence: UInt32?
    private(set) var lastEventReadSeconds: Double?
    private(set) var frames: [PresentedFrame] = []
    private var isModeSet = false
    unowned let world: FakeWorld
    let pacing: FakePacing
    /// Flips queued from this time on never complete (a wedged driver).
    var hangFrom: Double?
    /// Only the first flip queued from this time on never completes.
    var hangOnceAt: Double?
    private var hungOnce: Int?
    /// Presents after this many throw (a flip the driver refuses).
    var failAfter: Int?
    /// Presents throw once a flip was given up on (the modeset fails too).
    var failsAfterAbandon = false
    var abandoned = 0

    init(name: String, width: Int, height: Int, world: FakeWorld, pacing: FakePacing) {
        self.name = name
        self.width = width
        self.height = height
        self.world = world
        self.pacing = pacing
        frameInterval = 1.0 / 60
    }

    func present(shadow: UnsafePointer<UInt32>, stride: Int, damage: [PixelRect]) throws {
        precondition(!isFlipPending, "present while a flip is pending")
        if world.display?.holdsMaster == false {
            isModeSet = false
            throw DisplayError.masterLost(connector: name)
        }
        if failsAfterAbandon && abandoned > 0 { throw SystemError(operation: "drmModeSetCrtc \(name)", errno: EIO) }
        if let failAfter, frames.count >= failAfter {
            throw SystemError(operation: "drmModePageFlip \(name)", errno: EINVAL)
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = shadow[y * stride + x] } }
        frames.append(PresentedFrame(queued: world.now(), completed: nil, pixels: pixels))
        if pacing == .framebuffer || pacing == .uploaded || !isModeSet {
            // fbdev copies at once, so does a display drawn in place; DRM's first frame is a
            // synchronous modeset.
            frames[frames.count - 1].modeset = !isModeSet
            isModeSet = true
            frames[frames.count - 1].completed = world.now()
            if pacing == .framebuffer || pacing == .uploaded { recordFlip(at: world.now()) }
            return
        }
        isFlipPending = true
        if let at = hangOnceAt, hungOnce == nil, world.now() >= at { hungOnce = frames.count - 1 }
    }

    /// When the pending flip will complete, nil if none is pending or it hangs.
    var completionTime: Double? {
        guard isFlipPending, let queued = frames.last?.queued else { return nil }
        if let hangFrom, queued >= hangFrom { return nil }
        if hungOnce == frames.count - 1 { return nil }
        switch pacing {
        case .paced: return ((queued / frameInterval + 1e-6).rounded(.down) + 1) * frameInterval
        case .unpaced: return queued + 0.001
        case .framebuffer, .uploaded: return nil
        }
    }

    func completeIfDue(now: Double) {
        guard let due = completionTime, due <= now else { return }
        isFlipPending = false
        frames[frames.count - 1].completed = due
        // Paced: the vblank counter is the vblank's index on the virtual clock.
        if pacing == .paced { lastFlipSequence = UInt32((due / frameInterval).rounded()) }
        lastEventReadSeconds = now
        recordFlip(at: due)
    }

    private func recordFlip(at seconds: Double) {
        lastFlipSeconds = seconds
        if firstFlipSeconds == nil { firstFlipSeconds = seconds }
        flipCount += 1
    }

    func abandonFlip() {
        isFlipPending = false
        isModeSet = false
        abandoned += 1
    }

    func forgetScreen() { isModeSet = false }

    /// Frames that reached the screen, in order.
    var shown: [PresentedFrame] { frames.filter { $0.completed != nil } }
}

/// A `PanelDisplay` of fake outputs; its descriptor is readable when a flip is due.
final class FakeDisplay: PanelDisplay {
    let outputs: [FakeOutput]
    let pacing: FakePacing
    private(set) var closed = false
    static let descriptor: Int32 = 1000

    init(world: FakeWorld, pacing: FakePacing, sizes: [(Int, Int)] = [(400, 240)]) {
        self.pacing = pacing
        outputs = sizes.enumerated().map { index, size in
            FakeOutput(name: "FAKE-\(index + 1)", width: size.0, height: size.1, world: world, pacing: pacing)
        }
        world.display = self
    }

    var panels: [PanelOutput] { outputs }
    var eventDescriptor: Int32? { pacing == .framebuffer ? nil : FakeDisplay.descriptor }
    var isFlipPending: Bool { outputs.contains(where: \.isFlipPending) }
    var deviceDescription: String { "fake (\(pacing))" }
    var nextCompletion: Double? { outputs.compactMap(\.completionTime).min() }

    func handleEvents() throws {
        for output in outputs { output.completeIfDue(now: output.world.now()) }
    }

    func close() { closed = true }

    /// Idle blanks asked for (the outputs switched off).
    private(set) var blanks: [Double] = []
    func blank() throws { blanks.append(outputs[0].world.now()) }

    /// Another program holds DRM master during these times (our presents are refused).
    var masterTaken: ClosedRange<Double>?
    private(set) var masterRetakes = 0
    var holdsMaster: Bool { !(masterTaken?.contains(outputs[0].world.now()) ?? false) }
    func takeMasterBack() -> Bool {
        guard holdsMaster else { return false }
        masterRetakes += 1
        for output in outputs { output.forgetScreen() }
        return true
    }
}
