@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform

/// Where touches come from (the evdev edge, or nothing).
protocol TouchSource: AnyObject {
    var pollDescriptors: [Int32] { get }
    func readAvailable() -> [LockEvent]
    func advance(to seconds: Double) -> [LockEvent]
    func takeLog() -> [String]
    /// When `advance` must next be called even without input (ghost-filter proofs), or nil.
    func nextDeadline(now: Double) -> Double?
}

/// What a completed slide starts in hook mode (the hook runner), reporting back its outcome.
protocol UnlockAction: AnyObject {
    var pollDescriptors: [Int32] { get }
    var deadline: Double? { get }
    /// Starts the action; false (and a log line) when it could not start.
    func start(slideDuration: Double, now: Double) -> Bool
    /// Called when a descriptor is readable or the deadline passed; the outcome once, when done.
    func service(now: Double) -> Bool?
    func takeLog() -> [String]
    var isRunning: Bool { get }
    /// Runs the slide-start or cancel notification hook, if one is configured.
    func notify(_ effect: LockEffect, now: Double)
}

/// The running lock screen: a single-threaded poll loop over the DRM fd (page-flip events),
/// signals, touch devices and the hook. Frames are drawn only when something changed and
/// no flip is pending, so with nothing animating the process sleeps in poll.
final class LockScreen {
    private let display: PanelDisplay
    private var views: [PanelView]
    private var session: LockSession
    private let signals: SignalSource
    private let input: TouchSource?
    private var action: UnlockAction?
    private let log: Logger
    private let notifier: SystemdNotifier?
    private let reload: () throws -> Settings
    private let makeAction: (Settings) throws -> UnlockAction?
    private var exitAfterFrame = false
    /// Counts what time alone does not explain (input, hook results, signals, state
    /// changes): a frame drawn ahead is stale once this moved on.
    private var sessionVersion = 0
    private var readyReported = false
    /// Called once the first frame is on screen (systemd READY=1).
    var onFirstFrame: () -> Void = {}
    /// Called with each state change (systemd STATUS=).
    var onState: (LockState) -> Void = { _ in }

    /// The output touch maps onto; the session's layout is that output's.
    private let touchIndex: Int

    init(display: PanelDisplay, rotations: [ImageRotation], touchIndex: Int, settings: Settings, signals: SignalSource,
         input: TouchSource?, log: Logger, notifier: SystemdNotifier?,
         reload: @escaping () throws -> Settings, makeAction: @escaping (Settings) throws -> UnlockAction?) throws {
        self.display = display
        views = zip(display.panels, rotations).map { PanelView(output: $0, rotation: $1, settings: settings) }
        self.touchIndex = touchIndex
        session = LockSession(settings: settings, layout: views[touchIndex].builder.layout)
        self.signals = signals
        self.input = input
        self.log = log
        self.notifier = notifier
        self.reload = reload
        self.makeAction = makeAction
        action = try makeAction(settings)
    }

