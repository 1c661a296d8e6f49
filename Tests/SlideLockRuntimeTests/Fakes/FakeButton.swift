import SlideLockRuntime

/// A request-to-exit button whose presses arrive at scripted times (`press`).
final class FakeButton: ButtonSource {
    static let descriptor: Int32 = 1005
    unowned let world: FakeWorld
    private var queue: [Double] = []

    init(world: FakeWorld) { self.world = world }

    var pollDescriptors: [Int32] { [FakeButton.descriptor] }
    func readPresses() -> [Double] {
        defer { queue.removeAll() }
        return queue
    }

    /// A press at `time`, read by the loop then.
    func press(_ time: Double) {
        world.at(time, fd: FakeButton.descriptor) { self.queue.append(time) }
    }
}
