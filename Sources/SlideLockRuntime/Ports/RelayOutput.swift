import SlideLockPlatform

/// A line that can be energised: the GPIO output, a fake in tests.
public protocol RelayOutput: AnyObject {
    func set(_ active: Bool) throws(SystemError)
}

extension GPIOOutputLine: RelayOutput {}
