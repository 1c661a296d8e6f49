/// A level read from a switch (a reed contact, a tamper switch) as the lock believes it: a
/// new level counts once it has held `period` seconds without a read of the other level.
/// Reed switches bounce for milliseconds when the magnet passes; a door that bounces is
/// one change, not ten. Pure: the times are the reads' timestamps on the loop's clock.
public struct LevelDebouncer: Equatable, Sendable {
    /// Seconds a new level must hold; 0 takes every change at once.
    public let period: Double
    /// The level that counts now.
    public private(set) var level: Bool
    /// Since when the line reads the other level, if it does (a change not yet counted).
    private var otherSince: Double?

    public init(period: Double, level: Bool) {
        self.period = max(period, 0)
        self.level = level
    }

    /// When the change under way counts if the line holds it: when `advance` must run next.
    public var deadline: Double? { otherSince.map { $0 + period } }

    /// The line read `raw` at `t`. Returns the changes that counted up to `t`, oldest first:
    /// one that held its period before this read, and this read's own when `period` is 0.
    public mutating func read(_ raw: Bool, at t: Double) -> [LevelChange] {
        var changes = advance(to: t).map { [$0] } ?? []
        if raw == level {
            // Back before it held: a bounce, never a change.
            otherSince = nil
        } else if otherSince == nil {
            otherSince = t
        }
        if let change = advance(to: t) { changes.append(change) }
        return changes
    }

    /// Time passed to `t`: the change under way, when it has held its period by then. Its
    /// time is the moment it had held long enough, not the first edge.
    public mutating func advance(to t: Double) -> LevelChange? {
        guard let since = otherSince, t >= since + period else { return nil }
        level.toggle()
        otherSince = nil
        return LevelChange(level: level, time: since + period)
    }
}

/// A debounced level change: the level from `time` on.
public struct LevelChange: Equatable, Sendable {
    public var level: Bool
    public var time: Double

    public init(level: Bool, time: Double) {
        self.level = level
        self.time = time
    }
}
