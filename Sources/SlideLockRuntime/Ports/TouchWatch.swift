import SlideLockCore

/// A lock with no touch panel for `grace` seconds says so on the glass ("No touch panel
/// found", `Notice.noTouch`) until one is plugged in; then it is the lock as usual. It only
/// changes what the frames show: the button and `ctl unlock` work all along.
public final class TouchWatch: LoopSource {
    /// Seconds without a touch panel before the glass says so: a panel that enumerates
    /// late at boot is not reported missing.
    public static let grace = 10.0
    let hasTouch: () -> Bool
    /// Since when no touch panel has been there, nil while one is.
    var missingSince: Double?
    public private(set) var showing = false

    public init(hasTouch: @escaping () -> Bool) { self.hasTouch = hasTouch }

    public func nextDeadline(now: Double) -> Double? { showing ? nil : missingSince.map { $0 + Self.grace } }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        if case .started = moment { update(lock: lock, now: now) }
    }

    public func service(_ turn: inout LoopTurn) { update(lock: turn.lock, now: turn.now) }

    public func decorate(_ visual: inout ControlVisual) { visual.notice.noTouch = showing }

    func update(lock: LockLoop, now: Double) {
        if hasTouch() {
            missingSince = nil
        } else if missingSince == nil {
            missingSince = now
        }
        let show = missingSince.map { now >= $0 + Self.grace } ?? false
        guard show != showing else { return }
        showing = show
        lock.sessionVersion += 1
        lock.log.info(
            show ? "input: no touch panel found for \(Int(Self.grace)) s, the glass says so" : "input: touch panel back"
        )
    }
}
