import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// The self-test on the real panel: the lock screen's own settings loader, display opener,
/// output and touch choice, touch pipeline and hook runner, plus the checks' own edges
/// (`CRTCReadback`, `VirtualTouchscreen`, `GPIOLineInfo`).
public final class PanelRig: SelftestRig {
    public let injects: Bool
    let loader: SettingsLoader
    /// The test picture for a panel of a given size (`SmokePattern` in the executable).
    let pattern: (_ width: Int, _ height: Int) -> [UInt32]
    /// The relay's chip and line, from its trusted settings file.
    let relayLine: () throws -> (chip: String, line: Int)
    /// Prompts and the hook's output, for the person at the panel.
    let say: (String) -> Void
    let waiter = PollWaiter()
    var settings = Settings()
    var fonts: LabelFonts?
    var display: PanelDisplay?
    var touchIndex = 0
    var rotations: [ImageRotation] = []
    var virtualTouch: VirtualTouchscreen?
    var input: TouchInput?
    /// Touch events read while injecting, not yet looked at; the finger being followed.
    var queued: [LockEvent] = []
    var downID: Int?
    var lastPoint: Point?

    public init(
        loader: SettingsLoader, injects: Bool, pattern: @escaping (Int, Int) -> [UInt32],
        relayLine: @escaping () throws -> (chip: String, line: Int), say: @escaping (String) -> Void
    ) {
        self.loader = loader
        self.injects = injects
        self.pattern = pattern
        self.relayLine = relayLine
        self.say = say
    }

    deinit { close() }

    /// Lets go of touch and restores the display.
    public func close() {
        input = nil
        virtualTouch = nil
        display?.close()
        display = nil
    }

    public func screenHolder() -> String? {
        guard let pid = LockProcesses.running().first else { return nil }
        return "the lock screen is running (slidelock, pid \(pid))"
    }

    /// As `slidelock` loads them and checks them at start (`StartChecks`: hooks, group,
    /// backlight, fonts), with the layout measured as `check-config` does.
    public func loadSettings() throws -> Settings {
        let loaded = try loader.load()
        if let error = Layout.travelError(loaded, screen: Layout.referenceScreen(loaded)) {
            throw RunError(description: error)
        }
        fonts = try StartChecks(loaded, loader: loader).fontsOrFirstProblem()
        settings = loaded
        return loaded
    }

    public func openDisplay(_ settings: Settings) throws -> String {
        var chosen = settings.display
        // Never wait for the screen: whoever holds it is the answer.
        chosen.masterWait = 0
        let opened: PanelDisplay
        do { opened = try DisplayOpener.open(chosen, log: Logger(sink: { _, _ in })) } catch let error as DisplayError {
            if case .masterBusy(let path, _) = error {
                throw SelftestRefusal(holder: "another program is DRM master of \(path)")
            }
            throw error
        }
        display = opened
        touchIndex = try LockScreen.touchOutputIndex(opened.panels, named: settings.display.touchOutput)
        rotations = LockScreen.outputRotations(opened.panels, touchIndex: touchIndex, explicit: settings.display.rotate)
        // The thumb drawn for the slide test is the lock's: sized from the panel's report too.
        self.settings = PhysicalSizing.filled(self.settings, reported: opened.panels[touchIndex].physicalSize)
        let outputs = zip(opened.panels, rotations).enumerated().map { index, pair in
            let (panel, rotation) = pair
            return "\(panel.name) \(panel.modeDescription) \(panel.pixelFormat.rawValue.uppercased()), "
                + "rotate \(rotation.degrees)" + (index == touchIndex && opened.panels.count > 1 ? " (touch)" : "")
        }
        return "\(opened.deviceDescription): " + outputs.joined(separator: "; ")
    }

    /// The devices the lock would open now, not grabbed (only looked at).
    public func touchDevices(_ settings: Settings) throws -> [String] {
        var options = touchOptions()
        options.grab = false
        let scan = try TouchInput(options: options)
        return scan.devices
    }

    /// What the lock's touch input would be for the touch output (an 800x480 stand-in
    /// when no display opened).
    func touchOptions() -> TouchInputOptions {
        guard let display, display.panels.indices.contains(touchIndex) else {
            var options = TouchInputOptions(screen: Size(width: 800, height: 480), settings: settings.input.touch)
            options.device = settings.input.device.isEmpty ? nil : settings.input.device
            options.acceptTablet = settings.input.tablet
            return options
        }
        return LockScreen.touchOptions(settings, panel: display.panels[touchIndex], rotation: rotations[touchIndex])
    }

    public func showPattern() throws -> PatternReadback {
        guard let display else { throw RunError(description: "no display") }
        var expected: [[UInt32]] = []
        for panel in display.panels {
            let pixels = pattern(panel.width, panel.height)
            try pixels.withUnsafeBufferPointer { try present($0.baseAddress!, on: panel) }
            expected.append(pixels)
        }
        try settle()
        guard let drm = display as? DRMDisplay else {
            return PatternReadback(outputs: [], unsupported: "\(display.deviceDescription) has no CRTC to read back")
        }
        let outputs = zip(drm.outputs, expected).map { output, pixels -> PatternReadback.Output in
            do {
                let image = try CRTCReadback.read(device: drm.device, connector: output.name)
                return PatternReadback.Output(
                    name: output.name,
                    source: "fb \(image.framebufferID) \(image.width)x\(image.height) \(image.format)",
                    compared: pixels.count,
                    differing: PatternComparison.differing(
                        expected: pixels, width: output.width, height: output.height, actual: image))
            } catch {
                return PatternReadback.Output(name: output.name, source: "cannot read it back: \(error)", compared: nil)
            }
        }
        return PatternReadback(outputs: outputs)
    }

    /// Shows a whole frame (panel orientation, XRGB8888 rows of `panel.width`).
    func present(_ pixels: UnsafePointer<UInt32>, on panel: PanelOutput) throws {
        try settle()
        try panel.present(
            shadow: pixels, stride: panel.width,
            damage: [PixelRect(x: 0, y: 0, width: panel.width, height: panel.height)])
    }

    /// Until no flip is in flight (at most a second: a wedged driver must not hang this).
    func settle() throws {
        guard let display else { return }
        let end = waiter.now() + 1
        while display.isFlipPending, waiter.now() < end {
            guard let fd = display.eventDescriptor else { return }
            if try waiter.wait(for: [fd], until: min(end, waiter.now() + 0.05)).contains(fd) {
                try display.handleEvents()
            }
        }
    }
}
