@preconcurrency import Glibc

/// The process environment.
public enum Environment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
