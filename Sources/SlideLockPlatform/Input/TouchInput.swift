import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// Touch input for the main loop: every matching evdev device, each with its own
/// `TouchPipeline`, plus hotplug through inotify on /dev/input. Non-blocking throughout:
/// the loop polls `pollDescriptors` and calls `readAvailable()` when any is readable.
public final class TouchInput {
    private struct OpenDevice {
        let device: EvdevDevice
        var pipeline: TouchPipeline
    }

    /// The options it was made with (the screen and rotation follow `remap`).
    public private(set) var options: TouchInputOptions
    private var open: [OpenDevice] = []
    /// Paths seen and not used (kind or decision), so inotify repeats do not log again.
    private var skipped: Set<String> = []
    /// Opens nodes, and tries again those udev has not given their permissions yet.
    private var opener = EvdevOpener()
    private let watcher: DirectoryWatcher
    private var nextID = 1
    private var log: [LogLine] = []
    /// Events made outside `readAvailable` (a finger already down when a device opened).
    private var queued: [LockEvent] = []
    /// The flight recorder's feed: every device opened (now and later), raw event read and
    /// device removed.
    public var onRaw: ((RawInputNotice) -> Void)? {
        didSet { for d in open { onRaw?(.adopted(path: d.device.path, description: d.device.recordingDescription)) } }
    }

    /// Scans the directory and opens every device to use; watches it for hotplug. Throws
    /// only for a named `--input` that is missing or unusable; no touch device at all is
    /// logged and waited for.
    public init(options: TouchInputOptions) throws {
        self.options = options
        // Watch before scanning, so a device plugged in between is not missed.
        watcher = try DirectoryWatcher(options.directory)
        if let failure = watcher.failure {
            log.append(LogLine(.info, "input: cannot watch \(options.directory) for hotplug: \(failure)"))
        }
        if let wanted = options.device, wanted.hasPrefix("/") {
            let device: EvdevDevice
            do { device = try EvdevDevice(path: wanted) } catch {
                throw InputError("input device \(error)")
            }
            let decision = device.capabilities.decision(acceptMouse: true, acceptTablet: true, named: true)
            guard decision.use else {
                throw InputError("input device \(wanted) \"\(device.name)\": \(decision.why)")
            }
            adopt(device)
        } else {
            for path in Self.eventPaths(options.directory) { consider(path, now: MonotonicClock.now()) }
            if let wanted = options.device, open.isEmpty {
                throw InputError("no usable input device named \"\(wanted)\" (see 'slidelock list-inputs')")
            }
        }
        if open.isEmpty { log.append(LogLine(.info, "input: no touch device yet; waiting for one to be plugged in")) }
    }

    /// Device descriptors and the inotify descriptor. Changes on hotplug: re-read every loop.
    public var pollDescriptors: [Int32] { [watcher.descriptor] + open.map(\.device.fd) }

    /// One line per open device, for start-up logging.
    public var devices: [String] { open.map { describe($0.device) } }

    /// Reads every device and hotplug event available now (never blocks).
    public func readAvailable() -> [LockEvent] {
        var events = queued
        queued.removeAll()
        events += hotplug()
        var index = 0
        while index < open.count {
            let (inputs, error) = open[index].device.read()
            for input in inputs {
                let out: TouchPipeline.Output
                switch input {
                case .event(let event):
                    onRaw?(.event(path: open[index].device.path, event: event))
                    out = open[index].pipeline.feed(event, nextID: &nextID)
                case .resynced(let slots, let current, let time):
                    onRaw?(.event(path: open[index].device.path, event: .init(time: time, type: 0, code: 3, value: 0)))
                    log.append(LogLine(.info, "input: \(open[index].device.path): events lost (SYN_DROPPED), resynced"))
                    out = open[index].pipeline.resync(slots: slots, currentSlot: current, time: time, nextID: &nextID)
                }
                events += out.events
                log += out.log.map { LogLine(.debug, $0) }
            }
            if let error {
                events += remove(at: index, why: error.errno == ENODEV ? "unplugged" : "\(error)")
            } else {
                index += 1
            }
        }
        return events
    }

    /// Releases contacts the ghost filter held back that have now lasted long enough
    /// (`seconds` on CLOCK_MONOTONIC: call it on frame ticks). Also retries devices whose
    /// permissions were not settled yet.
    public func advance(to seconds: Double) -> [LockEvent] {
        var events = queued
        queued.removeAll()
        for path in opener.retryPaths { consider(path, now: seconds) }
        for index in open.indices {
            let out = open[index].pipeline.advance(to: seconds, nextID: &nextID)
            events += out.events
            log += out.log.map { LogLine(.debug, $0) }
        }
        return events
    }

    /// When `advance` should next run without input: soon while the ghost filter holds a
    /// contact back (a resting finger sends nothing) or a node waits for its permissions.
    public func nextDeadline(now: Double) -> Double? {
        if open.contains(where: { $0.pipeline.hasPendingContacts }) { return now + 0.01 }
        return opener.nextDeadline(now: now)
    }

    /// Log lines since the last call: devices used, ignored, removed; dropped contacts.
    public func takeLog() -> [LogLine] {
        defer { log.removeAll() }
        return log
    }

