/// One structured journal entry of the audit: every unlock, every rejected slide, every
/// lockdown change and every control request that changes something. The fields are the
/// journal's (`SLIDELOCK_*`), so a site can query them (`journalctl SLIDELOCK_EVENT=unlock`).
public struct AuditRecord: Equatable, Sendable {
    /// One 128-bit id per kind (`MESSAGE_ID`), fixed for ever: a catalogue or a query may
    /// name it.
    public enum Kind: String, CaseIterable, Sendable {
        case unlock = "d904917766444b878f0397b101733c36"
        case rejected = "519bb915e36d4b27b557984118f12d77"
        case lockdown = "4a83f02f8b254659b31c50980d10e184"
        case control = "1373c6e73a674c5a9b7bd33175617a57"
        case stuck = "8f6a2c5e0b7d4e21a3c94f1d6e8b5a70"
        case door = "4f83912c60924e0bb3d42039da64cd2d"
    }

    public var kind: Kind
    /// The human line (`MESSAGE`).
    public var message: String
    /// `SLIDELOCK_*` fields and their values, in order (`MESSAGE_ID` and `MESSAGE` apart).
    public var fields: [(String, String)]
    /// A syslog priority: 5 (notice) for what opens or locks down, 6 otherwise; 7 (debug)
    /// is not audited here.
    public var priority: Int

    public init(kind: Kind, message: String, fields: [(String, String)], priority: Int = 6) {
        self.kind = kind
        self.message = message
        self.fields = fields
        self.priority = priority
    }

    public static func == (a: AuditRecord, b: AuditRecord) -> Bool {
        a.kind == b.kind && a.message == b.message && a.priority == b.priority
            && a.fields.map { $0.0 + "=" + $0.1 } == b.fields.map { $0.0 + "=" + $0.1 }
    }

    /// The value of field `name`, if present.
    public func field(_ name: String) -> String? { fields.first { $0.0 == name }?.1 }

    /// An unlock or a refused unlock. A refused request from another source than a slide
    /// (`ctl unlock` in lockdown) is a refusal of that source, audited the same way.
    public static func decision(_ d: UnlockDecision) -> AuditRecord {
        var fields: [(String, String)] = [
            ("SLIDELOCK_EVENT", d.isGranted ? "unlock" : "rejected"),
            ("SLIDELOCK_SOURCE", d.source.rawValue),
        ]
        if let r = d.refusal {
            fields.append(("SLIDELOCK_REASON", r.reason.rawValue))
            if let detail = r.detail { fields.append(("SLIDELOCK_DETAIL", detail)) }
        }
        if let peer = d.peer { fields += peerFields(peer) }
        if let s = d.duration, s.isFinite { fields.append(("SLIDELOCK_SLIDE_MS", LockSession.whole(s * 1000))) }
        if let px = d.distance, px.isFinite { fields.append(("SLIDELOCK_SLIDE_PX", LockSession.whole(px))) }
        let by = d.peer.map { " by uid \($0.uid)" } ?? ""
        let message =
            d.refusal.map { "\(d.source.rawValue) refused: \($0)\(by)" } ?? "unlocked by \(d.source.rawValue)\(by)"
        return AuditRecord(kind: d.isGranted ? .unlock : .rejected, message: message, fields: fields, priority: 5)
    }

    /// A contact declared stuck (`UnlockAuthority+Stuck.swift`): where it landed and for how
    /// long it stayed put.
    public static func stuck(_ c: StuckContact) -> AuditRecord {
        let x = LockSession.whole(c.place.x)
        let y = LockSession.whole(c.place.y)
        let seconds = LockSession.whole(c.declaredAt - c.landedAt)
        return AuditRecord(
            kind: .stuck, message: "contact stuck at \(x),\(y) for \(seconds) s: no longer counted as a finger",
            fields: [
                ("SLIDELOCK_EVENT", "stuck-contact"), ("SLIDELOCK_SOURCE", "touch"), ("SLIDELOCK_X", x),
                ("SLIDELOCK_Y", y), ("SLIDELOCK_STUCK_S", seconds),
            ], priority: 4)
    }

    /// Lockdown turned on or off by `peer`.
    public static func lockdown(_ on: Bool, peer: ControlPeer) -> AuditRecord {
        AuditRecord(
            kind: .lockdown, message: "lockdown \(on ? "on" : "off") by uid \(peer.uid)",
            fields: [("SLIDELOCK_EVENT", on ? "lockdown-on" : "lockdown-off"), ("SLIDELOCK_SOURCE", "ctl")]
                + peerFields(peer), priority: 5)
    }

    /// A control request that changes something, and what came of it (`ok` or the reason);
    /// `via`: what the client says it came through (`SLIDELOCK_VIA`, the MQTT bridge's topic
    /// and payload).
    public static func control(_ request: ControlRequest, peer: ControlPeer, outcome: String, via: String? = nil)
        -> AuditRecord
    {
        AuditRecord(
            kind: .control,
            message: "ctl \(request.verb) by uid \(peer.uid)\(via.map { " via " + $0 } ?? ""): \(outcome)",
            fields: [
                ("SLIDELOCK_EVENT", "ctl-" + request.verb), ("SLIDELOCK_SOURCE", "ctl"),
                ("SLIDELOCK_REASON", outcome), ("SLIDELOCK_REQUEST", request.line),
            ] + (via.map { [("SLIDELOCK_VIA", $0)] } ?? []) + peerFields(peer))
    }

    static func peerFields(_ peer: ControlPeer) -> [(String, String)] {
        [
            ("SLIDELOCK_PEER_UID", String(peer.uid)), ("SLIDELOCK_PEER_GID", String(peer.gid)),
            ("SLIDELOCK_PEER_PID", String(peer.pid)),
        ]
    }
}
