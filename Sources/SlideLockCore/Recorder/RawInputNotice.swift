/// What a touch input tells the flight recorder: a device opened (its description, no
/// events), one raw event read from it, or the device gone.
public enum RawInputNotice: Equatable, Sendable {
    case adopted(path: String, description: EvemuRecording)
    case event(path: String, event: RawInputEvent)
    case removed(path: String)
}
