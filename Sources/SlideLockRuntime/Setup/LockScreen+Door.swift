import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// The door's contact and tamper input as `door.contact` and `tamper.input` name them,
    /// or nil when neither is set. A chip or line that cannot be had is one
    /// loud line and no line: the lock keeps locking without it.
    public static func makeDoor(
        _ settings: Settings, audit: AuditSink?, log: Logger, now: Double, relay: RelayHold? = nil,
        devices: String = "/dev"
    ) -> DoorSource? {
        let contact = doorLine(settings.door.contactLine, key: "door.contact", log: log, devices: devices)
        let tamper = doorLine(settings.tamper.inputLine, key: "tamper.input", log: log, devices: devices)
        // Kept with no line at all when one was named: `ctl status` says it is missing.
        guard !settings.door.contactLine.line.isEmpty || !settings.tamper.inputLine.line.isEmpty else { return nil }
        return DoorSource(
            door: settings.door, tamper: settings.tamper, contact: contact, tamperLine: tamper, now: now, audit: audit,
            relay: relay)
    }

    static func doorLine(_ line: ButtonSettings, key: String, log: Logger, devices: String) -> GPIOButton? {
        guard !line.line.isEmpty else { return nil }
        let consumer = key == "door.contact" ? "slidelock-door" : "slidelock-tamper"
        do {
            let gpio = try GPIOButton.request(line, key: key, consumer: consumer, devices: devices)
            log.info("\(key): \(gpio.chipDescription) line \(gpio.offset), active \(line.active.rawValue)")
            return gpio
        } catch {
            log.error("\(error); running without it")
            return nil
        }
    }
}
