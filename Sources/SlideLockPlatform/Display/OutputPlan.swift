import SlideLockCore

/// What the user asked for on the command line about outputs.
public struct DisplayOptions: Sendable {
    /// `--device /dev/dri/cardN`; nil = the first card that can light a display.
    public var devicePath: String?
    /// `--connector NAME`; nil = every connected connector.
    public var connectorName: String?
    /// `--mode WxH[@Hz]`; nil = `ModeChoice`'s default rules.
    public var mode: ModeRequest?
    /// How long to wait for another program to release DRM master.
    public var masterWaitSeconds: Double
    /// Switch the VT to graphics mode while running (KD_GRAPHICS).
    public var switchVT: Bool
    /// Scanout format; nil = XRGB8888 unless the primary plane only takes RGB565.
    public var format: PixelFormat? = nil
    /// On close, switch the outputs off instead of restoring what they showed before, and
    /// leave the VT in graphics mode so fbcon does not draw the console over it. (The
    /// kernel still restores its fbdev console when the last DRM client closes the card:
    /// drm_lastclose.)
    public var leaveBlack = false
    /// Open the card even when no connector is connected (outputs come later through
    /// `DRMDisplay.reprobe()` on a hotplug) instead of failing with "no connected display".
    public var allowNoOutputs = false
    /// Told why start-up waits for the display (another program holds DRM master).
    public var onWait: @Sendable (String) -> Void = { _ in }

    public init(
        devicePath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil,
        masterWaitSeconds: Double = 5, switchVT: Bool = true
    ) {
        self.devicePath = devicePath
        self.connectorName = connectorName
        self.mode = mode
        self.masterWaitSeconds = masterWaitSeconds
        self.switchVT = switchVT
    }
}

/// One output slidelock would light: which connector, on which CRTC, in which mode and why.
public struct PlannedOutput {
    public var connector: DRMConnectorInfo
    public var crtcID: UInt32
    public var modeIndex: Int
    public var reason: ModeChoiceReason
    public var mode: DisplayMode { connector.displayModes[modeIndex] }
}

/// Decides connectors, CRTCs and modes for one card without touching the hardware, so
/// `list-outputs` reports exactly what `DRMDisplay` will do.
public enum OutputPlan {
    public static func make(
        path: String, crtcs: [UInt32], connectors: [DRMConnectorInfo],
        options: DisplayOptions
    ) throws -> [PlannedOutput] {
        let chosen: [Int]
        do {
            chosen = try ConnectorChoice.choose(from: connectors.map(\.summary), named: options.connectorName)
        } catch .noneConnected(let all) where options.allowNoOutputs && !all.isEmpty {
            return []
        } catch {
            throw DisplayError.connector(path: path, error)
        }
        var taken: Set<UInt32> = []
        var plan: [PlannedOutput] = []
        for index in chosen {
            let connector = connectors[index]
            // One CRTC per connector: prefer the one already driving it (no visible modeset
            // glitch), else the first free one an encoder can route to.
            guard let crtc = connector.possibleCRTCs.first(where: { !taken.contains($0) && crtcs.contains($0) }) else {
                throw DisplayError.noCRTC(connector: connector.name)
            }
            let choice: (index: Int, reason: ModeChoiceReason)
            do {
                choice = try ModeChoice.choose(
                    from: connector.displayModes, current: connector.currentMode,
                    request: options.mode)
            } catch {
                throw DisplayError.mode(connector: connector.name, error)
            }
            taken.insert(crtc)
            plan.append(
                PlannedOutput(connector: connector, crtcID: crtc, modeIndex: choice.index, reason: choice.reason))
        }
        return plan
    }

    /// The card to use and its plan: `--device`, else the first card (numeric order) that has
    /// modesetting, dumb buffers and a usable connector. Errors name the most useful cause.
    public static func findDevice(options: DisplayOptions) throws -> (path: String, plan: [PlannedOutput]) {
        let paths = options.devicePath.map { [$0] } ?? DRMDevice.cardPaths()
        guard !paths.isEmpty else { throw DisplayError.noDevice }
        var errors: [DisplayError] = []
        // With allowNoOutputs, a card whose connectors are all disconnected is kept as a
        // fallback: a card with something connected still wins.
        var waiting: (path: String, plan: [PlannedOutput])?
        for path in paths {
            do {
                let probe = try DRMDevice(path: path)
                guard probe.supportsDumbBuffers else { throw DisplayError.noDumbBuffers(path: path) }
                let resources = try probe.resources()
                let plan = try make(
                    path: path, crtcs: resources.crtcs, connectors: resources.connectors, options: options)
                if plan.isEmpty {
                    if waiting == nil { waiting = (path, plan) }
                    continue
                }
                return (path, plan)
            } catch let error as DisplayError {
                errors.append(error)
            }
        }
        if let waiting { return waiting }
        if errors.count == 1 { throw errors[0] }
        // Several cards: a "no display connected" beats "render-only card" as an explanation.
        for error in errors {
            switch error {
            case .connector, .mode, .permissionDenied: throw error
            default: continue
            }
        }
        throw DisplayError.noUsableDevice(checked: paths)
    }
}