    // MARK: - Devices

    /// `/dev/input/event*`, in number order.
    static func eventPaths(_ directory: String) -> [String] {
        FileIO.numberedEntries(directory, prefix: "event")
    }

    /// Opens `path` if it is new and wanted; `opener` tries again when it is not accessible
    /// yet.
    private func consider(_ path: String, now: Double) {
        guard !open.contains(where: { $0.device.path == path }), !skipped.contains(path) else { return }
        let device: EvdevDevice
        switch opener.open(path, now: now) {
        case .opened(let opened): device = opened
        case .later: return
        case .failed(let error):
            skipped.insert(path)
            log.append(LogLine(.info, "input: cannot open \(error)"))
            return
        }
        let named = options.device.map { $0 == device.name || $0 == path } ?? false
        if options.device != nil && !named {
            skipped.insert(path)
            return
        }
        let decision = device.capabilities.decision(
            acceptMouse: options.acceptMouse,
            acceptTablet: options.acceptTablet, named: named)
        guard decision.use else {
            skipped.insert(path)
            log.append(LogLine(.info, "input: ignoring \(path) \"\(device.name)\": \(decision.why)"))
            return
        }
        adopt(device)
    }

    private func adopt(_ device: EvdevDevice) {
        let caps = device.capabilities
        guard
            var pipeline = TouchPipeline(
                axes: caps.axes, screen: options.screen, rotation: options.rotation,
                settings: options.settings, relativePointer: caps.kind == .mouse)
        else {
            log.append(LogLine(.info, "input: ignoring \(device.path) \"\(device.name)\": no usable axes"))
            skipped.insert(device.path)
            return
        }
        if options.grab {
            do { try device.grab() } catch {
                log.append(LogLine(.info, "input: \(error); reading it shared"))
            }
        }
        // A finger may already be down: start from the device's state, not from nothing.
        let (slots, current) = device.snapshot()
        let out = pipeline.resync(
            slots: slots, currentSlot: current, time: MonotonicClock.now(), why: .deviceAdopted, nextID: &nextID)
        log.append(LogLine(.info, "input: using \(describe(device))"))
        log += out.log.map { LogLine(.debug, $0) }
        open.append(OpenDevice(device: device, pipeline: pipeline))
        onRaw?(.adopted(path: device.path, description: device.recordingDescription))
        queued += out.events
    }

    /// Maps touch onto a screen of another size or rotation (the touch output came back
    /// with another mode). Each device's contacts are cancelled and its pipeline starts
    /// afresh from the device's state: a finger still down is reported again as a contact
    /// that landed at the remap (`Uncertainty.remap`), so it is counted as a finger on the
    /// glass and never unlocks.
    public func remap(screen: Size, rotation: ImageRotation) {
        guard screen != options.screen || rotation != options.rotation else { return }
        options.screen = screen
        options.rotation = rotation
        let now = MonotonicClock.now()
        for index in open.indices {
            let device = open[index].device
            queued += open[index].pipeline.deviceRemoved(time: now, why: .remap).events
            guard
                var pipeline = TouchPipeline(
                    axes: device.capabilities.axes, screen: screen, rotation: rotation,
                    settings: options.settings, relativePointer: device.capabilities.kind == .mouse)
            else { continue }
            let (slots, current) = device.snapshot()
            queued +=
                pipeline.resync(slots: slots, currentSlot: current, time: now, why: .remap, nextID: &nextID).events
            open[index].pipeline = pipeline
        }
        log.append(
            LogLine(
                .info, "input: touch now maps to \(Int(screen.width))x\(Int(screen.height)), rotate \(rotation.degrees)"
            ))
    }

    private func remove(at index: Int, why: String) -> [LockEvent] {
        var entry = open.remove(at: index)
        onRaw?(.removed(path: entry.device.path))
        let out = entry.pipeline.deviceRemoved(time: MonotonicClock.now())
        log.append(LogLine(.info, "input: removed \(entry.device.path) \"\(entry.device.name)\" (\(why))"))
        log += out.log.map { LogLine(.debug, $0) }
        return out.events
    }

    private func describe(_ device: EvdevDevice) -> String {
        let caps = device.capabilities
        var traits = [caps.kind.rawValue]
        if caps.isMultitouch { traits.append("MT") }
        if device.isGrabbed { traits.append("grabbed") }
        return "\(device.path) \"\(device.name)\" (\(traits.joined(separator: ", ")))"
    }

    // MARK: - Hotplug

    /// Drains inotify: new nodes are considered, deleted ones closed (their contacts cancelled).
    private func hotplug() -> [LockEvent] {
        var events: [LockEvent] = []
        for (name, change) in watcher.changes() where name.hasPrefix("event") {
            let path = options.directory + "/" + name
            if change == .deleted {
                skipped.remove(path)
                opener.forget(path)
                if let index = open.firstIndex(where: { $0.device.path == path }) {
                    events += remove(at: index, why: "node deleted")
                }
            } else {
                if change == .created { skipped.remove(path) }
                consider(path, now: MonotonicClock.now())
            }
        }
        return events
    }
}
