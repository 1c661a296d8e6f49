// The `button` source of `UnlockAuthority`: a request-to-exit button wired to a GPIO line.

/// A press of the request-to-exit button, with what the session knows at that moment.
public struct ButtonPress: Equatable, Sendable {
    /// When the line went to its pressed level (the kernel's edge timestamp), seconds.
    public var time: Double
    /// Why the session cannot open now (`busy`, `unlocked`, `failed`, `cooldown`); nil when it can.
    public var notReady: String?

    public init(time: Double, notReady: String? = nil) {
        self.time = time
        self.notReady = notReady
    }
}

extension UnlockAuthority {
    /// Why `press` must not open, or nil: the button's rule in docs/architecture.md, "What
    /// unlocks" (a press edge, the panel has shown this lock, an idle dim does not refuse it;
    /// the session ready; no lockdown). Fingers on the glass change nothing: the button
    /// proves a person inside, not a slide.
    func buttonRefusal(_ press: ButtonPress) -> UnlockRefusal? {
        if lockdown { return UnlockRefusal(.lockdown) }
        if let by = hiddenBy.filter({ $0 != .idle }).sorted(by: { $0.rawValue < $1.rawValue }).first {
            return UnlockRefusal(.hidden(by))
        }
        if let why = press.notReady { return UnlockRefusal(.notReady, why) }
        return nil
    }
}
