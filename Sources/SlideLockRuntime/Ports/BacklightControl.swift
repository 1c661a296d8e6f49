import SlideLockPlatform

/// A panel backlight (`Backlight`, sysfs), or a recording fake in tests.
public protocol BacklightControl: AnyObject {
    var name: String { get }
    func set(fraction: Double) throws(DisplayError)
    func restore() throws(DisplayError)
}

extension Backlight: BacklightControl {}
