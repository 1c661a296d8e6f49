/// How long the bridge waits before the next attempt to reach the broker: `first` after a
/// failure, doubling with each failure after it up to `longest`, and `first` again once a
/// connection was accepted. A broker that is down is then tried often at first and at most
/// once a minute later, and twenty panels coming back together do not hammer it.
public struct ReconnectBackoff: Equatable, Sendable {
    public let first: Double
    public let longest: Double
    /// The wait the next failure gets.
    public private(set) var next: Double

    /// The shipped backoff: 1 s doubling to 60 s.
    public static let standard = ReconnectBackoff(first: 1, longest: 60)

    public init(first: Double, longest: Double) {
        self.first = first
        self.longest = max(first, longest)
        next = first
    }

    /// One failure: the seconds to wait now.
    public mutating func failed() -> Double {
        let wait = next
        next = min(next * 2, longest)
        return wait
    }

    /// The broker accepted the connection.
    public mutating func connected() { next = first }
}
