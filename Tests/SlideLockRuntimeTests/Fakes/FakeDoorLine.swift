import SlideLockCore
import SlideLockRuntime

/// A door contact or tamper input whose edges arrive at scripted times (`set`).
final class FakeDoorLine: DoorLine {
    unowned let world: FakeWorld
    let descriptor: Int32
    var lineDescription: String { "fake-chip line \(descriptor)" }
    private var queue: [LevelChange] = []
    private(set) var level: Bool
    /// False: the level cannot be read (a chip that went away).
    var readable = true
    /// Its chip went away (set with `readable` off).
    var isGone = false

    init(world: FakeWorld, descriptor: Int32, level: Bool = false) {
        self.world = world
        self.descriptor = descriptor
        self.level = level
    }

    func readEdges() -> [LevelChange] {
        defer { queue.removeAll() }
        return queue
    }

    func readLevel() -> Bool? { readable ? level : nil }

    /// The chip goes away at `time`: the descriptor wakes the loop; nothing reads after.
    func unplug(_ time: Double) {
        world.at(time, fd: descriptor) {
            self.readable = false
            self.isGone = true
        }
    }

    /// The line goes to `level` at `time`, read by the loop then.
    func set(_ level: Bool, at time: Double) {
        world.at(time, fd: descriptor) {
            self.level = level
            self.queue.append(LevelChange(level: level, time: time))
        }
    }
}
