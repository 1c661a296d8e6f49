/// The whole touch path of one input device, pure: raw evdev events in, `LockEvent`s and
/// debug log lines out.
///
/// `TouchDecoder` (events -> normalised contact samples) -> `TouchTransform` (-> logical
/// screen pixels: panel size, rotation, calibration) -> `GhostFilter` (drops contacts that
/// have not proved themselves) -> `LockEvent`s. The platform owns one per open device and
/// feeds it every event libevdev returns; the main loop calls `advance(to:)` on frame ticks
/// so a finger held still still gets through the filter's time rule.
///
/// Contact ids: the decoder numbers contacts per device from 1, but several devices may
/// be open at once, so the session gets ids from a counter the caller shares between all
/// pipelines (`nextID`): unique per process, small enough to read in logs.
///
/// Log lines name contacts by the decoder's per-device number (`#N`), as the filter does.
///
/// Every contact the decoder sees reaches the session, also one the ghost filter keeps back
/// (`touchWithheld`, then `touchDown` when it proves itself): the unlock authority's
/// one-finger rule must count every finger on the glass, and a gate may only withhold.
///
/// Ends: a contact the decoder cancels (events lost) becomes `.touchCancel(id:)`; one the
/// filter cancels for a jump stays down, withheld, after an `.uncertain(.cancel)`. A resync
/// or an adopted device starts with `.uncertain` (fingers re-reported as new contacts land
/// at that moment, so they cannot unlock), and a removed device cancels whatever it had
/// down (`deviceRemoved(time:)`).
public struct TouchPipeline: Sendable {
    /// What one call produced.
    public struct Output: Equatable, Sendable {
        /// For the session, in order.
        public var events: [LockEvent] = []
        /// Debug lines: contacts the filter dropped and why, resyncs, removals.
        public var log: [String] = []
        public init(events: [LockEvent] = [], log: [String] = []) {
            self.events = events
            self.log = log
        }

        mutating func append(_ other: Output) {
            events += other.events
            log += other.log
        }
    }

    /// The decoder (its `mode` tells the protocol; `needsResync` after a gap).
    public private(set) var decoder: TouchDecoder
    /// Normalised device coordinates -> logical pixels.
    public let transform: TouchTransform
    private var filter: GhostFilter
    /// Decoder contact id -> session id, for contacts the session has a down (or a
    /// withheld report) of and no end.
    private var live: [Int: Int] = [:]
    /// Decoder ids of contacts reported withheld and not released.
    private var withheld: Set<Int> = []

    /// A pipeline for a device with these absolute axes (`libevdev_get_abs_info`, evemu
    /// `A:` lines). `relativePointer`: the device is a mouse and mice are accepted; its
    /// pointer starts at the screen centre and does not turn with the panel. Nil when the
    /// device cannot produce contacts (see `TouchDecoder.init(axes:pointerScreen:)`).
    public init?(
        axes: [UInt16: AxisRange], screen: Size, rotation: ImageRotation = .upright,
        settings: TouchSettings = TouchSettings(), relativePointer: Bool = false
    ) {
        let absolute = relativePointer ? [:] : axes
        guard let decoder = TouchDecoder(axes: absolute, pointerScreen: relativePointer ? screen : nil) else {
            return nil
        }
        self.decoder = decoder
        if case .relativePointer = decoder.mode {
            transform = .pointer(screen: screen)
        } else {
            transform = TouchTransform(screen: screen, rotation: rotation, calibration: settings.calibration)
        }
        filter = GhostFilter(settings: settings, screen: screen)
    }

    /// True after a `SYN_DROPPED` gap has ended, until `resync` is called.
    public var needsResync: Bool { decoder.needsResync }

    /// Contacts the session currently has a down of (for tests and diagnostics).
    public var liveContacts: Int { live.count }

    /// Takes one raw event; returns what the session should see now.
    public mutating func feed(_ event: RawInputEvent, nextID: inout Int) -> Output {
        let samples = decoder.feed(event)
        return pass(samples, nextID: &nextID, why: "events lost (SYN_DROPPED) and not resynced")
    }

    /// After a `SYN_DROPPED` (or when a device is opened with fingers possibly down): the
    /// device's state as libevdev now knows it. See `TouchDecoder.resync`.
    /// `why`: `.resync` after a gap, `.deviceAdopted` when the device was just opened,
    /// `.remap` when touch maps onto a new screen: the session gets it first.
    public mutating func resync(
        slots: [SlotState], currentSlot: Int = 0, time: Double, why: Uncertainty = .resync, nextID: inout Int
    ) -> Output {
        let samples = decoder.resync(slots: slots, currentSlot: currentSlot, time: time)
        var out = Output(events: [.uncertain(why, time: time)])
        out.append(pass(samples, nextID: &nextID, why: "events lost (SYN_DROPPED), it moved or lifted meanwhile"))
        return out
    }

