import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// The running lock screen: one thread waiting, through an `EventWaiter`, on the display's
/// completion events and on the entries of its list (`LoopSource`: touch, signals, hooks,
/// control, ...). Frames are drawn only when something changed and the output is free, so
/// with nothing animating the process sleeps without a timeout. Every edge is a protocol:
/// tests drive the same loop with fake displays (paced, unpaced, hung), fake entries and a
/// virtual clock.
public final class LockLoop {
    let display: PanelDisplay
    var views: [PanelView]
    var session: LockSession
    /// Everything the loop waits on besides the display, serviced in this order.
    let sources: [LoopSource]
    /// Idle dim and blank, if an entry: also the panel's power, which the frames obey.
    let idle: IdleControl?
    let log: Logger
    let notifier: ServiceNotifier?
    let waiter: EventWaiter
    let reload: () throws -> Settings
    /// Writes one line per frame that reached the screen (`--trace`), if set.
    let trace: FrameTrace?
    /// The label's fonts, opened once for every output (a reload to other fonts opens those).
    let fonts: LabelFonts?
    /// The output touch maps onto; the session's layout is that output's. It moves when
    /// outputs come and go (`followHotplug`).
    var touchIndex: Int
    /// The touch output's connector, which takes touch again when it comes back.
    let touchName: String
    /// Counts what time alone does not explain (input, hook results, signals, state
    /// changes): a frame drawn ahead is stale once this moved on.
    var sessionVersion = 0
    var readyReported = false
    /// Exit mode: the moment the last frame shows (later frames would only move the hue),
    /// and the session version every output must have shown before the process leaves.
    var exitFrame: (time: Double, version: Int)?
    /// The newest input event (kernel timestamp) the session has seen, for the trace.
    var newestInput: Double?
    /// Cleared when an output could not be brought back after a hung flip: the watchdog
    /// then starves and systemd restarts us.
    var healthy = true
    /// Set while another program holds DRM master (nothing is drawn, no touch counts).
    var away: MasterAway?
    /// Set when the lock started on built-in defaults (`OutOfService`).
    public let outOfService: OutOfService?
    /// A good config came while out of service: the run ends with `ExitStatus.restart`.
    var restartRequested = false
    /// Who asked for the unlock being applied (`ctl unlock`'s peer), for its log line.
    var requester: String?
    /// Called once the first frame is on screen (after systemd READY=1).
    public var onFirstFrame: () -> Void = {}
    /// Called with each state change.
    public var onState: (LockState) -> Void = { _ in }

    public init(
        display: PanelDisplay, rotations: [ImageRotation], touchIndex: Int, settings: Settings,
        sources: [LoopSource], log: Logger, notifier: ServiceNotifier?, waiter: EventWaiter,
        reload: @escaping () throws -> Settings, fonts: LabelFonts? = nil, trace: FrameTrace? = nil,
        outOfService: OutOfService? = nil
    ) throws {
        self.display = display
        self.outOfService = outOfService
        self.fonts = fonts
        views = zip(display.panels, rotations).map {
            PanelView(output: $0, rotation: $1, settings: settings, fonts: fonts)
        }
        self.touchIndex = touchIndex
        touchName = display.panels[touchIndex].name
        // A slider too short to slide is refused rather than drawn (one line, the key named).
        if let error = Layout.travelError(settings, screen: views[touchIndex].logicalSize) {
            throw RunError(description: error)
        }
        session = LockSession(settings: settings, layout: views[touchIndex].builder.layout)
        self.sources = sources
        idle = sources.lazy.compactMap { $0 as? IdleControl }.first
        self.log = log
        self.notifier = notifier
        self.waiter = waiter
        self.reload = reload
        self.trace = trace
    }

    /// Runs until unlocked in exit mode (0, once the unlock frame is on every screen) or a
    /// terminating signal (128 + signal). Errors from the display end the run. Whichever
    /// way it ends, the entries stop what still runs first (a hook: SIGTERM, its grace,
    /// SIGKILL), so a relay pulse is never cut off without its switch-off.
    public func run() throws -> Int32 {
        do {
            let status = try runLoop()
            tell(.stopping, now: waiter.now())
            return status
        } catch {
            log.error("leaving: \(error)")
            tell(.stopping, now: waiter.now())
            throw error
        }
    }

    func runLoop() throws -> Int32 {
        let start = waiter.now()
        // No touch counts before the lock is on screen (`reportReadyOnce` shows it).
        if let outOfService { session.putOutOfService(outOfService, time: start) }
        apply(session.handle(.hidden(.startup, time: start)), now: start)
        tell(.started, now: start)
        for view in views { try view.prepare(session.visual(at: start)) }
        logFontWarnings()
        var lastState = session.state
        onState(lastState)
        while true {
            try drawWhereNeeded(now: waiter.now())
            reportReadyOnce()
            if let exitFrame, exitFrameShown(exitFrame), !sources.contains(where: { $0.holdsExit(now: waiter.now()) }) {
                return ExitStatus.ok
            }
            let descriptors = [display.eventDescriptor ?? -1] + sources.flatMap(\.pollDescriptors)
            let ready = try waiter.wait(for: descriptors, until: nextDeadline(now: waiter.now()))
            let now = waiter.now()
            feedWatchdog(now: now)
            if let fd = display.eventDescriptor, ready.contains(fd) { try display.handleEvents() }
            var turn = LoopTurn(ready: ready, now: now, lock: self)
            for source in sources where source.stage == .outputs { source.service(&turn) }
            writeTrace()
            try recoverHungFlips(now: now)
            retakeMasterIfDue(now: now)
            for source in sources where source.stage == .input {
                source.service(&turn)
                if let status = turn.exitStatus { return status }
            }
            if restartRequested { return ExitStatus.restart }
            checkMasterOnTouch(turn.events, now: now)
            if let newest = turn.newestInput { newestInput = max(newestInput ?? newest, newest) }
            var events = turn.events
            if !events.isEmpty { sessionVersion += 1 }
            events.append(.tick(time: now))
            for event in passThroughIdle(events, now: now) { apply(session.handle(event), now: now) }
            let entries = session.takeLog()
            tell(.batch(log: entries, decisions: session.takeDecisions()), now: now)
            for entry in entries { log.info("session: \(entry.name)\(entry.detail.map { " " + $0 } ?? "")") }
            if session.state != lastState {
                sessionVersion += 1
                lastState = session.state
                onState(lastState)
                tell(.state(lastState), now: now)
                try? notifier?.status(statusLine(lastState))
            }
        }
    }

