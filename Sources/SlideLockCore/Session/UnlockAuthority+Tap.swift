/// The tap rule of `UnlockAuthority` (tap-to-open, `gesture.tap_to_open`): a tap on the
/// thumb shows an Open button for `tapOpenSeconds`, and a tap on the button opens. Rules
/// T1-T4 are in docs/architecture.md, "What unlocks".
extension UnlockAuthority {
    /// Seconds the Open button stays up after the first tap.
    public static let tapOpenSeconds = 5.0
    /// The shortest and longest real tap, landing to lift: shorter is a glitch or a bounce,
    /// longer is a press, not a tap.
    public static let tapMinSeconds = 0.03
    public static let tapMaxSeconds = 0.8
    /// Pixels a tap may stray from where it landed.
    public static let tapSlop = 12.0

    /// One contact as the tap rule sees it.
    struct TapTouch: Sendable {
        var landing: Point
        var last: Point
        /// The farthest any sample strayed from the landing point.
        var drift = 0.0
        /// It landed while the button was armed, on the button.
        var onButton = false
    }

    /// The tap rule's memory: the contacts' landing points and the armed button.
    struct TapState: Sendable {
        var touches: [Int: TapTouch] = [:]
        var lifted: [Int: TapTouch] = [:]
        /// Contacts a gate holds from the thumb, by landing time.
        var withheld: [Int: Double] = [:]
        /// When the first tap lifted (the button's lifetime starts), nil when not armed.
        var armedAt: Double?
    }

    /// What a lift meant for tap-to-open.
    public enum TapOutcome: Equatable, Sendable {
        /// A first tap: the Open button is up until `until`.
        case armed(until: Double)
        /// A first tap that did not count (`reason` as logged).
        case ignored(UnlockRefusal)
        /// A tap on the armed button, decided under the tap rule.
        case decided(UnlockVerdict)
    }

    /// Where the Open button is, and is drawn: the thumb's place at the track's end, so it is
    /// at least as large as the thumb and as far from home as the track allows.
    public static func openButton(in layout: Layout) -> Rect { layout.thumb(progress: 1) }

    /// The moment the Open button disappears, while it is armed (up to `t` nil once expired).
    public func openButtonUntil(at t: Double) -> Double? {
        guard let armedAt = tap.armedAt, t < armedAt + UnlockAuthority.tapOpenSeconds else { return nil }
        return armedAt + UnlockAuthority.tapOpenSeconds
    }

    /// Keeps the tap rule's memory (called from `observe` for every event).
    mutating func observeTap(_ event: LockEvent) {
        tap.lifted.removeAll()
        switch event {
        case .touchDown(let id, let point, let t):
            guard tap.touches[id] == nil else { return }
            // A contact a gate held and now releases counts from its landing, at the point
            // where it was let go (as the slide's path does).
            let landed = tap.withheld.removeValue(forKey: id) ?? t
            var touch = TapTouch(landing: point, last: point)
            if openButtonUntil(at: landed) != nil {
                let button = UnlockAuthority.openButton(in: layout).insetBy(-gesture.hitSlop)
                if button.contains(point) {
                    touch.onButton = true
                } else {
                    disarmTap("open-cancelled", "another-touch", at: t)
                }
            }
            tap.touches[id] = touch
        case .touchWithheld(let id, let t):
            // The ghost filter holds every new contact until it proves real; one it never
            // lets go (a ghost, a wake touch) ends the armed button when it lifts.
            if tap.touches[id] == nil, tap.withheld[id] == nil { tap.withheld[id] = t }
        case .touchMove(let id, let point, _):
            guard var touch = tap.touches[id] else { return }
            let dx = point.x - touch.landing.x
            let dy = point.y - touch.landing.y
            let distance = (dx * dx + dy * dy).squareRoot()
            touch.drift = distance.isNaN ? .infinity : max(touch.drift, distance)
            touch.last = point
            tap.touches[id] = touch
        case .touchUp(let id, let t):
            if let touch = tap.touches.removeValue(forKey: id) { tap.lifted[id] = touch }
            if tap.withheld.removeValue(forKey: id) != nil { disarmTap("open-cancelled", "withheld", at: t) }
        case .touchCancel(let id, _):
            if let id {
                tap.touches[id] = nil
                tap.withheld[id] = nil
            } else {
                tap.touches.removeAll()
                tap.withheld.removeAll()
            }
        default:
            break // moments of uncertainty reach the button through `doubt`
        }
    }

