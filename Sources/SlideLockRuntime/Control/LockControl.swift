@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

/// The control socket in the loop (`slidelock ctl`) and the audit of every decision: the
/// socket's server (nil: no socket), where audit records go, the tallies `status` reports.
/// Relock, wake and reload take the signals' paths; lockdown, a message and `ctl unlock`
/// go to the session as `LockEvent.control`, decided by its `UnlockAuthority`.
public final class LockControl: LoopSource {
    public var server: ControlServer?
    /// nil: no journal (audit lines then go to the log only).
    public var audit: AuditSink?
    /// Resolves `control.group` to a gid (on reload too); nil group for an empty name.
    public var resolveGroup: (String) throws -> UInt32? = { _ in nil }
    /// Unix seconds now (`status`'s last unlock time).
    public var wallClock: () -> Int64 = { Int64(time(nil)) }
    /// The touch devices in use, for `status`.
    public var touchDevices: () -> [String] = { [] }
    /// Counts and the last unlock since start.
    var tallies = ControlStatus()
    /// `ConfigDigest` of the configuration in use (set where the lock is assembled, and on
    /// every reload).
    public var configDigest = ""
    /// When the run started (loop clock), for `status`'s uptime.
    var startedAt: Double?
    /// What the watchers were last told, and the lines waiting for the end of this turn.
    var watched: ControlStatus?
    var pendingWatch: [WatchEvent] = []
    /// `ctl identify`'s border shows until then (loop clock).
    var identifyUntil: Double?

    public init(server: ControlServer? = nil, audit: AuditSink? = nil) {
        self.server = server
        self.audit = audit
    }

    public var pollDescriptors: [Int32] { server?.pollDescriptors ?? [] }

    public func nextDeadline(now: Double) -> Double? {
        [server?.nextDeadline, identifyUntil].compactMap { $0 }.min()
    }

    public func decorate(_ visual: inout ControlVisual) { visual.identify = identifyUntil != nil }

    /// Answers every whole request waiting; never waits on a client.
    public func service(_ turn: inout LoopTurn) {
        guard let server else { return }
        let (lock, now) = (turn.lock, turn.now)
        if let until = identifyUntil, now >= until {
            identifyUntil = nil
            lock.sessionVersion += 1
        }
        for incoming in server.service(now: now) {
            let peer = incoming.link.peer
            if case .watch(let json) = incoming.request {
                startWatching(incoming, json: json, lock: lock, now: now)
                continue
            }
            let outcome = answer(incoming.request, peer: peer, lock: lock, now: now)
            let via = incoming.via.map { " via " + $0 } ?? ""
            let words =
                "ctl \(incoming.request.line) from \(peer.description)\(via): \(outcome.ok ? "ok" : outcome.text)"
            if incoming.request.changesState {
                lock.log.info(words)
                let result = outcome.ok ? "ok" : outcome.text
                audit(AuditRecord.control(incoming.request, peer: peer, outcome: result, via: incoming.via), lock)
            } else {
                lock.log.debug(words)
            }
            server.reply(incoming, (outcome.ok ? "ok" : "error") + (outcome.text.isEmpty ? "" : " " + outcome.text))
        }
        for line in server.takeLog() { lock.log.log(line) }
    }

    /// What `request` does, and the reply's text.
    func answer(_ request: ControlRequest, peer: ControlPeer, lock: LockLoop, now: Double) -> (ok: Bool, text: String) {
        if lock.exitFrame != nil, request.changesState { return (false, "unlocked: the lock is exiting") }
        switch request {
        case .status(let json):
            let s = status(lock, now: now)
            return (true, json ? s.json : s.text)
        case .lock:
            lock.relockFromOutside(now: now, why: "ctl lock")
        case .wake:
            lock.wakeFromSignal(now: now)
        case .reload:
            guard lock.reloadSettings(now: now) else { return (false, "configuration not reloaded (see the log)") }
        case .unlock:
            return controlUnlock(peer: peer, lock: lock, now: now)
        case .message(let text, let seconds):
            handleControl(.message(text, until: seconds.map { now + $0 }), lock: lock, now: now)
        case .clearMessage:
            handleControl(.message(nil, until: nil), lock: lock, now: now)
        case .lockdown(let on):
            let was = lock.session.notice.lockdown
            handleControl(.lockdown(on), lock: lock, now: now)
            if was != on { audit(AuditRecord.lockdown(on, peer: peer), lock) }
            return (true, "lockdown " + (on ? "on" : "off"))
        case .tamperReset:
            guard let door = door(lock), door.hasTamperInput else { return (false, "no tamper input (tamper.input)") }
            let result = door.resetTamper(lock: lock, now: now)
            return (result == .reset, result.rawValue)
        case .display(let power):
            guard lock.setPanelPower(power, now: now) else { return (false, "no panel power control") }
            return (true, "display " + status(lock, now: now).display)
        case .watch:
            return (false, "watch is served apart")
        case .identify:
            identifyUntil = now + ControlRequest.identifySeconds
            lock.sessionVersion += 1
            lock.tell(.identify, now: now)
        }
        return (true, "")
    }

