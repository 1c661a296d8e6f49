extension AuditRecord {
    /// A change of the door or the tamper input (`DoorNotice`). An opening after an unlock
    /// says how long after (`SLIDELOCK_AFTER_UNLOCK_MS`), as does a `not-opened`: the site
    /// can pair them with the unlock's own record. Alarms are warnings. With `evidence` (an
    /// opening after an unlock, and not-opened) the record answers "who opened it, and did
    /// it open?" on its own.
    public static func door(_ n: DoorNotice, evidence: OpeningEvidence? = nil) -> AuditRecord {
        var fields: [(String, String)] = [
            ("SLIDELOCK_EVENT", n.event.rawValue), ("SLIDELOCK_SOURCE", n.event.source),
        ]
        if let u = n.unlockAt { fields.append(("SLIDELOCK_AFTER_UNLOCK_MS", LockSession.whole((n.time - u) * 1000))) }
        if let evidence { fields += evidence.fields }
        var message: String
        switch n.event {
        case .doorOpen: message = n.unlockAt == nil ? "door opened" : "door opened after an unlock"
        case .doorClosed: message = "door closed"
        case .heldOpen: message = "door held open"
        case .forced: message = "door forced: opened without an unlock"
        case .notOpened: message = "door not opened after an unlock"
        case .tampered: message = "tampered"
        case .tamperReset: message = "tamper reset"
        }
        if let evidence { message += " (\(evidence.summary))" }
        let alarm: Set<DoorEvent> = [.heldOpen, .forced, .tampered]
        return AuditRecord(kind: .door, message: message, fields: fields, priority: alarm.contains(n.event) ? 4 : 6)
    }
}