    /// Contacts the ghost filter still holds back: `advance` must run soon even without input.
    public var hasPendingContacts: Bool { filter.pendingCount > 0 }

    /// Releases contacts held back by the ghost filter that have now lasted long enough.
    public mutating func advance(to time: Double, nextID: inout Int) -> Output {
        convert(filter.advance(to: time), cause: nil, nextID: &nextID, why: "")
    }

    /// The device is gone: every contact it had down is cancelled. The pipeline should be
    /// discarded afterwards.
    public mutating func deviceRemoved(time: Double, why: Uncertainty = .deviceRemoved) -> Output {
        var out = Output(events: [.uncertain(why, time: time)])
        guard !live.isEmpty else { return out }
        let ids = live.keys.sorted()
        out.events += ids.map { .touchCancel(id: live[$0]!, time: time) }
        out.log.append("touch: cancelled contact \(ids.map { "#\($0)" }.joined(separator: ", ")): device removed")
        live.removeAll()
        withheld.removeAll()
        return out
    }

    // MARK: - Steps

    private mutating func pass(_ samples: [TouchSample], nextID: inout Int, why: String) -> Output {
        var out = Output()
        for sample in samples {
            // The filter's time rule first, so a contact proved by time is released before
            // this sample (the order the session would have seen on a ticking clock).
            out.append(convert(filter.advance(to: sample.time), cause: nil, nextID: &nextID, why: why))
            let mapped = transform.map(sample)
            out.append(convert(filter.filter(mapped), cause: sample, nextID: &nextID, why: why))
            // What the filter keeps back still reaches the session as a contact on the glass,
            // and the authority sees where it is.
            switch sample.kind {
            case .down where live[sample.id] == nil:
                let id = nextID
                nextID += 1
                live[sample.id] = id
                withheld.insert(sample.id)
                out.events += [
                    .touchWithheld(id: id, time: sample.time),
                    .touchHeld(id: id, point: mapped.position, time: sample.time),
                ]
            case .move where withheld.contains(sample.id):
                if let id = live[sample.id] {
                    out.events.append(.touchHeld(id: id, point: mapped.position, time: sample.time))
                }
            case .up, .cancel:
                guard let id = live.removeValue(forKey: sample.id) else { break }
                withheld.remove(sample.id)
                out.events.append(
                    sample.kind == .up ? .touchUp(id: id, time: sample.time) : .touchCancel(id: id, time: sample.time))
            default: break
            }
        }
        return out
    }

    /// The filter's output as session events. `cause`: the decoder sample it came from (nil
    /// for releases on time alone).
    private mutating func convert(
        _ filtered: GhostFilter.Output, cause: TouchSample?, nextID: inout Int, why: String
    ) -> Output {
        var out = Output(log: filtered.log)
        for sample in filtered.samples {
            switch sample.kind {
            case .down:
                if let id = live[sample.id], withheld.remove(sample.id) != nil {
                    // Released by the filter: its landing, where and when it was.
                    out.events.append(.touchDown(id: id, point: sample.position, time: sample.time))
                    continue
                }
                let id = nextID
                nextID += 1
                live[sample.id] = id
                out.events.append(.touchDown(id: id, point: sample.position, time: sample.time))
            case .move:
                guard let id = live[sample.id], !withheld.contains(sample.id) else { continue }
                out.events.append(.touchMove(id: id, point: sample.position, time: sample.time))
            case .up:
                guard let id = live.removeValue(forKey: sample.id) else { continue }
                out.events.append(.touchUp(id: id, time: sample.time))
            case .cancel:
                guard let id = live[sample.id] else { continue }
                if cause?.kind == .move {
                    // A jump: the finger is still there, kept from the thumb until it lifts.
                    withheld.insert(sample.id)
                    out.events += [.uncertain(.cancel, time: sample.time), .touchWithheld(id: id, time: sample.time)]
                    continue
                }
                live[sample.id] = nil
                withheld.remove(sample.id)
                out.events.append(.touchCancel(id: id, time: sample.time))
                // The filter logs its own (jump) cancels; the decoder's come from a gap.
                if !filtered.log.contains(where: { $0.containsText("contact #\(sample.id):") }), !why.isEmpty {
                    out.log.append("touch: cancelled contact #\(sample.id): \(why)")
                }
            }
        }
        return out
    }
}