    /// A moment of uncertainty: the armed button is gone (called from `doubt`).
    mutating func tapDoubted(_ why: UnlockRefusal, at t: Double) {
        disarmTap("open-cancelled", why.reason.rawValue, at: t)
    }

    mutating func disarmTap(_ name: String, _ detail: String, at t: Double) {
        guard tap.armedAt != nil else { return }
        tap.armedAt = nil
        note(name, "tap " + detail, at: t)
    }

    /// Contact `id` lifted with the event just observed: a first tap arms the button, a tap
    /// on the armed button is decided (`decide(.tap)`). `withheldBy`: why the session, in
    /// front, does not take a tap now (`busy`, `cooldown`, ...), nil when it does. Returns nil
    /// when tap-to-open is off or the lift was no candidate (off the thumb and the button).
    public mutating func tapLifted(_ id: Int, time t: Double, withheldBy gate: UnlockRefusal.Reason?)
        -> TapOutcome?
    {
        guard gesture.tapToOpen, let touch = tap.lifted[id] else { return nil }
        let gate = glassRefusal?.reason ?? gate // the authority's own lockdown and out of service too
        if touch.onButton {
            tapGate = gate
            defer { tapGate = nil }
            return .decided(decide(.tap(contact: id, time: t)))
        }
        let home = layout.thumb(progress: 0).insetBy(-gesture.hitSlop)
        guard home.contains(touch.landing) else { return nil }
        if let refusal = gate.map({ UnlockRefusal($0) }) ?? tapRefusal(id, touch, target: home, at: t) {
            note(refusal.reason.rawValue, refusal.detail.map { "tap first " + $0 } ?? "tap first", at: t)
            return .ignored(refusal)
        }
        tap.armedAt = t
        note("open-shown", "tap", at: t)
        return .armed(until: t + UnlockAuthority.tapOpenSeconds)
    }

    /// The second tap's judgement (`decide(.tap)`): rules T1-T4. The button is used up
    /// whatever the verdict.
    func judgeTap(_ id: Int, at t: Double) -> UnlockRefusal? {
        guard gesture.tapToOpen else { return UnlockRefusal(.sourceDisabled) }
        if let gate = tapGate { return UnlockRefusal(gate) }
        guard let touch = tap.lifted[id], touch.onButton, let c = released[id] else {
            return UnlockRefusal(.notLifted)
        }
        if let refusal = c.refusal { return refusal }
        if c.withheld { return UnlockRefusal(.withheld) }
        guard let armedAt = tap.armedAt else { return UnlockRefusal(.notArmed) }
        guard c.landedAt > armedAt else { return UnlockRefusal(.landedBeforeOpen) }
        guard t <= armedAt + UnlockAuthority.tapOpenSeconds else { return UnlockRefusal(.openExpired) }
        let button = UnlockAuthority.openButton(in: layout).insetBy(-gesture.hitSlop)
        return tapRefusal(id, touch, target: button, at: t)
    }

    /// Rules T2-T3 for contact `id`, just lifted at `t` (nil: a real tap on `target`).
    func tapRefusal(_ id: Int, _ touch: TapTouch, target: Rect, at t: Double) -> UnlockRefusal? {
        guard let c = released[id] else { return UnlockRefusal(.notLifted) }
        if let refusal = c.refusal { return refusal }
        if c.withheld { return UnlockRefusal(.withheld) }
        let took = t - c.landedAt
        let ms = "\(LockSession.whole(took * 1000)) ms"
        guard took >= UnlockAuthority.tapMinSeconds - UnlockAuthority.clockResolution else {
            return UnlockRefusal(
                .tapTooShort, ms + ", needs \(LockSession.whole(UnlockAuthority.tapMinSeconds * 1000))")
        }
        guard took <= UnlockAuthority.tapMaxSeconds else {
            return UnlockRefusal(
                .tapTooLong, ms + ", max \(LockSession.whole(UnlockAuthority.tapMaxSeconds * 1000))")
        }
        guard touch.drift <= UnlockAuthority.tapSlop else {
            return UnlockRefusal(
                .tapMoved, "\(LockSession.whole(touch.drift)) px, max \(LockSession.whole(UnlockAuthority.tapSlop))")
        }
        guard target.contains(touch.landing), target.contains(touch.last) else {
            return UnlockRefusal(.tapOffTarget)
        }
        return nil
    }
}
