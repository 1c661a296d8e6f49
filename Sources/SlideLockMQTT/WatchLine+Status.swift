import SlideLockCore

extension WatchLine.Members {
    /// The status line's members, as much of `ControlStatus` as the bridge publishes:
    /// state, display, lockdown, out of service, message, last unlock, the tallies, door,
    /// tamper, version, uptime. The rest (outputs, touch devices, digest, stuck contacts)
    /// stays at its default.
    func status() -> ControlStatus? {
        var status = ControlStatus()
        guard let state = word("state", in: WatchLine.stateWords),
            let display = word("display", in: ["on", "dim", "blank", "away"]),
            let lockdown = bool("lockdown"),
            let outOfService = optionalString("out_of_service"),
            let message = optionalString("message"),
            let unlocks = counts("unlocks"),
            let rejected = counts("rejected_slides"),
            let door = word("door", in: WatchLine.doorWords),
            let tamper = word("tamper", in: WatchLine.tamperWords),
            let version = string("version"), version.utf8.count <= 64,
            let uptime = integer("uptime"), uptime >= 0
        else { return nil }
        // out-of-service and its reason come together, or not at all.
        if state == "out-of-service" {
            guard let outOfService else { return nil }
            status.outOfService = outOfService
        } else {
            guard outOfService == nil, let lockState = LockState(rawValue: state) else { return nil }
            status.state = lockState
        }
        switch members["last_unlock"] {
        case .null?: break
        case .object(let last)?:
            let last = WatchLine.Members(last)
            guard let time = last.integer("time"), time >= 0, let source = last.source() else { return nil }
            status.lastUnlock = LastUnlock(time: time, source: source)
        default: return nil
        }
        status.display = display
        status.lockdown = lockdown
        status.message = message
        status.unlocks = unlocks
        status.rejected = rejected
        status.door = door
        status.tamper = tamper
        status.version = version
        status.uptime = Int(uptime)
        return status
    }
}
