import CDRM
@preconcurrency import Glibc
import SlideLockCore

extension DRMDisplay {
    /// Reads the connectors again (after a DRM hotplug uevent) and follows them: an output
    /// whose connector is no longer chosen is switched off and its buffers freed; a newly
    /// connected one gets a CRTC, a mode and buffers. Outputs that stay are left alone.
    public func reprobe() throws -> OutputHotplug {
        let resources = try device.resources()
        let changes = OutputChanges.between(
            lit: outputs.map(\.name), connectors: resources.connectors.map(\.summary),
            named: options.connectorName)
        var result = OutputHotplug()
        if !changes.remove.isEmpty {
            // Let flips in flight land first: their events name the output object.
            waitForFlips(seconds: 0.5)
            for name in changes.remove {
                guard let index = outputs.firstIndex(where: { $0.name == name }) else { continue }
                let output = outputs.remove(at: index)
                modeReasons.remove(at: index)
                output.switchOff()
                if output.isFlipPending { retire(output) }
                result.removed.append(name)
            }
        }
        var taken = Set(outputs.map(\.crtcID))
        for name in changes.add {
            guard let connector = resources.connectors.first(where: { $0.name == name }) else { continue }
            do {
                // The start-up planner, for this one connector and the CRTCs still free.
                var one = options
                one.connectorName = nil
                guard
                    let planned = try OutputPlan.make(
                        path: device.path, crtcs: resources.crtcs.filter { !taken.contains($0) },
                        connectors: [connector], options: one
                    ).first
                else { continue }
                let format = options.format ?? device.scanoutFormat(crtcID: planned.crtcID, crtcs: resources.crtcs)
                let output = try DRMOutput(
                    fd: device.fd, connector: connector, crtcID: planned.crtcID,
                    modeIndex: planned.modeIndex, format: format)
                taken.insert(planned.crtcID)
                outputs.append(output)
                modeReasons.append(planned.reason)
                result.added.append(output)
            } catch {
                result.failed.append((name, error))
            }
        }
        return result
    }
}
