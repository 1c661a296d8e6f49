/// What `slidelock ctl status` answers: the lock's state as a person and a site see it.
public struct ControlStatus: Equatable, Sendable {
    public var state: LockState = .locked
    /// `on`, `dim` or `blank`.
    public var display = "on"
    public var lockdown = false
    /// The lock runs on built-in defaults (`OutOfService`): the first problem, as the log
    /// and systemd's `STATUS=` give it. The state then reads `out-of-service`.
    public var outOfService: String?
    public var message: String?
    /// Wall-clock seconds (Unix time) and source of the last unlock, if any.
    public var lastUnlock: LastUnlock?
    /// Unlocks by source, rejected slides by reason, since the lock started.
    public var unlocks: [String: Int] = [:]
    public var rejected: [String: Int] = [:]
    /// The outputs drawn on and the touch devices read.
    public var outputs: [String] = []
    public var touchDevices: [String] = []
    /// The running lock's release (after an upgrade it may differ from the installed binary's).
    public var version = SlideLockVersion.number
    /// Contacts down that were declared stuck (a pinned ghost), and where.
    public var stuckContacts: [StuckContact] = []
    /// Whole seconds since the lock started.
    public var uptime = 0
    /// `ConfigDigest` of the configuration in use: it changes when a reload changed it.
    public var configDigest = ""
    /// The door as its contact says (`DoorState`), `none` without `door.contact`, `missing`
    /// when the line named could not be had.
    public var door = "none"
    /// `on` while tampered, `off`, or `none`/`missing` as for the door.
    public var tamper = "none"

    public init() {}

    /// Counts `decision` (with the wall-clock second it happened at).
    public mutating func record(_ decision: UnlockDecision, wallTime: Int64) {
        if let refusal = decision.refusal {
            if decision.source == .slide { rejected[refusal.reason.rawValue, default: 0] += 1 }
        } else {
            unlocks[decision.source.rawValue, default: 0] += 1
            lastUnlock = LastUnlock(time: wallTime, source: decision.source)
        }
    }

    /// One line of `key=value` words; the message last and quoted.
    public var text: String {
        var words = ["state=\(stateWord)", "display=\(display)", "lockdown=\(lockdown ? "on" : "off")"]
        words.append("unlocks=\(ControlStatus.total(unlocks))")
        words.append("rejected=\(ControlStatus.total(rejected))")
        if let last = lastUnlock { words.append("last-unlock=\(last.time)/\(last.source.rawValue)") }
        words.append("outputs=\(outputs.isEmpty ? "-" : outputs.joined(separator: ","))")
        words.append("touch=\(touchDevices.count)")
        if !stuckContacts.isEmpty {
            words.append(
                "stuck="
                    + stuckContacts.map { "\(clampedInt($0.place.x.rounded()))x\(clampedInt($0.place.y.rounded()))" }
                    .joined(separator: ","))
        }
        words.append("door=\(door)")
        words.append("tamper=\(tamper)")
        words.append("version=\(version)")
        words.append("uptime=\(uptime)")
        words.append("config=\(configDigest)")
        if let outOfService { words.append("why=" + JSONText.string(outOfService)) }
        if let message { words.append("message=" + JSONText.string(message)) }
        return words.joined(separator: " ")
    }

    /// `out-of-service` while the lock runs on built-in defaults, else the session's state.
    public var stateWord: String { outOfService == nil ? state.rawValue : "out-of-service" }

    /// One JSON object.
    public var json: String { JSONText.object(jsonMembers) }

    /// The JSON object's members, in order.
    public var jsonMembers: [(String, String)] {
        let last = lastUnlock.map {
            JSONText.object([("time", String($0.time)), ("source", JSONText.string($0.source.rawValue))])
        }
        return [
            ("state", JSONText.string(stateWord)),
            ("display", JSONText.string(display)),
            ("lockdown", lockdown ? "true" : "false"),
            ("out_of_service", outOfService.map(JSONText.string) ?? "null"),
            ("message", message.map(JSONText.string) ?? "null"),
            ("last_unlock", last ?? "null"),
            ("unlocks", JSONText.counts(unlocks)),
            ("rejected_slides", JSONText.counts(rejected)),
            ("outputs", JSONText.array(outputs.map(JSONText.string))),
            ("touch_devices", JSONText.array(touchDevices.map(JSONText.string))),
            ("door", JSONText.string(door)),
            ("tamper", JSONText.string(tamper)),
            ("version", JSONText.string(version)),
            ("uptime", String(uptime)),
            ("config_digest", JSONText.string(configDigest)),
            (
                "stuck_contacts",
                JSONText.array(
                    stuckContacts.map {
                        JSONText.object([
                            ("x", String(clampedInt($0.place.x.rounded()))),
                            ("y", String(clampedInt($0.place.y.rounded()))),
                        ])
                    })
            ),
        ]
    }

    static func total(_ counts: [String: Int]) -> Int { counts.values.reduce(0, +) }
}

/// When the lock last opened (Unix seconds) and what opened it.
public struct LastUnlock: Equatable, Sendable {
    public var time: Int64
    public var source: UnlockSource

    public init(time: Int64, source: UnlockSource) {
        self.time = time
        self.source = source
    }
}
