/// What the lock knows of the latest granted unlock when the door opens after it (or does
/// not): who opened, the flight recording of it, whether the relay line was seen driven
/// while its unlock hook ran (read back as `selftest` reads it), and the contact's line.
public struct OpeningEvidence: Equatable, Sendable {
    /// The unlock's source (`slide`, `tap`, `button`, `ctl`).
    public var source: UnlockSource
    /// The recording files written for it (`audit.recordings`), comma-separated; nil: none.
    public var recording: String?
    /// The relay line, and whether it read active during the unlock hook; nil: no relay held.
    public var relay: (line: String, driven: Bool)?
    /// The contact's line.
    public var contact: String

    public init(
        source: UnlockSource, recording: String? = nil, relay: (line: String, driven: Bool)? = nil, contact: String
    ) {
        self.source = source
        self.recording = recording
        self.relay = relay
        self.contact = contact
    }

    public static func == (a: OpeningEvidence, b: OpeningEvidence) -> Bool {
        a.source == b.source && a.recording == b.recording && a.relay?.line == b.relay?.line
            && a.relay?.driven == b.relay?.driven && a.contact == b.contact
    }

    /// `by slide, relay driven`: the message's words for it.
    public var summary: String {
        "by \(source.rawValue), " + (relay.map { $0.driven ? "relay driven" : "relay not driven" } ?? "no relay")
    }

    /// Its journal fields.
    public var fields: [(String, String)] {
        var fields = [("SLIDELOCK_UNLOCK_SOURCE", source.rawValue), ("SLIDELOCK_CONTACT_LINE", contact)]
        if let recording { fields.append(("SLIDELOCK_RECORDING", recording)) }
        if let relay {
            fields.append(("SLIDELOCK_RELAY_LINE", relay.line))
            fields.append(("SLIDELOCK_RELAY", relay.driven ? "driven" : "not-driven"))
        }
        return fields
    }
}
