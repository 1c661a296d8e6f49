import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// The control socket and the audit: the socket systemd passed
    /// (`slidelock-control.socket`), else one bound at `control.socket`. A socket that cannot
    /// be had is an error line and the lock runs without it: nothing about the lock's
    /// own rule depends on it. An unknown `control.group` is a start-up error.
    static func makeControl(_ settings: Settings, input: TouchInput, log: Logger) throws -> LockControl {
        let control = LockControl(audit: JournalWriter())
        control.resolveGroup = { name in try GroupLookup.gid(name) }
        control.touchDevices = { input.devices }
        let access = ControlAccess(group: try GroupLookup.gid(settings.control.group))
        let path = settings.control.socket ?? ControlSettings.defaultSocket
        do {
            if let fd = ListenDescriptors.named("control") {
                ListenDescriptors.forget()
                control.server = ControlServer(listener: try ControlSocket(inherited: fd, path: path), access: access)
                log.info("control: listening on the socket systemd passed")
            } else if let socket = settings.control.socket {
                control.server = ControlServer(listener: try ControlSocket(binding: socket), access: access)
                log.info("control: listening on \(socket)")
            }
        } catch {
            log.error("control socket off: \(error)")
        }
        return control
    }
}
