import SlideLockCore
import SlideLockPlatform

/// Idle dim and blank for the loop: the `IdleGate` in front of the session, and what
/// carries out its effects besides the display (backlight, idle hook). The backlight goes
/// back to the brightness found at start when this is released.
public final class IdleControl: LoopSource {
    var gate: IdleGate
    let backlight: BacklightControl?
    /// Full brightness (`display.brightness`).
    private(set) var brightness: Double
    private(set) var hook: HookRunner?
    let output: String
    let log: Logger

    public init(
        settings: Settings, backlight: BacklightControl?, hook: [String], output: String, now: Double, log: Logger
    ) {
        gate = IdleGate(settings: settings, now: now)
        self.backlight = backlight
        brightness = settings.display.power.brightness
        self.hook = hook.isEmpty ? nil : HookRunner(command: hook, timeout: settings.action.timeout)
        self.output = output
        self.log = log
        setBacklight(1)
    }

    /// New timings, brightness and idle hook after a config reload (the backlight device
    /// stays the one chosen at start). The quiet period starts again.
    func reconfigure(_ settings: Settings, now: Double) {
        gate = IdleGate(settings: settings, now: now)
        brightness = settings.display.power.brightness
        // A running idle hook finishes under the old runner, which is dropped (and reaped) here.
        let command = (try? LockScreen.idleHookCommand(settings.action)) ?? []
        hook = command.isEmpty ? nil : HookRunner(command: command, timeout: settings.action.timeout)
        setBacklight(1)
    }

    deinit {
        do { try backlight?.restore() } catch { log.warning("\(error)") }
    }

    /// True while the outputs are off: nothing is drawn, nothing animates.
    public var isBlank: Bool { gate.power == .blank }

    /// True while dim or blank: ambient animation (hue, shimmer) stands still.
    public var isAsleep: Bool { gate.power != .awake }

    /// The brightness frames are drawn with: the idle level when no backlight dims the
    /// panel, else 1.
    public var drawBrightness: Double { backlight == nil ? gate.level : 1 }

    public var pollDescriptors: [Int32] { hook?.pollDescriptors ?? [] }
    public func nextDeadline(now: Double) -> Double? {
        [gate.nextDeadline, hook?.deadline].compactMap { $0 }.min()
    }

    /// Sets the backlight to `level` of full brightness; a failure is logged, never fatal
    /// (the lock keeps working at whatever brightness the panel has).
    func setBacklight(_ level: Double) {
        guard let backlight else { return }
        do { try backlight.set(fraction: brightness * level) } catch { log.warning("\(error)") }
    }

    /// Runs the idle hook for `event` unless its previous run is still going.
    func runHook(_ event: IdleHookEvent, now: Double) {
        guard let hook else { return }
        guard !hook.isRunning else {
            return log.warning("idle hook (\(event.rawValue)) skipped: its previous run is still going")
        }
        do {
            try hook.start(
                event: event.rawValue,
                environment: [
                    "SLIDELOCK_OUTPUT": output,
                    "SLIDELOCK_TIMESTAMP": String(HookEvent.unixSeconds()),
                ], now: now)
        } catch {
            log.error("\(error)")
        }
    }

    /// Reaps the idle hook when it is done. The gate's own work comes with the session's
    /// events (`LockLoop.passThroughIdle`).
    public func service(_ turn: inout LoopTurn) {
        guard let hook else { return }
        let now = turn.now
        if let outcome = hook.service(now: now), case .failure(let reason, _) = outcome {
            log.warning("\(hook.command.joined(separator: " ")): idle hook failed: \(reason)")
        }
        for line in hook.takeLog() { log.log(line) }
    }
}
