import SlideLockCore
import SlideLockPlatform

/// The lock's hold on the door relay's line: requested as an output at its inactive level
/// when the lock starts and kept for its whole life, so that no other process, whatever
/// group it is in, can request and energise the line (the kernel answers EBUSY). The unlock
/// hook gets the request as descriptor 4 (`slidelock relay pulse` pulses through it) and the
/// pulse length; when a hook ends, however it ended, the line is driven inactive here, and
/// a line found energised then (the pulse killed by a signal mid-pulse) is logged.
///
/// A relay that cannot be had, or a pulse that could not end before `action.timeout`, never
/// keeps the lock from starting: it is logged at start, and the hook is told to refuse the
/// pulse (`SLIDELOCK_RELAY_REFUSED`).
public final class RelayHold {
    public let settings: RelaySettings
    let line: GPIOOutputLine?
    /// Why the line could not be had; nil when held.
    let lineProblem: String?
    private let log: Logger
    /// The line read active since the newest unlock hook started (`sample`): the door's
    /// audit says whether the relay was seen driven for the opening.
    public private(set) var seenDriven = false

    /// The variables the unlock hook finds the relay by.
    public static let descriptorVariable = "SLIDELOCK_RELAY_FD"
    public static let pulseVariable = "SLIDELOCK_RELAY_PULSE"
    public static let refusedVariable = "SLIDELOCK_RELAY_REFUSED"
    /// The consumer label `gpioinfo` shows for the held line.
    public static let consumer = "slidelock-relay"

    init(settings: RelaySettings, line: GPIOOutputLine?, lineProblem: String?, log: Logger) {
        self.settings = settings
        self.line = line
        self.lineProblem = lineProblem
        self.log = log
    }

    /// Requests `relay.line` (nil when none is set) and logs what came of it: the line held,
    /// or why not; and a pulse that cannot end before `timeout`.
    public static func open(_ relay: RelaySettings, timeout: Double, log: Logger, devices: String = "/dev")
        -> RelayHold?
    {
        guard !relay.line.isEmpty else { return nil }
        let hold: RelayHold
        do {
            let line = try GPIOOutputLine.request(
                relay.line, activeLow: relay.active == .low, key: "relay.line", consumer: consumer, devices: devices)
            log.info(
                "relay: holding \(line.description) (active-\(relay.active.rawValue), inactive now), "
                    + "pulse \(relay.pulseText) s")
            hold = RelayHold(settings: relay, line: line, lineProblem: nil, log: log)
        } catch {
            log.error("\(error); the door relay will not pulse")
            hold = RelayHold(settings: relay, line: nil, lineProblem: "\(error)", log: log)
        }
        if let problem = relay.pulseProblem(timeout: timeout) { log.error("\(problem); the pulse will be refused") }
        return hold
    }

    /// Why a pulse must be refused now, with `timeout` (`action.timeout`); nil: it may go.
    public func refusal(timeout: Double) -> String? {
        lineProblem ?? settings.pulseProblem(timeout: timeout)
    }

    /// The descriptor to hand the unlock hook, when a pulse may go.
    public func descriptor(timeout: Double) -> Int32? {
        refusal(timeout: timeout) == nil ? line?.descriptor : nil
    }

    /// The unlock hook's variables: where the line is and how long to pulse, or why not.
    public func environment(timeout: Double) -> [String: String] {
        if let refusal = refusal(timeout: timeout) { return [Self.refusedVariable: refusal] }
        return [
            Self.descriptorVariable: String(HookRunner.passedDescriptor),
            Self.pulseVariable: settings.pulseText,
        ]
    }

    /// The line as it reads now, for the door's audit ("seen driven"); a hook starting
    /// (`fresh`) forgets what the last one showed.
    public func sample(fresh: Bool = false) {
        if fresh { seenDriven = false }
        if let line, (try? line.isActive()) == true { seenDriven = true }
    }

    /// The line, as the audit names it.
    public var lineDescription: String { line?.description ?? settings.line }

    /// After the unlock hook ended (`how`: its outcome, `hook[pid]`'s words): the line
    /// inactive. A line still energised means the pulse never switched it off (killed by a
    /// signal mid-pulse): driven inactive at once and logged.
    public func hookEnded(_ who: String, how: String) {
        guard let line else { return }
        let wasActive = (try? line.isActive()) ?? true
        if wasActive { seenDriven = true }
        do {
            try line.set(false)
            if wasActive { log.warning("relay: \(who) ended (\(how)) with the line energised: driven inactive") }
        } catch {
            log.error("relay: \(who) ended (\(how)); could not drive the line inactive: \(error)")
        }
    }
}
