import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The clock's text, local time, and a descriptor that becomes readable when it may have
/// changed: a timerfd on CLOCK_REALTIME armed (absolute) at the next minute boundary with
/// TFD_TIMER_CANCEL_ON_SET, so the one wake-up a minute also comes when the wall clock is
/// set (NTP after boot, `date -s`): the read then fails with ECANCELED. Either way it is armed
/// again for the next boundary of the clock as it now reads. Nothing wakes more often.
public final class WallClock {
    public let fd: Int32
    let timeFormat: String
    let dateFormat: String

    /// `timeFormat` and `dateFormat` (empty: no date) must have passed `ClockFormat.problem`.
    public init(timeFormat: String, dateFormat: String) throws(SystemError) {
        fd = try systemCall("timerfd_create") {
            timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        }
        self.timeFormat = timeFormat
        self.dateFormat = dateFormat
        do throws(SystemError) { try arm() } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// Call when `fd` was readable: true when a minute boundary passed or the clock was set
    /// (the text is due again); the timer is armed for the next boundary either way.
    public func take() throws(SystemError) -> Bool {
        var expirations: UInt64 = 0
        var due = false
        do throws(SystemError) {
            let n = try systemCall("read timerfd") { read(fd, &expirations, MemoryLayout<UInt64>.size) }
            due = n == MemoryLayout<UInt64>.size && expirations > 0
        } catch {
            switch error.errno {
            case ECANCELED: due = true // the wall clock was set: the screen may be hours off
            case EAGAIN: return false // woken for something else
            default: throw error
            }
        }
        try arm()
        return due
    }

    /// The time and date of now. The zone is read again each time (`localtime_r` alone keeps
    /// the one it first saw): a zone set after boot (`timedatectl set-timezone`) changes no
    /// clock, so nothing but the next minute shows it.
    public func text() -> ClockText {
        tzset()
        return WallClock.now(timeFormat: timeFormat, dateFormat: dateFormat)
    }

    /// The time and date of now through both formats, local time.
    public static func now(timeFormat: String, dateFormat: String) -> ClockText {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var t = Glibc.tm()
        var seconds = now.tv_sec
        localtime_r(&seconds, &t)
        return text(t, timeFormat: timeFormat, dateFormat: dateFormat)
    }

    /// One shot at the next whole minute of CLOCK_REALTIME, cancelled when the clock is set.
    private func arm() throws(SystemError) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var spec = itimerspec()
        spec.it_value.tv_sec = (now.tv_sec / 60 + 1) * 60
        try systemCall("timerfd_settime") {
            timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
        }
    }

    /// `t` through both formats (`strftime`, the C locale the lock runs in).
    public static func text(_ t: Glibc.tm, timeFormat: String, dateFormat: String) -> ClockText {
        ClockText(time: format(timeFormat, t), date: dateFormat.isEmpty ? "" : format(dateFormat, t))
    }

    /// A broken-down local time given as `YYYY-MM-DDTHH:MM` (a render's fixed clock), its
    /// weekday worked out; nil when it is not one.
    public static func localTime(_ text: String) -> Glibc.tm? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" })
        guard parts.count == 5, text.utf8.count == 16 else { return nil }
        let numbers = parts.compactMap { Int32($0) }
        guard numbers.count == 5, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
            (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (1900...9999).contains(numbers[0])
        else { return nil }
        var t = Glibc.tm()
        t.tm_year = numbers[0] - 1900
        t.tm_mon = numbers[1] - 1
        t.tm_mday = numbers[2]
        t.tm_hour = numbers[3]
        t.tm_min = numbers[4]
        t.tm_isdst = -1
        var copy = t
        // timegm normalises like mktime but with no zone: the weekday and day of the year
        // come out right whatever zone the machine is in.
        guard timegm(&copy) != -1, copy.tm_mday == t.tm_mday else { return nil }
        copy.tm_isdst = 0
        return copy
    }

    /// `strftime` of `t`; empty when the text would not fit 256 bytes.
    static func format(_ format: String, _ t: Glibc.tm) -> String {
        var t = t
        var buffer = [CChar](repeating: 0, count: 256)
        let count = strftime(&buffer, buffer.count, format, &t)
        return count == 0 ? "" : String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
