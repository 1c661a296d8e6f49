import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// A virtual clock and everything outside the loop: scripted touches, signals and hook
/// results arrive at their times; the fake display completes flips on its vblanks. Waiting
/// jumps the clock to the next thing that happens, so tests never sleep.
final class FakeWorld: EventWaiter {
    private var clock = 100.0
    weak var display: FakeDisplay?
    let signals = FakeSignals()
    let touch = FakeTouch()
    private var scheduled: [(time: Double, fd: Int32, run: () -> Void)] = []
    /// Every wait: its deadline (nil: forever) and when it began.
    private(set) var waits: [(at: Double, deadline: Double?)] = []
    /// The loop is stopped with SIGTERM once the clock passes this, or when it would sleep
    /// forever (which tests assert on through `waits`).
    var endOfTest = 130.0
    /// Set when the loop waited absurdly often.
    private(set) var spins = false

    func now() -> Double { clock }

    /// Runs `run` at `time` and makes `fd` readable then.
    func at(_ time: Double, fd: Int32, _ run: @escaping () -> Void) {
        scheduled.append((time, fd, run))
        scheduled.sort { $0.time < $1.time }
    }

    func touch(_ time: Double, _ event: LockEvent) {
        at(time, fd: FakeTouch.descriptor) { self.touch.queue.append(event) }
    }
    func signal(_ time: Double, _ signal: Int32) {
        at(time, fd: FakeSignals.descriptor) { self.signals.queue.append(signal) }
    }

    /// A slide from `from` to `to` (logical pixels on the track's centre line), `steps`
    /// moves `every` seconds apart, starting at `start`; returns the time of the lift.
    @discardableResult
    func slide(start: Double, from: Point, to: Point, steps: Int = 30, every: Double = 0.011, id: Int = 1) -> Double {
        touch(start, .touchDown(id: id, point: from, time: start))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            let t = start + Double(i) * every
            touch(t, .touchMove(id: id, point: p, time: t))
        }
        let end = start + Double(steps + 1) * every
        touch(end, .touchUp(id: id, time: end))
        return end
    }

    func wait(for descriptors: [Int32], until deadline: Double?) throws(SystemError) -> Set<Int32> {
        waits.append((clock, deadline))
        var next = deadline
        func consider(_ t: Double?) { if let t { next = min(next ?? t, t) } }
        if descriptors.contains(FakeDisplay.descriptor) { consider(display?.nextCompletion) }
        if let first = scheduled.first, descriptors.contains(first.fd) { consider(first.time) }
        // A loop that spins without letting time pass is a bug: stop it (tests see `spins`).
        if waits.count > 50_000 { spins = true }
        guard let next, next <= endOfTest, !spins else {
            signals.queue.append(SIGTERM)
            return [FakeSignals.descriptor]
        }
        clock = max(clock, next)
        var ready: Set<Int32> = []
        if let due = display?.nextCompletion, due <= clock { ready.insert(FakeDisplay.descriptor) }
        while let first = scheduled.first, first.time <= clock {
            scheduled.removeFirst()
            first.run()
            ready.insert(first.fd)
        }
        return ready.intersection(descriptors)
    }

    /// Waits that had no deadline: the loop would have slept until something happened.
    var foreverWaits: [Double] { waits.filter { $0.deadline == nil }.map(\.at) }
}

final class FakeSignals: SignalReader {
    static let descriptor: Int32 = 1001
    var queue: [Int32] = []
    var fd: Int32 { FakeSignals.descriptor }
    func read() -> [Int32] {
        defer { queue.removeAll() }
        return queue
    }
}

final class FakeTouch: TouchSource {
    static let descriptor: Int32 = 1002
    var queue: [LockEvent] = []
    var pollDescriptors: [Int32] { [FakeTouch.descriptor] }
    func readAvailable() -> [LockEvent] {
        defer { queue.removeAll() }
        return queue
    }
    func advance(to seconds: Double) -> [LockEvent] { [] }
    func takeLog() -> [LogLine] { [] }
    func nextDeadline(now: Double) -> Double? { nil }
}

/// Records what the loop tells systemd.
final class FakeNotifier: ServiceNotifier {
    let interval: Double?
    private(set) var readyAt: [Double] = []
    private(set) var readyStatuses: [String?] = []
    private(set) var pets: [Double] = []
    private(set) var statuses: [String] = []
    unowned let world: FakeWorld

    init(world: FakeWorld, watchdog interval: Double?) {
        self.world = world
        self.interval = interval
    }

    func ready(status: String?) throws(SystemError) {
        readyAt.append(world.now())
        readyStatuses.append(status)
    }
    func status(_ text: String) throws(SystemError) { statuses.append(text) }
    func watchdog(now: Double) throws(SystemError) { pets.append(now) }
    func nextWatchdogDeadline(now: Double) -> Double? {
        guard let interval else { return nil }
        return (pets.last ?? -.infinity) + interval / 2
    }
}

/// An unlock hook that succeeds or fails after `duration` seconds.
final class FakeAction: UnlockAction {
    static let descriptor: Int32 = 1003
    let succeeds: Bool
    let duration: Double
    private var finishAt: Double?
    private(set) var starts: [Double] = []
    private(set) var sources: [UnlockSource] = []
    /// The feedback moments asked for, with their times.
    private(set) var feedbacks: [(event: HookEvent, source: String, time: Double)] = []
    /// How long each feedback run lasts (0: done at once).
    var feedbackDuration = 0.0
    private var feedbackUntil = -Double.infinity

    init(succeeds: Bool, duration: Double = 0.3) {
        self.succeeds = succeeds
        self.duration = duration
    }

    var pollDescriptors: [Int32] { [] }
    var deadline: Double? { [finishAt, isFeedbackRunning ? feedbackUntil : nil].compactMap { $0 }.min() }
    var isRunning: Bool { finishAt != nil }
    func start(source: UnlockSource, slideDuration: Double, now: Double) -> Bool {
        starts.append(now)
        sources.append(source)
        finishAt = now + duration
        return true
    }
    func service(now: Double) -> Bool? {
        guard let finishAt, now >= finishAt else { return nil }
        self.finishAt = nil
        return succeeds
    }
    func takeLog() -> [LogLine] { [] }
    func feedback(_ event: HookEvent, source: String, now: Double) {
        feedbacks.append((event, source, now))
        feedbackUntil = now + feedbackDuration
    }
    var isFeedbackRunning: Bool { world.map { $0.now() < feedbackUntil } ?? false }
    /// The clock the feedback runs on (nil: feedback is never running).
    weak var world: FakeWorld?
    var hasRuns: Bool { isRunning || isFeedbackRunning }
    /// When a reload replaced it.
    private(set) var retiredAt: Double?
    func retire(now: Double) {
        retiredAt = now
        feedbackUntil = -Double.infinity
    }
    private(set) var stops: [Double] = []
    func stop(now: Double) {
        if finishAt != nil { stops.append(now) }
        finishAt = nil
    }
}

/// Collects log lines (the loop logs from one thread; the lock keeps Swift 6 happy).
final class LogCollector: @unchecked Sendable {
    private var lines: [String] = []
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func add(_ line: String) {
        pthread_mutex_lock(&mutex)
        lines.append(line)
        pthread_mutex_unlock(&mutex)
    }
    var all: [String] {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return lines
    }
    var logger: Logger { Logger(verbose: true, systemd: false) { [self] level, text in add("\(level): \(text)") } }
}
