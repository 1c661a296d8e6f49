import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// Keeps the panel's keyboards away from everything while the lock is up.
///
/// Every keyboard in `/dev/input` (at start and hot-plugged, watched through inotify) is
/// opened and grabbed (`EVIOCGRAB`): the input core then hands its events to our evdev
/// client alone (`input_pass_values()` in drivers/input/input.c delivers to `dev->grab`
/// only), so neither the VT keyboard handler (characters, Ctrl+C, Ctrl+Alt+Fn,
/// Ctrl+Alt+Del) nor the SysRq filter sees a key. Grabbed keys are read and dropped.
/// `TerminalLockout` covers what a grab cannot: keys from a keyboard someone else holds.
///
/// Use from the poll loop like `TouchInput`: poll `pollDescriptors`, call `service(now:)`
/// when one is readable (and on frame ticks: it also retries nodes udev has not given
/// their permissions yet), log `takeLog()`. `close()` (also deinit) ungrabs and restores.
public final class KeyboardLockout {
    private var keyboards: [EvdevDevice] = []
    /// Paths seen and not taken (not a keyboard, or failed for good).
    private var skipped: Set<String> = []
    /// Opens nodes, and tries again those udev has not given their permissions yet.
    private var opener = EvdevOpener()
    /// Per keyboard: key presses dropped since the last log line, and when that was.
    private var pressed: [String: (count: Int, loggedAt: Double)] = [:]
    /// Nil when inotify itself failed (hot-plugged keyboards are then not taken).
    private var watcher: DirectoryWatcher?
    private var terminal: TerminalLockout?
    private let directory: String
    private let leaving: (InputCapabilities) -> Bool
    private var log: [LogLine] = []

    /// Locks the VT (`lockTerminal`) and grabs every keyboard in `directory`. Never throws:
    /// a lock screen without a keyboard, or without a VT, still runs; what failed is logged.
    ///
    /// `leaving` names the devices that are `TouchInput`'s to grab (a grab is exclusive: had
    /// we taken a touchscreen, touch would see nothing). By default every pointing device;
    /// pass `TouchInput`'s own decision (`{ $0.decision(acceptMouse:acceptTablet:).use }`) so
    /// a keyboard with a built-in touchpad or mouse, which touch does not use, is taken too.
    public init(
        directory: String = "/dev/input", lockTerminal: Bool = true,
        leaving: @escaping (InputCapabilities) -> Bool = { $0.kind != .other }
    ) {
        self.directory = directory
        self.leaving = leaving
        if lockTerminal {
            let terminal = TerminalLockout()
            log += terminal.takeLog()
            self.terminal = terminal
        }
        // Watch before scanning, so a keyboard plugged in between is not missed.
        do {
            let watcher = try DirectoryWatcher(directory)
            if let failure = watcher.failure { log.append(Self.cannotWatch(directory, failure)) }
            self.watcher = watcher
        } catch {
            log.append(Self.cannotWatch(directory, SystemError(operation: "inotify", errno: error.errno)))
        }
        let now = MonotonicClock.now()
        for path in FileIO.numberedEntries(directory, prefix: "event") { consider(path, now: now) }
    }

    deinit { close() }

    /// The inotify descriptor and every grabbed keyboard. Changes on hotplug: re-read each loop.
    public var pollDescriptors: [Int32] { (watcher.map { [$0.descriptor] } ?? []) + keyboards.map(\.fd) }

    /// The grabbed keyboards' paths.
    public var grabbed: [String] { keyboards.map(\.path) }

    /// When `service` should run without input: while a node waits for its permissions.
    public func nextDeadline(now: Double) -> Double? { opener.nextDeadline(now: now) }

    /// Takes new keyboards, drops removed ones, and reads and discards every grabbed key.
    /// Never blocks.
    public func service(now: Double) {
        drainHotplug(now: now)
        for path in opener.retryPaths { consider(path, now: now) }
        var index = 0
        while index < keyboards.count {
            let keyboard = keyboards[index]
            let (inputs, error) = keyboard.read()
            let downs = inputs.reduce(0) { count, input in
                if case .event(let event) = input, event.type == Evdev.EV_KEY, event.value == 1 { return count + 1 }
                return count
            }
            if downs > 0 { note(downs, on: keyboard, now: now) }
            if let error {
                keyboards.remove(at: index)
                pressed[keyboard.path] = nil
                log.append(
                    LogLine(
                        .info,
                        "keyboard: removed \(keyboard.path) \"\(keyboard.name)\" (\(error.errno == ENODEV ? "unplugged" : "\(error)"))"
                    ))
            } else {
                index += 1
            }
        }
    }

    /// Log lines since the last call.
    public func takeLog() -> [LogLine] {
        defer { log.removeAll() }
        return log
    }

    /// Ungrabs every keyboard (closing ends the grab) and restores the VT; harmless twice.
    public func close() {
        keyboards.removeAll()
        terminal?.restore()
        terminal = nil
        watcher = nil
    }

    // MARK: - Devices

    /// Dropped keys are logged at most every 10 s per keyboard: enough to see an attack in
    /// the journal, not a line per key of a jammed one.
    private func note(_ downs: Int, on keyboard: EvdevDevice, now: Double) {
        var entry = pressed[keyboard.path] ?? (0, -.infinity)
        entry.count += downs
        if now - entry.loggedAt >= 10 {
            log.append(
                LogLine(
                    .info,
                    "keyboard: \(entry.count) key press(es) on \(keyboard.path) \"\(keyboard.name)\" ignored (locked)"))
            entry = (0, now)
        }
        pressed[keyboard.path] = entry
    }

    private func consider(_ path: String, now: Double) {
        guard !keyboards.contains(where: { $0.path == path }), !skipped.contains(path) else { return }
        let device: EvdevDevice
        switch opener.open(path, now: now) {
        case .opened(let opened): device = opened
        case .later: return
        case .failed(let error):
            skipped.insert(path)
            log.append(LogLine(.info, "keyboard: cannot open \(error); its keys are not locked out"))
            return
        }
        guard device.capabilities.isKeyboard, !leaving(device.capabilities) else {
            skipped.insert(path)
            return
        }
        do { try device.grab() } catch {
            // EBUSY: another process holds it; its keys reach that process, not the VT.
            skipped.insert(path)
            log.append(LogLine(.info, "keyboard: cannot grab \(path) \"\(device.name)\": \(error)"))
            return
        }
        // Keys already down (Ctrl held while we start) are released inside the grab.
        _ = device.read()
        keyboards.append(device)
        log.append(LogLine(.info, "keyboard: locked out \(path) \"\(device.name)\""))
    }

    private func drainHotplug(now: Double) {
        for (name, change) in watcher?.changes() ?? [] where name.hasPrefix("event") {
            let path = directory + "/" + name
            if change == .deleted {
                skipped.remove(path)
                opener.forget(path)
                if let index = keyboards.firstIndex(where: { $0.path == path }) {
                    let gone = keyboards.remove(at: index)
                    pressed[path] = nil
                    log.append(LogLine(.info, "keyboard: removed \(path) \"\(gone.name)\" (node deleted)"))
                }
            } else {
                if change == .created { skipped.remove(path) }
                consider(path, now: now)
            }
        }
    }

    private static func cannotWatch(_ directory: String, _ error: SystemError) -> LogLine {
        LogLine(.info, "keyboard: cannot watch \(directory) for hot-plugged keyboards: \(error)")
    }
}
