@preconcurrency import Glibc

/// Lines to stdout/stderr without Foundation. Written as bytes: a NUL inside (a value quoted
/// from a file) does not end the line early, as a C string would.
public enum Console {
    public static func out(_ line: String, terminator: String = "\n") {
        write(line + terminator, to: stdout)
    }

    /// One error line: control characters in what it quotes (NUL, escape sequences that
    /// would steer a terminal) are shown as `\x00`, `\u{85}`, so the whole line arrives
    /// and reads as written. Newlines still separate lines.
    public static func error(_ line: String) {
        write(visible(line) + "\n", to: stderr)
    }

    public static func flush() { fflush(stdout) }

    /// `text` with every control character but the newline spelt out.
    public static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n", scalar.properties.generalCategory == .control {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func write(_ text: String, to stream: UnsafeMutablePointer<FILE>) {
        var bytes = Array(text.utf8)
        _ = fwrite(&bytes, 1, bytes.count, stream)
    }
}
