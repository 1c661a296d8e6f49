import SlideLockCore
import SlideLockPlatform

/// Plays on/off patterns on a relay or buzzer line: a pulse is one "on", a beep a few. The
/// line is inactive when `play` returns, however it returns; a stopping signal (the lock
/// stopping, the hook's timeout, a newer feedback moment) ends the pattern at once.
public enum RelayDriver {
    /// How a pattern ended.
    public enum Ending: Equatable, Sendable {
        case played
        /// A stopping signal arrived (its number) and the line was switched off.
        case stopped(Int32)
    }

    /// Plays `pattern` (seconds on, off, on, ...) on `output`, waiting with `wait` (the time,
    /// to a signal's number or nil when the time is up). Throws when the line could not be
    /// driven; it is switched off first then too.
    public static func play(_ pattern: [Double], on output: RelayOutput, wait: (Double) -> Int32?)
        throws(SystemError) -> Ending
    {
        var ending = Ending.played
        do {
            for (index, seconds) in pattern.enumerated() {
                try output.set(index % 2 == 0)
                if let signal = wait(seconds) {
                    ending = .stopped(signal)
                    break
                }
            }
        } catch {
            try? output.set(false)
            throw error
        }
        try output.set(false)
        return ending
    }

    /// The buzzer's pattern for a feedback moment (seconds on, off, on): one short beep as a
    /// slide starts, two for a cancel or failure, one long for an unlock; nil: silent.
    public static func beepPattern(event: String) -> [Double]? {
        switch event {
        case HookEvent.slideStart.rawValue: [0.06]
        case HookEvent.cancel.rawValue, HookEvent.failed.rawValue: [0.06, 0.09, 0.06]
        case HookEvent.unlock.rawValue: [0.4]
        default: nil
        }
    }

    /// Whether `slidelock relay pulse` pulses for `SLIDELOCK_EVENT` = `event`: for an
    /// unlock, or run by hand (no event).
    public static func pulses(event: String?) -> Bool {
        event == nil || event == "" || event == HookEvent.unlock.rawValue
    }

    /// The pulse length the lock passed (`SLIDELOCK_RELAY_PULSE`), within `relay.pulse`'s range.
    public static func pulseSeconds(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds >= 0.001, seconds <= 60 else { return nil }
        return seconds
    }
}
