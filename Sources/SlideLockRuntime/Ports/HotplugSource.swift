import SlideLockPlatform

/// Where display hotplug notices come from: the kernel's uevents (`UeventMonitor`), or a
/// scripted fake in tests.
public protocol HotplugSource: AnyObject {
    var fd: Int32 { get }
    /// True when a DRM hotplug (or a lost event that may have been one) is waiting; drains.
    func takeDRMHotplug() -> Bool
}

extension UeventMonitor: HotplugSource {}
