import SlideLockPlatform

/// Where a verdict's recordings go: the recordings directory (`RecordingDirectory`), or a
/// fake in tests. It names each file (`RecordingName`) and prunes the oldest.
public protocol RecordingStore: AnyObject {
    func store(verdict: String, device: String, text: String) throws(SystemError) -> RecordingDirectory.Stored
}

extension RecordingDirectory: RecordingStore {}
