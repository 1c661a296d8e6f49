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
/// Ends: a decoder or filter `cancel` becomes `.touchCancel` (which ends every contact in
/// the session: where the contact really ended is unknown, so nothing may complete), and
/// a removed device cancels whatever it had down (`deviceRemoved(time:)`).
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
    /// Decoder contact id -> session id, for contacts the session has a down of and no end.
    private var live: [Int: Int] = [:]

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
    public mutating func resync(slots: [SlotState], currentSlot: Int = 0, time: Double, nextID: inout Int) -> Output {
        let samples = decoder.resync(slots: slots, currentSlot: currentSlot, time: time)
        return pass(samples, nextID: &nextID, why: "events lost (SYN_DROPPED), it moved or lifted meanwhile")
    }

    /// Contacts the ghost filter still holds back: `advance` must run soon even without input.
    public var hasPendingContacts: Bool { filter.pendingCount > 0 }

    /// Releases contacts held back by the ghost filter that have now lasted long enough.
    public mutating func advance(to time: Double, nextID: inout Int) -> Output {
        convert(filter.advance(to: time), nextID: &nextID, why: "")
    }

    /// The device is gone: every contact it had down is cancelled. The pipeline should be
    /// discarded afterwards.
    public mutating func deviceRemoved(time: Double) -> Output {
        guard !live.isEmpty else { return Output() }
        let ids = live.keys.sorted().map { "#\($0)" }.joined(separator: ", ")
        live.removeAll()
        return Output(
            events: [.touchCancel(time: time)],
            log: ["touch: cancelled contact \(ids): device removed"])
    }

    // MARK: - Steps

    private mutating func pass(_ samples: [TouchSample], nextID: inout Int, why: String) -> Output {
        var out = Output()
        for sample in samples {
            // The filter's time rule first, so a contact proved by time is released before
            // this sample (the order the session would have seen on a ticking clock).
            out.append(convert(filter.advance(to: sample.time), nextID: &nextID, why: why))
            out.append(convert(filter.filter(transform.map(sample)), nextID: &nextID, why: why))
        }
        return out
    }

    private mutating func convert(_ filtered: GhostFilter.Output, nextID: inout Int, why: String) -> Output {
        var out = Output(log: filtered.log)
        for sample in filtered.samples {
            switch sample.kind {
            case .down:
                let id = nextID
                nextID += 1
                live[sample.id] = id
                out.events.append(.touchDown(id: id, point: sample.position, time: sample.time))
            case .move:
                guard let id = live[sample.id] else { continue }
                out.events.append(.touchMove(id: id, point: sample.position, time: sample.time))
            case .up:
                guard let id = live.removeValue(forKey: sample.id) else { continue }
                out.events.append(.touchUp(id: id, time: sample.time))
            case .cancel:
                guard live.removeValue(forKey: sample.id) != nil else { continue }
                out.events.append(.touchCancel(time: sample.time))
                // The filter logs its own (jump) cancels; the decoder's come from a gap.
                if !filtered.log.contains(where: { $0.containsText("contact #\(sample.id):") }), !why.isEmpty {
                    out.log.append("touch: cancelled contact #\(sample.id): \(why)")
                }
            }
        }
        return out
    }
}
