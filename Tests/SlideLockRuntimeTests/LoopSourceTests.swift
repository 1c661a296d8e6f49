import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockRuntime

/// A new kind of input, added the way every other one is: this one type, and one line where
/// the lock is assembled. It reads events when its descriptor is readable and holds each for
/// `hold` seconds before the session sees it (a debounce), so the loop must also wake for
/// its own deadline, with nothing readable.
final class HeldInput: LoopSource {
    static let descriptor: Int32 = 1400
    unowned let world: FakeWorld
    let hold: Double
    private var arrived: [LockEvent] = []
    private var held: [LockEvent] = []
    /// When the loop serviced it with its descriptor not readable (woken by its deadline).
    private(set) var deadlineWakes: [Double] = []

    init(world: FakeWorld, hold: Double) {
        self.world = world
        self.hold = hold
    }

    var pollDescriptors: [Int32] { [HeldInput.descriptor] }

    func nextDeadline(now: Double) -> Double? { held.first.map { $0.time + hold } }

    func service(_ turn: inout LoopTurn) {
        if turn.isReady(self) {
            held += arrived
            arrived.removeAll()
        } else if let due = nextDeadline(now: turn.now), turn.now >= due {
            deadlineWakes.append(turn.now)
        }
        let due = held.prefix { $0.time + hold <= turn.now }
        held.removeFirst(due.count)
        turn.input(Array(due))
    }

    /// `event` arrives at its time.
    func send(_ event: LockEvent) { world.at(event.time, fd: HeldInput.descriptor) { self.arrived.append(event) } }
}

@Suite struct LoopSourceTests {
    /// A slide from the new source unlocks, each event reaching the session once its hold
    /// passed: the loop woke for the entry's deadline, not for anything readable.
    @Test func aNewInputSourceUnlocksThroughItsOwnDeadlines() throws {
        let f = try LoopFixture(["animation.hue=off"])
        let input = HeldInput(world: f.world, hold: 0.05)
        try f.add(input)
        let from = f.thumbCentre(progress: 0)
        let to = f.thumbCentre(progress: 1)
        input.send(.touchDown(id: 1, point: from, time: 101))
        for i in 1...20 {
            let t = 101 + Double(i) * 0.011
            let x = from.x + (to.x + 10 - from.x) * Double(i) / 20
            input.send(.touchMove(id: 1, point: Point(x: x, y: from.y), time: t))
        }
        input.send(.touchUp(id: 1, time: 101.3))
        #expect(try f.run() == ExitStatus.ok)
        #expect(f.logLines.contains { $0.contains("unlocked by a") }, "\(f.logLines)")
        // The lift was held: the unlock came no earlier than its hold.
        #expect(f.world.now() >= 101.35)
        #expect(input.deadlineWakes.contains { abs($0 - 101.35) < 1e-9 })
    }

    /// An uncertainty from the new source mid-slide reaches the session: the slide on the
    /// touch panel never unlocks.
    @Test func itsUncertaintyStopsASlideOnTheTouchPanel() throws {
        let f = try LoopFixture(["animation.hue=off"])
        let input = HeldInput(world: f.world, hold: 0)
        try f.add(input)
        input.send(.uncertain(.resync, time: 101.1))
        f.fullSlide(at: 101)
        f.world.endOfTest = 103
        #expect(try f.run() == 128 + SIGTERM)
        #expect(!f.logLines.contains { $0.contains("unlocked by a") }, "\(f.logLines)")
        #expect(f.states.last == .locked)
    }
}
