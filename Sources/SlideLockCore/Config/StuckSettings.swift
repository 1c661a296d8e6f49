/// When a contact that never moves is taken for a ghost a failing controller pins in place
/// (`UnlockAuthority+Stuck.swift`): it then stops counting against fingers that land later.
public struct StuckSettings: Equatable, Sendable {
    /// Seconds a contact must stay put before it is declared stuck; 0: never.
    public var after = 30.0
    /// How far from where it landed it may wander and still be stuck, screen pixels.
    public var radius = 4.0

    public init() {}
}
