import SlideLockPlatform

/// The service manager (systemd's sd_notify), or a recording fake in tests.
public protocol ServiceNotifier: AnyObject {
    func ready(status: String?) throws(SystemError)
    func status(_ text: String) throws(SystemError)
    func watchdog(now: Double) throws(SystemError)
    /// When the next watchdog ping is due, nil without a watchdog.
    func nextWatchdogDeadline(now: Double) -> Double?
}

extension SystemdNotifier: ServiceNotifier {}
