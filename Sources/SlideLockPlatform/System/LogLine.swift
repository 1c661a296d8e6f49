/// One line for the log, with its priority as data: the edges hand these to the loop, which
/// decides nothing from the text.
public struct LogLine: Equatable, Sendable, CustomStringConvertible {
    public let level: Logger.Level
    public let text: String

    public init(_ level: Logger.Level, _ text: String) {
        self.level = level
        self.text = text
    }

    public var description: String { text }
}
