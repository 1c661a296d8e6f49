@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// With no connected output at start: says why and waits (pinging the watchdog) until a
    /// hotplug lights one. Returns 128 + N when a stop signal ends the wait, nil once an
    /// output is there. READY is only sent later, once a frame is on it.
    static func waitForFirstOutput(
        _ display: PanelDisplay, hotplug: HotplugSource, signals: SignalReader,
        notifier: ServiceNotifier?, waiter: EventWaiter, log: Logger
    ) throws -> Int32? {
        log.info("no connected display on \(display.deviceDescription): waiting for one to be plugged in")
        try? notifier?.status("waiting for a display")
        while display.panels.isEmpty {
            let now = waiter.now()
            if let due = notifier?.nextWatchdogDeadline(now: now), now >= due { try? notifier?.watchdog(now: now) }
            let ready = try waiter.wait(for: [hotplug.fd, signals.fd], until: notifier?.nextWatchdogDeadline(now: now))
            if ready.contains(signals.fd) {
                for signal in signals.read() where signal == SIGTERM || signal == SIGINT {
                    log.info("stopping on signal \(signal)")
                    return 128 + signal
                }
            }
            guard ready.contains(hotplug.fd), hotplug.takeDRMHotplug() else { continue }
            let change = try display.reprobe()
            for (name, error) in change.failed { log.error("output \(name) is connected but cannot be lit: \(error)") }
        }
        return nil
    }
}
