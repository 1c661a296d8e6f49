/// Exit statuses, documented in `slidelock --help`.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// Something went wrong at run time: config, fonts, files, devices.
    public static let failure: Int32 = 1
    /// The command line itself is wrong.
    public static let usage: Int32 = 2
}

/// A run-time problem worded for a person (exit status 1).
public struct RunError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

extension ExitStatus {
    /// Not an exit status: the out-of-service lock was given a good config and starts
    /// afresh in place with it (`ProcessRestart`).
    public static let restart: Int32 = -1
}
