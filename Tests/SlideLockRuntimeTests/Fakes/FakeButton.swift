import SlideLockRuntime

/// A request-to-exit button whose presses arrive at scripted times (`press`).
final class FakeButton: ButtonSource {
    static let descriptor: Int32 = 1005
    unowned let world: FakeWorld
    private var queue: [Double] = []
    /// Its chip went away (`unplug`): found out at the next read, as with the kernel.
    private(set) var isGone = false
    private var unplugged = false

    init(world: FakeWorld) { self.world = world }

    var pollDescriptors: [Int32] { isGone ? [] : [FakeButton.descriptor] }
    func readPresses() -> [Double] {
        if unplugged { isGone = true }
        defer { queue.removeAll() }
        return queue
    }

    /// The chip goes away at `time`: the descriptor wakes the loop, and reads fail from then.
    func unplug(_ time: Double) {
        world.at(time, fd: FakeButton.descriptor) { self.unplugged = true }
    }

    /// A press at `time`, read by the loop then.
    func press(_ time: Double) {
        world.at(time, fd: FakeButton.descriptor) { self.queue.append(time) }
    }
}
