import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// The request-to-exit button `input.button` names, or nil. A chip or line that cannot
    /// be had is one loud line and no button: a lock screen that never starts is worse than
    /// one without its button.
    public static func makeButton(_ settings: ButtonSettings, log: Logger, devices: String = "/dev") -> GPIOButton? {
        guard !settings.line.isEmpty else { return nil }
        do {
            let button = try GPIOButton.request(settings, devices: devices)
            log.info(
                "button: \(button.chipDescription) line \(button.offset), active \(settings.active.rawValue), "
                    + "debounce \(Int((settings.debounce * 1000).rounded())) ms"
                    + (button.isDown ? " (held now: a press counts once it is released)" : ""))
            return button
        } catch {
            log.error("\(error); running without the button")
            return nil
        }
    }
}
