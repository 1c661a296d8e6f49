import CLinux
import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform

@Suite struct WallClockTests {
    @Test func aFixedMinuteThroughStrftime() throws {
        let t = try #require(WallClock.localTime("2026-12-04T09:41"))
        let text = WallClock.text(t, timeFormat: "%H:%M", dateFormat: "%A %-d %B")
        #expect(text == ClockText(time: "09:41", date: "Friday 4 December"))
        #expect(WallClock.text(t, timeFormat: "%-I:%M %p", dateFormat: "").date == "")
        #expect(WallClock.text(t, timeFormat: "%-I:%M %p", dateFormat: "").time == "9:41 AM")
        #expect(WallClock.text(t, timeFormat: "%F %R", dateFormat: "%j").date == "338")
    }

    @Test(arguments: ["09:41", "2026-02-30T09:41", "2026-12-04T24:00", "2026-12-04 09:41:00", "2026-00-04T09:41", ""])
    func notALocalTime(_ text: String) {
        #expect(WallClock.localTime(text) == nil)
    }

    /// The timerfd: created non-blocking, nothing to read before the minute (the loop
    /// woken for something else does not count that as a minute), the time text at hand.
    @Test func theTimerIsArmedAndQuiet() throws {
        let clock = try WallClock(timeFormat: "%H:%M", dateFormat: "")
        #expect(fcntl(clock.fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(clock.fd, F_GETFD) & FD_CLOEXEC != 0)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // Right at a boundary the timer may already have fired; elsewhere it must not have.
        if now.tv_sec % 60 < 58 { #expect(try clock.take() == false) }
        var spec = itimerspec()
        timerfd_gettime(clock.fd, &spec)
        #expect(spec.it_value.tv_sec > 0 && spec.it_value.tv_sec <= 60, "armed for the next minute")
        #expect(spec.it_interval.tv_sec == 0)
        let text = clock.text()
        #expect(text.time.count == 5 && text.time.dropFirst(2).first == ":")
    }

    /// A zone set while the lock runs shows in the next text (`%z`, which the config refuses
    /// for being no clock, shows the zone alone). TZ stands in for /etc/localtime here.
    @Test func aZoneSetWhileRunningShowsInTheNextText() throws {
        let clock = try WallClock(timeFormat: "%z", dateFormat: "")
        defer {
            unsetenv("TZ")
            tzset()
        }
        setenv("TZ", "UTC0", 1)
        #expect(clock.text().time == "+0000")
        setenv("TZ", "<+0530>-5:30", 1)
        #expect(clock.text().time == "+0530")
    }
}
