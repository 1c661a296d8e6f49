// The notice a config gives, and what a reload keeps of the one on screen.

extension Notice {
    /// At start: the config's `display.message` (empty: none), no lockdown.
    public init(settings: Settings) {
        let message = settings.display.text.message
        self.init(message: message.isEmpty ? nil : message)
    }

    /// After a reload from `old` to `new` settings: the message on screen stays (one sent
    /// by `ctl message` too) unless the config's own message changed, which then replaces
    /// it; lockdown always stays (only `ctl lockdown off` lifts it, never a reload).
    public func reloaded(from old: Settings, to new: Settings) -> Notice {
        guard old.display.text.message != new.display.text.message else { return self }
        var next = Notice(settings: new)
        next.lockdown = lockdown
        return next
    }
}
