// What the control socket asks of `LockSession`: lockdown, a message, `ctl unlock`.
// Whether anything opens is still `UnlockAuthority`'s decision alone.
extension LockSession {
    mutating func control(_ event: ControlEvent, time t: Double, effects: inout [LockEffect]) {
        switch event {
        case .lockdown:
            // The authority has seen it first and holds the flag: the fingers down are
            // uncertain, the grab is dropped, and the change is logged.
            break
        case .message(let text, let until):
            if let text {
                let replaced = controlMessage.map(\.replaced) ?? message
                controlMessage = (until, replaced)
                message = text
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
            cancelGrab(reason: .ctlUnlock, time: t, effects: &effects)
            complete(grant, velocity: 0, effects: &effects)
        }
    }

    /// The lock runs on built-in defaults from `t` on: the authority refuses every finger on
    /// the glass, and the screen says why (`OutOfService`; `notice` mirrors the authority).
    public mutating func putOutOfService(_ why: OutOfService, time t: Double) {
        authority.setOutOfService(why, at: t)
        pending += authority.takeLog()
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
        message = c.replaced
        controlMessage = nil
    }

    /// After a reload or a relock: a message sent over the socket stays (replacing the
    /// configured one of this session). Lockdown and out of service stay with the authority,
    /// which is kept.
    mutating func keepControl(of old: LockSession) {
        if let c = old.controlMessage {
            controlMessage = (c.until, message)
            message = old.message
        }
    }
}
