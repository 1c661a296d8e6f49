import SlideLockCore
import SlideLockPlatform

/// The clock on the lock screen: made from the `[display]` settings (again after a reload
/// that changed them), and the text it shows now. Its text is worked out when its source
/// says a minute passed or the wall clock was set, never per frame; a new text is a new
/// frame (one damaged text rectangle), nothing more: no relayout, no slide cancelled.
public final class ClockFace: LoopSource {
    let make: (ScreenTextSettings) throws -> ClockSource?
    /// The settings the source was made for (nil: not made yet).
    var madeFor: ScreenTextSettings?
    var source: ClockSource?
    /// What the frames show; nil without a clock.
    public internal(set) var text: ClockText?

    /// `make` returns the source for settings with `clock` on, nil for off.
    public init(make: @escaping (ScreenTextSettings) throws -> ClockSource?) {
        self.make = make
    }

    /// The real wall clock, for settings that ask for one.
    public static func wall() -> ClockFace {
        ClockFace { settings in
            settings.clock ? try WallClock(timeFormat: settings.clockFormat, dateFormat: settings.dateFormat) : nil
        }
    }

    public var pollDescriptors: [Int32] { source?.pollDescriptors ?? [] }

    public func nextDeadline(now: Double) -> Double? { source?.nextDeadline(now: now) }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        if case .started = moment { update(ready: [], lock: lock, now: now) }
    }

    public func service(_ turn: inout LoopTurn) { update(ready: turn.ready, lock: turn.lock, now: turn.now) }

    public func decorate(_ visual: inout ControlVisual) { visual.clock = text }

    /// Brings the text up to date after a wake-up (`ready`: what was readable) or a reload
    /// that changed the clock's settings; a changed text asks for a frame.
    func update(ready: Set<Int32>, lock: LockLoop, now: Double) {
        var wanted = lock.session.settings.display.text
        wanted.message = "" // the message is the session's, not the clock's
        var due = false
        if madeFor != wanted {
            madeFor = wanted
            source = nil
            do { source = try make(wanted) } catch { lock.log.error("clock: \(error); not shown") }
            due = true
        } else if let source {
            due = source.isDue(ready: ready, now: now)
        }
        guard due else { return }
        let text = source?.text()
        if text != self.text {
            self.text = text
            lock.sessionVersion += 1
        }
    }
}
