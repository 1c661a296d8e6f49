import SlideLockCore
import SlideLockPlatform

/// The control socket in the loop (`slidelock ctl`) and the audit of every decision.
/// Relock, wake and reload take the signals' paths; lockdown, a message and `ctl unlock`
/// go to the session as `LockEvent.control`, decided by its `UnlockAuthority`.
extension LockLoop {
    /// Answers every whole request waiting; never waits on a client.
    func serviceControl(now: Double) {
        guard let server = control.server else { return }
        for incoming in server.service(now: now) {
            let peer = incoming.link.peer
            let outcome = answer(incoming.request, peer: peer, now: now)
            let words = "ctl \(incoming.request.line) from \(peer.description): \(outcome.ok ? "ok" : outcome.text)"
            if incoming.request.changesState {
                log.info(words)
                audit(AuditRecord.control(incoming.request, peer: peer, outcome: outcome.ok ? "ok" : outcome.text))
            } else {
                log.debug(words)
            }
            server.reply(incoming, (outcome.ok ? "ok" : "error") + (outcome.text.isEmpty ? "" : " " + outcome.text))
        }
        for line in server.takeLog() { log.log(line) }
    }

    /// What `request` does, and the reply's text.
    func answer(_ request: ControlRequest, peer: ControlPeer, now: Double) -> (ok: Bool, text: String) {
        if exitFrame != nil, request.changesState { return (false, "unlocked: the lock is exiting") }
        switch request {
        case .status(let json):
            let s = status()
            return (true, json ? s.json : s.text)
        case .lock:
            relockFromOutside(now: now, why: "ctl lock")
        case .wake:
            wakeFromSignal(now: now)
        case .reload:
            guard reloadSettings(now: now) else { return (false, "configuration not reloaded (see the log)") }
        case .unlock:
            return controlUnlock(peer: peer, now: now)
        case .message(let text, let seconds):
            handleControl(.message(text, until: seconds.map { now + $0 }), now: now)
        case .clearMessage:
            handleControl(.message(nil, until: nil), now: now)
        case .lockdown(let on):
            let was = session.notice.lockdown
            handleControl(.lockdown(on), now: now)
            if was != on { audit(AuditRecord.lockdown(on, peer: peer)) }
            return (true, "lockdown " + (on ? "on" : "off"))
        }
        return (true, "")
    }

    /// `ctl unlock`: the authority decides (peer, lockdown); granted, it opens as a slide does.
    func controlUnlock(peer: ControlPeer, now: Double) -> (ok: Bool, text: String) {
        auditDecisions()
        let access = control.server?.access ?? ControlAccess()
        control.unlockingPeer = peer
        defer { control.unlockingPeer = nil }
        handleControl(.unlock(peer: peer, access: access), now: now)
        let decisions = auditDecisions()
        guard let decision = decisions.last(where: { $0.source == .ctl }) else {
            return (false, "not locked (\(session.state.rawValue))")
        }
        if let refusal = decision.refusal { return (false, "refused: \(refusal)") }
        return (true, "unlocked")
    }

    func handleControl(_ event: ControlEvent, now: Double) {
        apply(session.handle(.control(event, time: now)), now: now)
        sessionVersion += 1
        let entries = session.takeLog()
        recordVerdicts(entries) // a `ctl unlock` is a verdict: its lines go to the recorder too
        for entry in entries { log.info("session: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
    }

    /// The log line of an unlock effect, named after the source the authority granted.
    func unlockLine(source: UnlockSource, slideDuration: Double) -> String {
        let milliseconds = Int((slideDuration * 1000).rounded())
        switch source {
        case .slide: return "unlocked by a \(milliseconds) ms slide"
        case .tap: return "unlocked by a tap on Open (\(milliseconds) ms)"
        case .button: return "unlocked by the button"
        case .ctl: return "unlocked by ctl (\(control.unlockingPeer?.description ?? "unknown peer"))"
        }
    }

    /// Takes the authority's decisions: counted for `status`, each an audit record.
    @discardableResult
    func auditDecisions() -> [UnlockDecision] {
        let decisions = session.takeDecisions()
        for d in decisions {
            control.tallies.record(d, wallTime: control.wallClock())
            audit(AuditRecord.decision(d))
        }
        return decisions
    }

    func audit(_ record: AuditRecord) {
        guard let sink = control.audit else { return }
        do { try sink.write(record) } catch { log.debug("audit: \(error)") }
    }

    /// `control.group` again after a reload; a group that no longer resolves keeps the old rule.
    func reloadAccess() {
        guard let server = control.server else { return }
        do {
            server.access = ControlAccess(group: try control.resolveGroup(session.settings.control.group))
        } catch {
            log.error("control.group: \(error), keeping the old one")
        }
    }

    /// `status`: the session, the panel, the tallies.
    func status() -> ControlStatus {
        var s = control.tallies
        s.state = session.state
        switch idle?.gate.power ?? .awake {
        case .awake: s.display = away == nil ? "on" : "away"
        case .dim: s.display = "dim"
        case .blank: s.display = "blank"
        }
        s.lockdown = session.notice.lockdown
        s.message = session.notice.message
        s.outputs = views.filter { !$0.isLost }.map(\.output.name)
        s.touchDevices = control.touchDevices()
        return s
    }
}