    /// `ctl unlock`: the authority decides (peer, lockdown); granted, it opens as a slide does.
    func controlUnlock(peer: ControlPeer, lock: LockLoop, now: Double) -> (ok: Bool, text: String) {
        record(lock.session.takeDecisions(), lock)
        let access = server?.access ?? ControlAccess()
        lock.requester = peer.description
        defer { lock.requester = nil }
        let decisions = handleControl(.unlock(peer: peer, access: access), lock: lock, now: now)
        guard let decision = decisions.last(where: { $0.source == .ctl }) else {
            return (false, "not locked (\(lock.session.state.rawValue))")
        }
        if let refusal = decision.refusal { return (false, "refused: \(refusal)") }
        return (true, "unlocked")
    }

    /// The session's answer to `event`; its decisions are recorded (`observe`) and returned.
    @discardableResult
    func handleControl(_ event: ControlEvent, lock: LockLoop, now: Double) -> [UnlockDecision] {
        lock.apply(lock.session.handle(.control(event, time: now)), now: now)
        lock.sessionVersion += 1
        let entries = lock.session.takeLog()
        let decisions = lock.session.takeDecisions()
        // A `ctl unlock` is a verdict: its lines go to the flight recorder too.
        lock.tell(.batch(log: entries, decisions: decisions), now: now)
        for entry in entries {
            lock.log.info("session: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")")
        }
        return decisions
    }

    /// The authority's decisions: counted for `status`, each an audit record.
    func record(_ decisions: [UnlockDecision], _ lock: LockLoop) {
        for d in decisions {
            tallies.record(d, wallTime: wallClock())
            pendingWatch.append(WatchEvent(d))
            audit(AuditRecord.decision(d), lock)
        }
        for contact in lock.session.takeStuckFound() { audit(AuditRecord.stuck(contact), lock) }
    }

    func audit(_ record: AuditRecord, _ lock: LockLoop) {
        guard let audit else { return }
        do { try audit.write(record) } catch { lock.log.debug("audit: \(error)") }
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        switch moment {
        case .started: startedAt = now
        case .batch(_, let decisions):
            record(decisions, lock)
            publish(lock, now: now)
        case .door(let notice):
            if notice.event == .notOpened { pendingWatch.append(.notOpened) }
        case .reloaded(let settings):
            configDigest = ConfigDigest.of(settings)
            // `control.group` again; a group that no longer resolves keeps the old rule.
            guard let server else { return }
            do {
                server.access = ControlAccess(group: try resolveGroup(settings.control.group))
            } catch {
                lock.log.error("control.group: \(error), keeping the old one")
            }
        default: break
        }
    }

    /// The door's entry in the loop's list, if any (`status`, `tamper-reset`).
    func door(_ lock: LockLoop) -> DoorSource? { lock.sources.lazy.compactMap { $0 as? DoorSource }.first }

    /// `status`: the session, the panel, the door, the tallies.
    func status(_ lock: LockLoop, now: Double) -> ControlStatus {
        var s = tallies
        s.uptime = Int(max(0, now - (startedAt ?? now)))
        s.configDigest = configDigest
        if let door = door(lock) {
            s.door = door.doorWord
            s.tamper = door.tamperWord
        }
        s.state = lock.session.state
        switch lock.idle?.gate.power ?? .awake {
        case .awake: s.display = lock.away == nil ? "on" : "away"
        case .dim: s.display = "dim"
        case .blank: s.display = "blank"
        }
        s.lockdown = lock.session.notice.lockdown
        s.outOfService = lock.session.authority.outOfService?.status
        s.message = lock.session.notice.message
        s.outputs = lock.views.filter { !$0.isLost }.map(\.output.name)
        s.touchDevices = touchDevices()
        s.stuckContacts = lock.session.authority.stuckContacts
        return s
    }
}
