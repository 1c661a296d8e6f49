// The notice a config gives (what a reload keeps: LockSession+Control.swift).

extension Notice {
    /// At start: the config's `display.message` (empty: none), no lockdown.
    public init(settings: Settings) {
        let message = settings.display.text.message
        self.init(message: message.isEmpty ? nil : message)
    }
}
