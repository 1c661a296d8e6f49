import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// The control socket and the audit: the socket systemd passed
    /// (`slidelock-control.socket`), else one bound at `control.socket`. A socket that cannot
    /// be had is an error line and the lock runs without it: nothing about the lock's
    /// own rule depends on it. An unknown `control.group` (the shipped `slidelock-ctl` on a
    /// system whose packages did not make it) is an error line and the socket is root's
    /// only: the lock still starts, and `check-config` reports the group.
    static func makeControl(_ settings: Settings, log: Logger) -> LockControl {
        let control = LockControl(audit: JournalWriter())
        control.configDigest = ConfigDigest.of(settings)
        control.resolveGroup = { name in try GroupLookup.gid(name) }
        let access = controlAccess(settings.control.group, log: log)
        let passed = ListenDescriptors.named("control")
        ListenDescriptors.forget()
        guard let path = settings.control.socket else {
            log.info("control: off (control.socket = off)")
            return control
        }
        do {
            if let fd = passed {
                control.server = ControlServer(listener: try ControlSocket(inherited: fd, path: path), access: access)
                log.info("control: listening on the socket systemd passed")
            } else {
                control.server = ControlServer(listener: try ControlSocket(binding: path), access: access)
                log.info("control: listening on \(path)")
            }
        } catch {
            log.error("control socket off: \(error)")
        }
        return control
    }

    /// `control.group` resolved; an unknown one leaves root alone allowed, and says so.
    static func controlAccess(_ group: String, log: Logger) -> ControlAccess {
        do {
            return ControlAccess(group: try GroupLookup.gid(group))
        } catch {
            log.error("\(error): the control socket is root's only")
            return ControlAccess(group: nil)
        }
    }
}
