// The `ctl` source and lockdown of `UnlockAuthority`, and the decisions it keeps as data
// for the audit.
extension UnlockAuthority {
    /// Why `ctl unlock` from `peer` must not open, or nil: the peer must be allowed by the
    /// socket's rule, and no lockdown hold.
    func controlRefusal(peer: ControlPeer, access: ControlAccess) -> UnlockRefusal? {
        guard access.allows(peer) else { return UnlockRefusal(.peerNotAllowed, "uid \(peer.uid)") }
        return lockdown ? UnlockRefusal(.lockdown) : nil
    }

    /// Why no finger on the glass may open now, whatever it does: lockdown, or out of
    /// service. nil when fingers are judged by their rules.
    var glassRefusal: UnlockRefusal? {
        if lockdown { return UnlockRefusal(.lockdown) }
        return outOfService == nil ? nil : UnlockRefusal(.outOfService)
    }

    /// Out of service from `t` on (the lock started on built-in defaults): a moment of
    /// uncertainty for every finger down.
    mutating func setOutOfService(_ why: OutOfService, at t: Double) {
        outOfService = why
        note("out-of-service", why.first, at: t)
        doubt(UnlockRefusal(.outOfService), at: t)
    }

    /// Lockdown on or off at `t`: a moment of uncertainty for every finger down either way
    /// (a stroke begun under one rule is not judged under the other).
    mutating func setLockdown(_ on: Bool, at t: Double) {
        guard lockdown != on else { return }
        lockdown = on
        note("lockdown", on ? "on" : "off", at: t)
        doubt(UnlockRefusal(.lockdown), at: t)
    }

    /// A finger that lands in lockdown (or is let through by a gate then) is a refused
    /// slide, audited as one.
    mutating func auditLandingInLockdown(_ id: Int, at t: Double) {
        guard let glass = glassRefusal, let c = contacts[id], c.refusal?.reason == glass.reason else { return }
        decisions.append(UnlockDecision(time: t, source: .slide, refusal: glass))
    }

    /// A slide that travelled and was ended before its release (a second finger, a step too
    /// fast, a moment of uncertainty): recorded as a refused slide. It grants nothing.
    mutating func recordCancelledSlide(_ id: Int, _ refusal: UnlockRefusal, at t: Double) {
        guard refusal.reason != .ctlUnlock else { return }
        var decision = UnlockDecision(time: t, source: .slide, refusal: refusal)
        if let c = contacts[id] ?? released[id] {
            decision.duration = t - c.landedAt
            if let first = c.offsets.first, let last = c.offsets.last { decision.distance = last - first }
        }
        decisions.append(decision)
    }

    /// The decisions made since the last call, oldest first.
    public mutating func takeDecisions() -> [UnlockDecision] {
        defer { decisions.removeAll() }
        return decisions
    }

    /// `verdict` on `request` as data, with the slide's duration and distance when its
    /// contact left a path.
    func record(_ request: UnlockRequest, _ verdict: UnlockVerdict) -> UnlockDecision {
        var refusal: UnlockRefusal?
        if case .refused(let r) = verdict { refusal = r }
        var decision = UnlockDecision(time: request.time, source: request.source, refusal: refusal)
        switch request {
        case .slide(let id, let t), .tap(let id, let t):
            if let c = released[id] {
                decision.duration = t - c.landedAt
                if let first = c.offsets.first, let last = c.offsets.last { decision.distance = last - first }
            }
        case .ctl(let peer, _, _): decision.peer = peer
        case .button: break
        }
        return decision
    }
}
