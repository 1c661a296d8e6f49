// What the control socket asks of `LockSession`: lockdown, a message, `ctl unlock`.
// Whether anything opens is still `UnlockAuthority`'s decision alone.
extension LockSession {
    mutating func control(_ event: ControlEvent, time t: Double, effects: inout [LockEffect]) {
        switch event {
        case .lockdown:
            // The authority has seen it first: the fingers down are uncertain, the grab is dropped.
            // (The authority logged the change.)
            notice.lockdown = authority.lockdown
        case .message(let text, let until):
            if let text {
                let replaced = controlMessage.map(\.replaced) ?? notice.message
                controlMessage = (until, replaced)
                notice.message = text
                note("message", until.map { "until t=" + LockLogEntry.format($0) }, at: t)
            } else {
                endMessage()
                note("message", "cleared", at: t)
            }
        case .unlock(let peer, let access):
            guard !hasExited, [.locked, .pressed, .dragging, .failed].contains(state) else {
                return note("ignored-ctl-unlock", state.rawValue, at: t)
            }
            let verdict = authority.decide(.ctl(peer: peer, access: access, time: t))
            pending += authority.takeLog()
            guard case .granted(let grant) = verdict else { return }
            // A finger holding the thumb lets go of it: the door opens from here.
            cancelGrab(reason: "ctl-unlock", time: t, effects: &effects)
            complete(grant, velocity: 0, effects: &effects)
        }
    }

    /// The lock runs on built-in defaults from `t` on: the authority refuses every finger on
    /// the glass, and the screen says why (`OutOfService`).
    public mutating func putOutOfService(_ why: OutOfService, time t: Double) {
        authority.setOutOfService(why, at: t)
        pending += authority.takeLog()
        notice.outOfService = why
    }

    /// The decisions of the authority since the last call (audit, `ctl status`).
    public mutating func takeDecisions() -> [UnlockDecision] { authority.takeDecisions() }

    /// The contacts declared stuck since the last call (audit).
    public mutating func takeStuckFound() -> [StuckContact] { authority.takeStuckFound() }

    /// The message the control socket set, and since when it shows (nil: the configured one).
    public var controlMessageUntil: Double? { controlMessage?.until }

    /// A timed message ends at its deadline; the one it replaced shows again.
    mutating func expireMessage(at t: Double) {
        guard let until = controlMessage?.until, t >= until else { return }
        endMessage()
        note("message", "expired", at: until)
    }

    mutating func endMessage() {
        guard let c = controlMessage else { return }
        notice.message = c.replaced
        controlMessage = nil
    }

    /// After a reload or a relock: lockdown stays, and so does a message sent over the
    /// socket (replacing the configured one of this session).
    mutating func keepControl(of old: LockSession) {
        notice.lockdown = old.notice.lockdown
        notice.outOfService = old.notice.outOfService
        if let c = old.controlMessage {
            controlMessage = (c.until, notice.message)
            notice.message = old.notice.message
        }
    }
}
