import SlideLockCore
import SlideLockPlatform

// The clock above the track: its text is worked out when its source says a minute passed
// or the wall clock was set, never per frame; a new text is a new frame (one damaged text
// rectangle), nothing more: no relayout, no slide cancelled.
extension LockLoop {
    /// Brings the clock's text up to date after a wake-up (`ready`: what was readable) or a
    /// reload that changed the clock's settings; a changed text asks for a frame.
    func updateClock(ready: Set<Int32>, now: Double) {
        guard let clock else { return }
        var wanted = session.settings.display.text
        wanted.message = "" // the message is the session's, not the clock's
        var due = false
        if clock.madeFor != wanted {
            clock.madeFor = wanted
            clock.source = nil
            do { clock.source = try clock.make(wanted) } catch { log.error("clock: \(error); not shown") }
            due = true
        } else if let source = clock.source {
            due = source.isDue(ready: ready, now: now)
        }
        guard due else { return }
        let text = clock.source?.text()
        if text != clock.text {
            clock.text = text
            sessionVersion += 1
        }
    }
}
