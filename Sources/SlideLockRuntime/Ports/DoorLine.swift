import SlideLockCore
import SlideLockPlatform

/// Where the door's contact and the tamper input are read: a GPIO line (`GPIOButton`, the
/// button's code), or a fake in tests. Levels are logical: true is the active level (door
/// open, tampered).
public protocol DoorLine: AnyObject {
    var descriptor: Int32 { get }
    /// The line as the log and the audit name it (`/dev/gpiochip0 (label) line 27`).
    var lineDescription: String { get }
    /// The edges queued now, oldest first, on the loop's clock.
    func readEdges() -> [LevelChange]
    /// The level now, or nil when it cannot be read.
    func readLevel() -> Bool?
    /// Its chip went away: nothing more will be read.
    var isGone: Bool { get }
}

extension GPIOButton: DoorLine {
    public var lineDescription: String { "\(chipDescription) line \(offset)" }
}
