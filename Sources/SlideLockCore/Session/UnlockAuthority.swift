/// The one place that decides whether the lock opens. `LockSession` passes it every event
/// first and completes an unlock only with the `UnlockGrant` it returns; the gates in front
/// of the session (ghost filter, idle dim, a lost display) can only withhold a contact
/// (`LockEvent.touchWithheld`) or hide the panel, never release one. It holds every input
/// to its decisions, lockdown included.
///
/// What it grants, source by source (`UnlockSource`), and every reason it refuses
/// (`UnlockRefusal.Reason`) are stated once, in docs/architecture.md, "What unlocks": the
/// rule numbers in these files (rule 7, T3) are that section's. The slide's path is judged
/// in UnlockAuthority+Slide.swift, `ctl` and lockdown in +Control, the button in +Button,
/// the tap in +Tap, stuck contacts in +Stuck. Each decision is logged with its source.
public struct UnlockAuthority: Sendable {
    /// Only this file makes grants (see `UnlockGrant`).
    public struct Key: Sendable { fileprivate init() {} }

    /// Share of the needed distance a finger may move and still be at the place it landed
    /// (rule 7): the crossing and the stroke start from its last sample there.
    public static let leaveShare = 0.05
    /// Pixels a finger may slip back and still be in the stroke that crossed (rule 7): a
    /// real finger jitters by a few pixels, and 1 px refused slow slides.
    public static let strokeJitter = 4.0
    /// The least share of the travel a slide must cover (rule 5); a config asking for less
    /// is refused by `check-config` and raised to this by the lock.
    public static let minimumThreshold = 0.5

    /// The threshold a slide is judged by: `threshold` within `minimumThreshold`...1.
    public static func effectiveThreshold(_ threshold: Double) -> Double {
        threshold.isNaN ? 1 : min(max(threshold, minimumThreshold), 1)
    }
    /// Seconds a measured duration may fall short by: evdev stamps events in microseconds.
    public static let clockResolution = 1e-5
    /// Share of the travel a flung slide must cover with its own samples (rule 5).
    public static let flingShare = 0.3
    /// Samples of one contact kept for judging: minutes of movement at 200 Hz. A longer
    /// path loses its oldest samples and is judged from what is left.
    public static let pathCapacity = 16_384

    public private(set) var gesture: GestureSettings
    /// Thumb geometry: travel and the track's direction.
    public private(set) var layout: Layout

    /// One finger on the glass.
    struct Contact: Sendable {
        var landedAt: Double
        /// Why it can never unlock; nil while it still may.
        var refusal: UnlockRefusal?
        /// A gate keeps it from the thumb.
        var withheld: Bool
        /// Its samples: time and offset along the track (the landing first).
        var times: [Double] = []
        var offsets: [Double] = []
        var lastPoint: Point?
        var tracker = VelocityTracker()
        /// The oldest samples were dropped (`pathCapacity`).
        var truncated = false
        /// Where it was first seen, whether it ever left `stuck.radius` of there, and
        /// whether it was declared stuck (`UnlockAuthority+Stuck.swift`).
        var anchor: Point?
        var wandered = false
        var stuck = false
    }

    var contacts: [Int: Contact] = [:]
    /// Contacts down with no refusal yet: at most one once a second has landed, so each
    /// event costs the same however many fingers are down.
    var hopeful: Set<Int> = []
    /// Contacts that lifted with the latest event, kept for the decision on their release.
    var released: [Int: Contact] = [:]
    /// What hides the panel now.
    public private(set) var hiddenBy: Set<HiddenBy> = []
    /// The latest moment of uncertainty (or showing): contacts must land after it.
    public internal(set) var uncertainSince = -Double.infinity
    /// A moment of uncertainty came while contacts were down: until all have lifted, no
    /// new contact qualifies.
    public internal(set) var tainted = false
    var pending: [LockLogEntry] = []
    /// Lockdown (`ctl lockdown on`): nothing opens. The one flag: `Notice.lockdown` mirrors it.
    public internal(set) var lockdown = false
    /// Out of service (`OutOfService`): no slide or tap opens; the button and `ctl unlock`
    /// keep their own rules.
    public internal(set) var outOfService: OutOfService?
    /// Every decision since the last `takeDecisions`, for the audit and `ctl status`.
    var decisions: [UnlockDecision] = []
    /// The tap rule's memory (`UnlockAuthority+Tap.swift`).
    var tap = TapState()
    /// Why the tap being decided is withheld (lockdown, the session busy), nil when it is not.
    var tapGate: UnlockRefusal.Reason?
    /// When a contact that stays put stops counting (`UnlockAuthority+Stuck.swift`).
    public var stuck = StuckSettings()
    /// Contacts declared stuck since the last `takeStuckFound`.
    var stuckFound: [StuckContact] = []
    /// Contacts waiting to be judged stuck, and how many of those down were declared.
    var stuckQueue = StuckQueue()
    var stuckCount = 0

    public init(gesture: GestureSettings, layout: Layout) {
        self.gesture = gesture
        self.layout = layout
    }

    /// Contacts down now, withheld ones included.
    public var contactsDown: Int { contacts.count }

    /// Contacts down now that are not declared stuck: what keeps the panel awake.
    public var activeContacts: Int { countingContacts }

    /// True while `id` is down, was let through by the gates and may still unlock.
    public func mayGrab(_ id: Int) -> Bool {
        guard let c = contacts[id] else { return false }
        return !c.withheld && c.refusal == nil
    }

    /// True when contact `id` ended with the latest event (lifted or cancelled).
    public func hasEnded(_ id: Int) -> Bool { released[id] != nil }

