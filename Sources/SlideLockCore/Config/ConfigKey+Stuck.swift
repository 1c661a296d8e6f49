extension ConfigKey {
    /// The stuck-contact rule's keys (`StuckSettings`), in [input].
    static let stuckKeys: [ConfigKey] = [
        // Shorter than a person resting a hand on the glass would free a ghost too soon.
        .number("input", "stuck_after", \.input.stuck.after, .seconds(0...3600)),
        .number("input", "stuck_radius", \.input.stuck.radius, .pixels(0...100)),
    ]
}
