import SlideLockPlatform

/// Where a verdict's recordings go: the recordings directory (`RecordingDirectory`), or a
/// fake in tests. `name` is a file name, never a path.
public protocol RecordingStore: AnyObject {
    func store(name: String, text: String) throws(SystemError)
    /// Wall-clock milliseconds since 1970, for the file names.
    func unixMilliseconds() -> Int64
}

extension RecordingDirectory: RecordingStore {}