    /// Why contact `id` can no longer unlock, or nil (also nil for an unknown contact).
    public func refusal(of id: Int) -> UnlockRefusal? { contacts[id]?.refusal ?? released[id]?.refusal }

    /// The log entries written since the last call, oldest first.
    public mutating func takeLog() -> [LockLogEntry] {
        defer { pending.removeAll() }
        return pending
    }

    /// New gesture settings and geometry (a reload or relayout), which is a moment of
    /// uncertainty for every contact down.
    public mutating func reconfigure(gesture: GestureSettings, layout: Layout, why: Uncertainty, time: Double) {
        self.gesture = gesture
        self.layout = layout
        observe(.uncertain(why, time: time))
    }

    // MARK: - Decisions

    /// Decides `request` and logs the decision with its source (`unlock` for a slide,
    /// `unlock ctl`, `too-quick slide 30 ms, needs 50`). A slide's contact must have lifted with the event just observed.
    public mutating func decide(_ request: UnlockRequest) -> UnlockVerdict {
        let verdict: UnlockVerdict
        switch request {
        case .slide(let id, let t):
            switch glassRefusal.map({ .failure($0) }) ?? judgeSlide(released[id], release: t) {
            case .success(let slide):
                verdict = .granted(
                    UnlockGrant(
                        authorisedBy: Key(), source: .slide, time: t, contactDuration: slide.duration,
                        velocity: slide.velocity, flung: slide.flung))
            case .failure(let refusal): verdict = .refused(refusal)
            }
        case .ctl(let peer, let access, let t):
            if let refusal = controlRefusal(peer: peer, access: access) {
                verdict = .refused(refusal)
            } else {
                verdict = .granted(
                    UnlockGrant(
                        authorisedBy: Key(), source: .ctl, time: t, contactDuration: 0, velocity: 0, flung: false))
            }
        case .button(let press):
            verdict =
                buttonRefusal(press).map { .refused($0) }
                ?? .granted(
                    UnlockGrant(
                        authorisedBy: Key(), source: .button, time: press.time, contactDuration: 0, velocity: 0,
                        flung: false))
        case .tap(let id, let t):
            if let refusal = judgeTap(id, at: t) {
                verdict = .refused(refusal)
            } else {
                let landed = released[id]?.landedAt ?? t
                verdict = .granted(
                    UnlockGrant(
                        authorisedBy: Key(), source: .tap, time: t, contactDuration: t - landed, velocity: 0,
                        flung: false))
            }
            tap.armedAt = nil // one armed button opens at most once
        }
        // One line per decision: `unlock[ <source>][ fling]` (a slide, the usual source, is
        // `unlock` as it always was) or `<reason> <source>[ <detail>]`.
        let source = request.source.rawValue
        switch verdict {
        case .granted(let g):
            let words = (request.source == .slide ? [] : [source]) + (g.flung ? ["fling"] : [])
            note("unlock", words.isEmpty ? nil : words.joined(separator: " "), at: request.time)
        case .refused(let r): note(r.reason.rawValue, r.detail.map { source + " " + $0 } ?? source, at: request.time)
        }
        decisions.append(record(request, verdict))
        return verdict
    }

    // MARK: - Events

    /// Takes every event the session gets, before the session acts on it.
    public mutating func observe(_ event: LockEvent) {
        released.removeAll()
        declareStuck(by: event.time)
        observeTap(event)
        switch event {
        case .touchDown(let id, let point, let t):
            if let c = contacts[id], c.withheld {
                contacts[id]!.withheld = false
                contacts[id]!.lastPoint = nil
                place(id, at: point)
                auditLandingInLockdown(id, at: t)
                record(id, point, at: c.landedAt)
                if t > c.landedAt { record(id, point, at: t) }
                return
            }
            land(id, at: t)
            place(id, at: point)
            auditLandingInLockdown(id, at: t)
            record(id, point, at: t)
        case .touchWithheld(let id, let t):
            if contacts[id] != nil {
                contacts[id]!.withheld = true
            } else {
                land(id, at: t)
                contacts[id]!.withheld = true
            }
        case .touchMove(let id, let point, let t):
            guard contacts[id] != nil else {
                // A contact nobody reported down: the stream cannot be trusted.
                return doubt(UnlockRefusal(.uncertainUnknownContact), at: t)
            }
            place(id, at: point)
            record(id, point, at: t)
        case .touchHeld(let id, let point, _):
            place(id, at: point)
        case .touchUp(let id, _):
            if let c = contacts.removeValue(forKey: id) {
                forget(c)
                released[id] = c
            }
            hopeful.remove(id)
            if countingContacts == 0 { tainted = false }
        case .touchCancel(let id, let t):
            doubt(UnlockRefusal(.touchCancel), at: t)
            for gone in id.map({ [$0] }) ?? Array(contacts.keys) {
                if let c = contacts.removeValue(forKey: gone) {
                    forget(c)
                    released[gone] = c
                }
                hopeful.remove(gone)
            }
            if countingContacts == 0 { tainted = false }
        case .uncertain(let why, let t):
            doubt(UnlockRefusal(.uncertain(why)), at: t)
        case .hidden(let by, let t):
            hiddenBy.insert(by)
            doubt(UnlockRefusal(.hidden(by)), at: t)
        case .shown(let by, let t):
            hiddenBy.remove(by)
            doubt(UnlockRefusal(.shown(by)), at: t)
        case .reset(let t):
            doubt(UnlockRefusal(.uncertain(.relock)), at: t)
        case .control(let event, let t):
            if case .lockdown(let on) = event { setLockdown(on, at: t) }
        case .tick, .actionFinished:
            break
        }
    }
}