    /// Tells every entry, in list order.
    func tell(_ moment: LoopMoment, now: Double) {
        for source in sources { source.observe(moment, lock: self, now: now) }
    }

    func apply(_ effects: [LockEffect], now: Double) {
        for effect in effects {
            if case .unlock(let source, let duration) = effect {
                log.info(unlockLine(source: source, slideDuration: duration))
            }
            tell(.effect(effect), now: now)
            if case .exit = effect {
                // From here on every frame shows this moment: the hue must not keep the
                // outputs flipping (and the process alive) after the unlock.
                sessionVersion += 1
                exitFrame = (now, sessionVersion)
            }
        }
    }

    /// The log line of an unlock effect, named after the source the authority granted.
    func unlockLine(source: UnlockSource, slideDuration: Double) -> String {
        let milliseconds = Int((slideDuration * 1000).rounded())
        switch source {
        case .slide: return "unlocked by a \(milliseconds) ms slide"
        case .tap: return "unlocked by a tap on Open (\(milliseconds) ms)"
        case .button: return "unlocked by the button"
        case .ctl: return "unlocked by ctl (\(requester ?? "unknown peer"))"
        }
    }

    /// A family not installed, a character no font has: said once, whichever output found it.
    func logFontWarnings() {
        var said = Set<String>()
        for view in views {
            for warning in view.renderer.takeWarnings() where said.insert(warning).inserted {
                log.warning("font: \(warning)")
            }
        }
    }

    /// The first frame is a modeset (synchronous); later ones are flips. Either way it is
    /// on screen once nothing is in flight.
    func reportReadyOnce() {
        guard !readyReported, !display.isFlipPending, !views.isEmpty, views.allSatisfy({ $0.shownVersion != nil })
        else { return }
        readyReported = true
        apply(session.handle(.shown(.startup, time: waiter.now())), now: waiter.now())
        try? notifier?.ready(status: statusLine(session.state))
        onFirstFrame()
    }

    /// True once every output has shown the exit frame and no flip is in flight.
    func exitFrameShown(_ exit: (time: Double, version: Int)) -> Bool {
        // Without DRM master nothing more can be shown: the unlock happened, leave.
        !display.isFlipPending
            && (away != nil || views.allSatisfy { $0.isLost || ($0.shownVersion ?? -1) >= exit.version })
    }

    /// A hung loop stops these, and systemd restarts us (WatchdogSec=); so does an output
    /// that could not be brought back.
    func feedWatchdog(now: Double) {
        guard healthy, let notifier, let due = notifier.nextWatchdogDeadline(now: now), now >= due else { return }
        try? notifier.watchdog(now: now)
        checkMaster(now: now)
    }

    /// When the wait must end without any event: the next frame while animating (when no
    /// flip will wake us), the session's timers, the watchdog, a flip that may hang, master
    /// to ask for again, and each entry's. nil: sleep until something happens.
    func nextDeadline(now: Double) -> Double? {
        var deadline: Double? = nil
        func consider(_ t: Double?) { if let t { deadline = min(deadline ?? t, t) } }
        let animating = session.isAnimating && exitFrame == nil && idle?.isAsleep != true && away == nil
        if animating && !display.isFlipPending, views.indices.contains(touchIndex) {
            consider(now + views[touchIndex].frameInterval)
        }
        // A finger drags: each free output's frame is due at its latch time.
        if animating && latchesLate {
            // One already passed drew nothing (no pixel changed): the next vblank's, not a spin.
            for view in views where !view.isLost && !view.output.isFlipPending && isPaced(view) {
                guard let latch = view.latchTime() else { continue }
                consider(
                    latch > now
                        ? latch
                        : latch + ((now - latch) / view.frameInterval).rounded(.down) * view.frameInterval
                            + view.frameInterval)
            }
        }
        // Without vblank events (fbdev, a display drawn in place) a change waits for the
        // output's next frame slot.
        for view in views where !isPaced(view) && view.shownVersion != sessionVersion {
            consider(view.dueTime(now: now))
        }
        // After the exit only the last frame's flip matters (the session's timers are spent).
        if exitFrame == nil { consider(session.nextDeadline) }
        if healthy { consider(notifier?.nextWatchdogDeadline(now: now)) }
        for view in views { consider(view.hangDeadline) }
        consider(away?.nextTry)
        for source in sources { consider(source.nextDeadline(now: now)) }
        return deadline
    }
}
