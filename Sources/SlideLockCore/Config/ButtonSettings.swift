/// The request-to-exit button (`input.button*`): a GPIO line read through the kernel's
/// character device. Opened once, at start; a reload keeps the button as it was opened.
public struct ButtonSettings: Equatable, Sendable {
    /// `CHIP:LINE`: the chip by path (`/dev/gpiochip0`) or by label (`pinctrl-bcm2711`), and
    /// the line's offset on it. Empty: no button.
    public var line = ""
    /// Which level is pressed: `low` for a button to ground with a pull-up (the usual wiring).
    public var active: ButtonLevel = .low
    /// Seconds a level must hold before the kernel reports the edge (its debounce).
    public var debounce = 0.03
    /// The line's pull resistor: left as the board set it, or set while slidelock holds it.
    public var bias: ButtonBias = .asIs

    public init() {}

    /// The chip and line of `line`, or nil when it is not `CHIP:LINE` (the chip before the
    /// last colon, non-empty; the line a whole number 0...`maximumLine`).
    public static func parse(_ text: String) -> (chip: String, offset: Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let chip = String(text[..<colon])
        let number = text[text.index(after: colon)...]
        guard !chip.isEmpty, !number.isEmpty, number.allSatisfy({ $0 >= "0" && $0 <= "9" }), number.count <= 5,
            let offset = Int(number), offset <= maximumLine
        else { return nil }
        return (chip, offset)
    }

    /// The kernel's limit on lines per chip is far below this; a larger number is a typo.
    public static let maximumLine = 65_535
}

/// The level of a pressed button.
public enum ButtonLevel: String, CaseIterable, Equatable, Sendable {
    case low, high
}

/// The pull resistor slidelock asks for while it holds the button's line.
public enum ButtonBias: String, CaseIterable, Equatable, Sendable {
    case asIs = "as-is"
    case pullUp = "pull-up"
    case pullDown = "pull-down"
    case disabled
}