    /// Runs until unlocked (exit mode: status 0) or a terminating signal (128 + signal).
    func run() throws -> Int32 {
        let start = MonotonicClock.now()
        for view in views { try view.prepare(session.visual(at: start)) }
        var lastState = session.state
        onState(lastState)
        while true {
            try drawWhereNeeded(now: MonotonicClock.now())
            // The first frame is a modeset (synchronous); later ones are flips. Either way it
            // is on screen once nothing is in flight.
            if !readyReported && !display.isFlipPending {
                readyReported = true
                onFirstFrame()
                try? notifier?.ready(status: "locked")
            }
            if exitAfterFrame && !display.isFlipPending { return ExitStatus.ok }
            // A display without completion events (fbdev) polls -1, which poll ignores.
            var fds = ([display.eventDescriptor ?? -1, signals.fd] + (input?.pollDescriptors ?? [])
                + (action?.pollDescriptors ?? [])).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout = pollTimeout(now: MonotonicClock.now())
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                throw SystemError(operation: "poll", errno: errno)
            }
            let now = MonotonicClock.now()
            // A hung loop stops these, and systemd restarts us (WatchdogSec=).
            if let notifier, let due = notifier.nextWatchdogDeadline(now: now), now >= due { try? notifier.watchdog(now: now) }
            if fds[0].revents != 0 {
                try display.handleEvents()
            }
            if fds[1].revents != 0, let status = handleSignals(now: now) { return status }
            var events: [LockEvent] = []
            if let input {
                events += input.readAvailable()
                events += input.advance(to: now)
                // Device arrivals and departures matter to a person; ghost-filter details are debug.
                for line in input.takeLog() { line.hasPrefix("input: ") ? log.info(line) : log.debug(line) }
            }
            if let action, let success = action.service(now: now) {
                events.append(.actionFinished(success: success, time: now))
            }
            for line in action?.takeLog() ?? [] { log.info(line) }
            if !events.isEmpty { sessionVersion += 1 }
            events.append(.tick(time: now))
            for event in events { apply(session.handle(event), now: now) }
            for entry in session.takeLog() { log.info("session: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
            if session.state != lastState {
                sessionVersion += 1
                lastState = session.state
                onState(lastState)
                try? notifier?.status(lastState.rawValue)
            }
        }
    }

    private func apply(_ effects: [LockEffect], now: Double) {
        for effect in effects {
            switch effect {
            case .unlock(let duration):
                log.info("unlocked by a \(Int(duration * 1000)) ms slide")
                if session.settings.action.mode == .hook {
                    if action?.start(slideDuration: duration, now: now) != true {
                        apply(session.handle(.actionFinished(success: false, time: now)), now: now)
                    }
                }
            case .exit: exitAfterFrame = true
            case .slideStarted, .slideCancelled: action?.notify(effect, now: now)
            }
        }
    }

    /// Presents on every output that is free to flip. A frame drawn ahead (while the last
    /// flip was pending) is used if nothing but time changed since; else it is drawn now.
    /// Then, while animating, the frame after is drawn ahead, so after a vblank only the
    /// copy and the flip stand between the event and the deadline of the next one.
    private func drawWhereNeeded(now: Double) throws {
        // Without completion events (fbdev) nothing paces us: wait for the next refresh.
        let paced = display.eventDescriptor != nil
        for view in views where !view.output.isFlipPending && (paced || view.isDue(now: now)) {
            if view.preparedVersion != sessionVersion {
                try view.render(session.visual(at: view.nextFrameTime(now: now)))
            }
            let presented = try view.present()
            if presented && paced && view.output.isFlipPending && session.isAnimating {
                // This flip lands on the next vblank; the frame drawn now on the one after.
                try view.render(session.visual(at: view.nextFrameTime(now: now) + view.frameInterval))
                view.preparedVersion = sessionVersion
            }
        }
    }

    /// Milliseconds poll may sleep: forever when nothing animates and nothing is due.
    private func pollTimeout(now: Double) -> Int32 {
        var deadline: Double? = nil
        func consider(_ t: Double?) { if let t { deadline = min(deadline ?? t, t) } }
        // An animation whose last frame changed nothing has no flip to wake us: tick at the refresh rate.
        if session.isAnimating && !display.isFlipPending { consider(now + views[touchIndex].frameInterval) }
        consider(session.nextDeadline)
        consider(input?.nextDeadline(now: now))
        consider(notifier?.nextWatchdogDeadline(now: now))
        consider(action?.deadline)
        guard let deadline else { return -1 }
        return Int32(max(0, min(60_000, ((deadline - now) * 1000).rounded(.up))))
    }

    /// SIGTERM/SIGINT end the run (128 + signal, never 0: a boot flow waiting for an
    /// unlock must not mistake a stop for one); SIGHUP reloads the config; SIGUSR1 relocks.
    private func handleSignals(now: Double) -> Int32? {
        for signal in signals.read() {
            switch signal {
            case SIGTERM, SIGINT:
                log.info("stopping on signal \(signal)")
                return 128 + signal
            case SIGHUP:
                do {
                    // Everything is built and checked aside, so a bad config changes nothing.
                    let settings = try reload()
                    let fresh = views.map { PanelView(output: $0.output, rotation: $0.rotation, settings: settings) }
                    let freshSession = LockSession(settings: settings, layout: fresh[touchIndex].builder.layout)
                    for view in fresh { try view.prepare(freshSession.visual(at: now)) }
                    // A running hook finishes under the old settings; the new one is used next time.
                    if action?.isRunning != true { action = try makeAction(settings) }
                    views = fresh
                    session = freshSession
                    sessionVersion += 1
                    log.info("configuration reloaded")
                } catch {
                    log.error("configuration not reloaded, keeping the old one: \(error)")
                }
            case SIGUSR1:
                apply(session.handle(.reset(time: now)), now: now)
                sessionVersion += 1
                log.info("reset to locked (SIGUSR1)")
            default: break
            }
        }
        return nil
    }
}
