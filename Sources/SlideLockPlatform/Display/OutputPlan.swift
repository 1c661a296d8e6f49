import SlideLockCore

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
