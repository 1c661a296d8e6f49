import SlideLockCore
import SlideLockPlatform

/// The door's contact and the tamper input in the loop: their lines' levels go through a
/// `DoorMonitor`, as do the unlocks the session grants; each notice is a log line, an audit
/// record and a `LoopMoment.door` (the feedback hook runs for it, watchers see it). It
/// never unlocks; tamper with `tamper.lockdown = on` asks for lockdown through the
/// session's control event, as `ctl lockdown on` does. The glass says when the door is
/// held open or tampered (`decorate`): words on the frames, nothing more.
public final class DoorSource: LoopSource {
    /// nil when not set, not had, or gone.
    private(set) var contact: DoorLine?
    private(set) var tamperLine: DoorLine?
    /// The keys named a line (`door.contact`, `tamper.input`), had or not.
    let wantsContact: Bool
    let wantsTamper: Bool
    private(set) var monitor: DoorMonitor
    /// Where audit records go (nil: the log only).
    var audit: AuditSink?
    /// Lockdown this source asked for and has not released.
    private(set) var holdsLockdown = false
    /// Notices made before the loop ran (a tamper input active at start).
    private var early: [DoorNotice]
    /// The relay the lock holds, if any: whether it was seen driven for an opening.
    let relay: RelayHold?
    /// The latest granted unlock's evidence, for its opening's (or not-opened's) record.
    private(set) var evidence: OpeningEvidence?
    /// What the frames were last told (held open, tampered): a change is a new frame.
    private var shown: (heldOpen: Bool, tampered: Bool)

    public init(
        door: DoorSettings, tamper: TamperSettings, contact: DoorLine?, tamperLine: DoorLine?, now: Double,
        audit: AuditSink? = nil, relay: RelayHold? = nil
    ) {
        self.relay = relay
        self.contact = contact
        self.tamperLine = tamperLine
        wantsContact = !door.contactLine.line.isEmpty
        wantsTamper = !tamper.inputLine.line.isEmpty
        self.audit = audit
        let (started, notices) = DoorMonitor.start(
            door: door, tamper: tamper, open: contact?.readLevel() ?? false,
            tamperActive: tamperLine?.readLevel() ?? false, time: now)
        (monitor, early) = (started, notices)
        shown = (started.watch.state == .heldOpen, started.watch.tampered)
    }

    public func decorate(_ visual: inout ControlVisual) {
        visual.notice.heldOpen = shown.heldOpen
        visual.notice.tampered = shown.tampered
    }

    /// `ctl status`'s door: its state, `missing` when its line could not be had, `none`.
    public var doorWord: String {
        contact != nil ? monitor.watch.state.rawValue : wantsContact ? "missing" : "none"
    }

    /// `ctl status`'s tamper: `on` while tampered, `off`, `missing` or `none`.
    public var tamperWord: String {
        tamperLine != nil ? (monitor.watch.tampered ? "on" : "off") : wantsTamper ? "missing" : "none"
    }

    public var hasTamperInput: Bool { tamperLine != nil }

    public var pollDescriptors: [Int32] { [contact?.descriptor, tamperLine?.descriptor].compactMap { $0 } }

    public func nextDeadline(now: Double) -> Double? { monitor.deadline }

    public func service(_ turn: inout LoopTurn) {
        var notices = early + monitor.advance(to: turn.now)
        early = []
        if let contact, turn.ready.contains(contact.descriptor) {
            for level in Self.levels(contact, now: turn.now) {
                notices += monitor.readContact(open: level.level, at: level.time)
            }
        }
        if let tamperLine, turn.ready.contains(tamperLine.descriptor) {
            for level in Self.levels(tamperLine, now: turn.now) {
                notices += monitor.readTamper(active: level.level, at: level.time)
            }
        }
        report(notices, lock: turn.lock, now: turn.now)
        // A chip that went away keeps its descriptors readable: let go of its lines, once.
        if contact?.isGone == true {
            turn.lock.log.error("door.contact: its GPIO chip is gone; running without it")
            contact = nil
        }
        if tamperLine?.isGone == true {
            turn.lock.log.error("tamper.input: its GPIO chip is gone; running without it")
            tamperLine = nil
        }
    }

    /// The line's edges, and its level now when the edges end elsewhere (edges the kernel
    /// dropped). Edge times later than now count as now.
    static func levels(_ line: DoorLine, now: Double) -> [LevelChange] {
        var levels = line.readEdges().map { LevelChange(level: $0.level, time: min($0.time, now)) }
        if let level = line.readLevel(), level != levels.last?.level {
            levels.append(LevelChange(level: level, time: now))
        }
        return levels
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        switch moment {
        case .effect(.unlock(let source, _)):
            evidence = OpeningEvidence(source: source, contact: contact?.lineDescription ?? "none")
            report(monitor.unlockGranted(at: now), lock: lock, now: now)
        case .recorded("unlock", let files) where !files.isEmpty:
            evidence?.recording = files.joined(separator: ",")
        default: break
        }
    }

    /// The evidence an opening after an unlock, or a not-opened, carries: the relay as
    /// read now (seen driven since its hook started).
    func evidence(for notice: DoorNotice) -> OpeningEvidence? {
        guard notice.event == .notOpened || (notice.event == .doorOpen && notice.unlockAt != nil) else { return nil }
        var e = evidence
        e?.relay = relay.map { ($0.lineDescription, $0.seenDriven) }
        return e
    }

    /// `ctl tamper-reset`: what it did; lockdown asked for by tamper ends with it.
    public func resetTamper(lock: LockLoop, now: Double) -> TamperReset {
        let (result, notices) = monitor.resetTamper(at: now)
        report(notices, lock: lock, now: now)
        return result
    }

    func report(_ notices: [DoorNotice], lock: LockLoop, now: Double) {
        for notice in notices {
            let record = AuditRecord.door(notice, evidence: evidence(for: notice))
            let line = "door: \(record.message)"
            if record.priority <= 4 { lock.log.warning(line) } else { lock.log.info(line) }
            if let audit {
                do { try audit.write(record) } catch { lock.log.debug("audit: \(error)") }
            }
            // The feedback hook (`UnlockHooks`) and the watchers (`LockControl`) hear of it.
            lock.tell(.door(notice), now: now)
        }
        if monitor.watch.wantsLockdown != holdsLockdown {
            setLockdown(monitor.watch.wantsLockdown, lock: lock, now: now)
        }
        let facts = (heldOpen: monitor.watch.state == .heldOpen, tampered: monitor.watch.tampered)
        if facts != shown {
            shown = facts
            lock.sessionVersion += 1
        }
    }

    /// Lockdown on while tampered, off once reset: through the session, as the socket does.
    /// Off only when this source turned it on (it never ends an operator's lockdown it
    /// found on).
    func setLockdown(_ on: Bool, lock: LockLoop, now: Double) {
        if on, lock.session.notice.lockdown { return }
        holdsLockdown = on
        lock.apply(lock.session.handle(.control(.lockdown(on), time: now)), now: now)
        lock.sessionVersion += 1
        for entry in lock.session.takeLog() {
            lock.log.info("session: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")")
        }
        lock.log.warning("door: lockdown \(on ? "on while tampered" : "off: tamper reset")")
    }
}
