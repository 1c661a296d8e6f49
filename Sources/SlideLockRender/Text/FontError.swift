/// Why text cannot be drawn; raised at start-up so a bad font config never reaches the panel.
public struct FontError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
