@preconcurrency import Glibc
import SlideLockCore

/// A panel backlight in sysfs (`/sys/class/backlight/NAME`): `brightness` written as a
/// fraction of `max_brightness`. The value found at start is put back by `restore()`.
///
/// The sysfs root is injectable so tests run against a stand-in directory.
public final class Backlight {
    /// Device name, e.g. `rpi_backlight`, `10-0045`, `intel_backlight`.
    public let name: String
    /// `/sys/class/backlight/NAME`.
    public let path: String
    public let maxBrightness: Int
    /// `brightness` as found at start.
    public let original: Int
    /// The value last written (or found).
    public private(set) var current: Int

    /// Opens backlight `name` under `root` (normally `/sys`): reads `max_brightness` and
    /// `brightness`, and checks `brightness` can be written (a start-up error otherwise).
    public init(name: String, root: String = "/sys") throws(DisplayError) {
        self.name = name
        path = root + "/class/backlight/" + name
        guard FileIO.isDirectory(path) else {
            throw .noBacklight(name: name, available: Backlight.names(root: root))
        }
        maxBrightness = try Backlight.readNumber(path + "/max_brightness")
        guard maxBrightness > 0 else {
            throw .backlightUnreadable(path: path + "/max_brightness", reason: "max_brightness is \(maxBrightness)")
        }
        original = try Backlight.readNumber(path + "/brightness")
        current = original
        // Opened for writing now, so missing permission is a start-up error, not a panel
        // that silently never dims.
        let file = path + "/brightness"
        do { close(try systemCall("open", path: file) { open(file, O_WRONLY | O_CLOEXEC) }) } catch {
            throw .backlightNotWritable(path: file, reason: error.reason)
        }
    }

    /// Sets the brightness to `fraction` (0...1) of `max_brightness`, rounded; a non-zero
    /// fraction never rounds down to 0 (which switches many panels off).
    public func set(fraction: Double) throws(DisplayError) {
        try write(Backlight.value(fraction: fraction, max: maxBrightness))
    }

    /// Puts back the brightness found at start.
    public func restore() throws(DisplayError) {
        try write(original)
    }

    /// The raw `brightness` value for `fraction` of `max`.
    public static func value(fraction: Double, max: Int) -> Int {
        let f = fraction.isNaN ? 0 : min(Swift.max(fraction, 0), 1)
        let v = Int((f * Double(max)).rounded())
        return f > 0 ? Swift.max(v, 1) : 0
    }

    private func write(_ value: Int) throws(DisplayError) {
        guard value != current else { return }
        let file = path + "/brightness"
        // A sysfs attribute takes one whole value per write(); O_TRUNC keeps a stand-in file
        // in tests holding just the last value.
        let text = Array((String(value) + "\n").utf8)
        let n: Int
        do {
            let fd = try systemCall("open", path: file) { open(file, O_WRONLY | O_TRUNC | O_CLOEXEC) }
            defer { close(fd) }
            n = try systemCall("write", path: file) {
                text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            }
        } catch {
            throw .backlightNotWritable(path: file, reason: error.reason)
        }
        guard n == text.count else { throw .backlightNotWritable(path: file, reason: "short write") }
        current = value
    }

    /// Names in `/sys/class/backlight`, sorted.
    public static func names(root: String = "/sys") -> [String] {
        (try? FileIO.list(root + "/class/backlight")) ?? []
    }

    static func readNumber(_ file: String) throws(DisplayError) -> Int {
        let text: String
        do { text = try FileIO.readText(file) } catch { throw .backlightUnreadable(path: file, reason: error.reason) }
        guard let n = Int(text.filter { !$0.isWhitespace }) else {
            throw .backlightUnreadable(path: file, reason: "not a number: \"\(text.filter { $0 != "\n" })\"")
        }
        return n
    }
}
