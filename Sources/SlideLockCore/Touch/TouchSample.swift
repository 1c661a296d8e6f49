/// One step in the life of one contact (a finger, or a held mouse button), as the touch
/// pipeline hands it on: `TouchDecoder` -> `TouchTransform` -> `GhostFilter` -> session.
public struct TouchSample: Equatable, Sendable, CustomStringConvertible {
    /// What happened to the contact.
    public enum Kind: String, Equatable, Sendable {
        /// The contact began. Always the first sample of an id.
        case down
        /// The contact moved. Only sent when the position changed.
        case move
        /// The contact ended normally, at its last position.
        case up
        /// The contact ended and its end cannot be trusted (events lost, ghost detected):
        /// the session springs the thumb back instead of judging the release.
        case cancel
    }

    /// Down, move, up or cancel.
    public var kind: Kind
    /// Identifies the contact from its `down` to its `up`/`cancel`. Allocated by the
    /// decoder, unique for its lifetime; not the kernel's tracking id (those are reused).
    public var id: Int
    /// Out of `TouchDecoder`: normalised device coordinates (0..<1 across each axis's
    /// range, see `AxisRange.normalise`). Out of `TouchTransform`: logical screen pixels.
    public var position: Point
    /// Seconds, on the clock of the events (the `SYN_REPORT` that completed the frame).
    public var time: Double

    public init(kind: Kind, id: Int, position: Point, time: Double) {
        self.kind = kind
        self.id = id
        self.position = position
        self.time = time
    }

    /// `down #3 (0.5, 0.25) @1.25`, for logs and test failures.
    public var description: String {
        "\(kind.rawValue) #\(id) (\(position.x), \(position.y)) @\(time)"
    }
}
