@preconcurrency import Glibc

/// Lines to stdout/stderr without Foundation.
public enum Console {
    public static func out(_ line: String, terminator: String = "\n") {
        fputs(line + terminator, stdout)
    }

    public static func error(_ line: String) {
        fputs(line + "\n", stderr)
    }

    public static func flush() { fflush(stdout) }
}
