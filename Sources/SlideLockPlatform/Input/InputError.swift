/// A bad `--input`: one line for the catch site.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
