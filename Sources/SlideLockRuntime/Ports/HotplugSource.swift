import SlideLockPlatform

/// Where display hotplug notices come from: the kernel's uevents (`UeventMonitor`), or a
/// scripted fake in tests. Serviced before the loop settles its outputs, so an output that
/// went is never recovered from a hung flip.
public protocol HotplugSource: LoopSource {
    var fd: Int32 { get }
    /// True when a DRM hotplug (or a lost event that may have been one) is waiting; drains.
    func takeDRMHotplug() -> Bool
}

extension HotplugSource {
    public var pollDescriptors: [Int32] { [fd] }
    public var stage: LoopStage { .outputs }

    public func service(_ turn: inout LoopTurn) {
        if turn.ready.contains(fd), takeDRMHotplug() { turn.lock.followHotplug(now: turn.now) }
    }
}

extension UeventMonitor: HotplugSource {}
