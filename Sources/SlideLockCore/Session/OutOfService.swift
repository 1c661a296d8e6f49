/// The lock could not start as configured (a config, font or hook that fails): it runs
/// on built-in defaults and says so on the glass, in the log and to systemd, until a
/// reload brings a good config. Slides and taps never open it (`UnlockAuthority`); the
/// button and `ctl unlock` keep their own rules, so a way out stays open.
public struct OutOfService: Equatable, Sendable {
    /// The first problem, as `file:line: why` (or `key: why` for a setting).
    public var first: String
    /// How many more problems there were.
    public var more: Int
    /// Not even the built-in fonts could be opened: the screen shows its badge alone.
    public var fontless = false

    /// From every problem found, in the order found; nil when there were none.
    public init?(problems: [String]) {
        guard let first = problems.first else { return nil }
        self.first = first
        more = problems.count - 1
    }

    /// The line systemd shows (`STATUS=`, `systemctl status`) and `ctl status` gives.
    public var status: String { "out of service: " + first }

    /// The glass's last line: how many more problems the log names, nil for none.
    public var moreText: String? { more > 0 ? "\(more) more (see the log)" : nil }
}
